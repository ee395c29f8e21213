import Comparison

/// A value a redaction matcher found that does not have the matcher's shape.
public struct MalformedRedactedValue: Sendable, Codable, Hashable {
    /// The member path (a single file's name).
    public var member: String
    /// Where in the member: the key path, or `line N`.
    public var location: String
    /// The matcher, as reports name it.
    public var matcher: String
    /// The shape the value should have had.
    public var shape: Redaction.Shape
    /// The value found.
    public var value: String
}

/// How many values one matcher replaced in one document.
public struct RedactionTally: Sendable, Codable, Hashable {
    /// The matcher, as reports name it.
    public var matcher: String
    /// How many values it replaced (in the output with the most).
    public var count: Int

    public init(matcher: String, count: Int) {
        self.matcher = matcher
        self.count = count
    }
}

/// Applies redaction matchers to a file or package on disk, in place: only ever to scratch copies.
struct Redactor: Sendable {
    let redactions: [Redaction]

    /// What one pass found.
    struct Outcome {
        /// Per matcher, in the manifest's order: how many values were replaced.
        var counts: [Int]
        var malformed: [MalformedRedactedValue] = []
    }

    /// Rewrites every file below `url` (or `url` itself) with the found values replaced by placeholders.
    func redact(itemAt url: URL) throws -> Outcome {
        var outcome = Outcome(counts: Array(repeating: 0, count: redactions.count))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return outcome }
        guard isFolder.boolValue else {
            try redact(fileAt: url, member: url.lastPathComponent, into: &outcome)
            return outcome
        }
        let members = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? [])
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for member in members {
            let memberURL = url.appendingPathComponent(member)
            guard FileManager.default.fileExists(atPath: memberURL.path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: memberURL.path)) == nil else { continue }
            try redact(fileAt: memberURL, member: member, into: &outcome)
        }
        return outcome
    }

    private func redact(fileAt url: URL, member: String, into outcome: inout Outcome) throws {
        let applicable = redactions.indices.filter { redactions[$0].member?.matches(member) ?? true }
        guard !applicable.isEmpty else { return }
        let original = try Data(contentsOf: url)
        var data = original
        let jsonMatchers = applicable.filter { redactions[$0].keyPath != nil }
        if !jsonMatchers.isEmpty, var value = try? JSONParser().parse(data) {
            for index in jsonMatchers {
                guard let keyPath = redactions[index].keyPath, let parsed = try? JSONKeyPath(keyPath) else { continue }
                value = replace(
                    in: value, steps: parsed.steps[...], path: "$", matcher: index, member: member, outcome: &outcome)
            }
            data = Data(value.compactText.utf8)
        }
        let textMatchers = applicable.filter { redactions[$0].regex != nil }
        if !textMatchers.isEmpty, var text = String(data: data, encoding: .utf8) {
            for index in textMatchers {
                text = replace(in: text, matcher: index, member: member, outcome: &outcome)
            }
            data = Data(text.utf8)
        }
        if data != original { try data.write(to: url) }
    }

    private func check(_ value: String, matcher index: Int, member: String, location: String, outcome: inout Outcome) {
        let redaction = redactions[index]
        outcome.counts[index] += 1
        if value != redaction.placeholder && !redaction.accepts(value) {
            outcome.malformed.append(
                MalformedRedactedValue(
                    member: member, location: location, matcher: redaction.description, shape: redaction.shape,
                    value: value))
        }
    }

    private func replace(
        in value: JSONValue, steps: ArraySlice<JSONKeyPath.Step>, path: String, matcher index: Int, member: String,
        outcome: inout Outcome
    ) -> JSONValue {
        guard let step = steps.first else {
            let text: String
            if case .string(let string) = value { text = string } else { text = value.compactText }
            check(text, matcher: index, member: member, location: path, outcome: &outcome)
            return .string(redactions[index].placeholder)
        }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.key(let key), .object(var members)):
            for position in members.indices where members[position].key == key {
                members[position].value = replace(
                    in: members[position].value, steps: rest, path: path + "." + key, matcher: index, member: member,
                    outcome: &outcome)
            }
            return .object(members)
        case (.anyKey, .object(var members)):
            for position in members.indices {
                members[position].value = replace(
                    in: members[position].value, steps: rest, path: path + "." + members[position].key, matcher: index,
                    member: member,
                    outcome: &outcome)
            }
            return .object(members)
        case (.index(let wanted), .array(var elements)):
            guard elements.indices.contains(wanted) else { return value }
            elements[wanted] = replace(
                in: elements[wanted], steps: rest, path: path + "[\(wanted)]", matcher: index, member: member,
                outcome: &outcome)
            return .array(elements)
        case (.anyElement, .array(var elements)):
            for position in elements.indices {
                elements[position] = replace(
                    in: elements[position], steps: rest, path: path + "[\(position)]", matcher: index, member: member,
                    outcome: &outcome)
            }
            return .array(elements)
        default:
            return value
        }
    }

    private func replace(in text: String, matcher index: Int, member: String, outcome: inout Outcome) -> String {
        guard let pattern = redactions[index].regex, let regex = try? Regex(pattern) else { return text }
        var ranges: [Range<String.Index>] = []
        for match in text.matches(of: regex) {
            let range = match.output.count > 1 ? (match.output[1].range ?? match.range) : match.range
            if !range.isEmpty || match.output.count > 1 { ranges.append(range) }
        }
        var result = ""
        var cursor = text.startIndex
        for range in ranges where range.lowerBound >= cursor {
            let line = text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            check(String(text[range]), matcher: index, member: member, location: "line \(line)", outcome: &outcome)
            result += text[cursor..<range.lowerBound]
            result += redactions[index].placeholder
            cursor = range.upperBound
        }
        result += text[cursor...]
        return result
    }
}
