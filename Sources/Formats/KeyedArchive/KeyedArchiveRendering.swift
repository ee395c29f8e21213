import DocumentCodecs

/// A keyed archive rendered as plain nested values for reading and migration, shared by the JSON and
/// property-list conversions so both follow one documented scheme.
///
/// The scheme (lossless for trees as the decoder makes them):
/// - The archive is `{"$archiver": name, "$top": {root name: value, …}}`.
/// - Inline strings, integers, reals and booleans are themselves; inline data is `{"$data": bytes}`.
/// - UID 0 (no object) is `null` (JSON) or `{"$nil": true}` (property list, which has no null).
/// - An `NSArray` is an array and an `NSDictionary` whose keys are all strings an object; other
///   dictionaries are `{"$dictionary": [[key, value], …]}`. Sets are `{"$set": […]}` and ordered sets
///   `{"$orderedSet": […]}`; dates `{"$date": "2001-01-01T00:00:00Z", "$time": seconds since 2001}`
///   (the ISO-8601 text for reading, with fractional seconds when there are any; `$time` is exact);
///   URLs `{"$url": relative, "$base": base}`; UUIDs `{"$uuid": "E621E1F8-…"}`; `NSNull` `{"$null": true}`;
///   object-stored strings and bytes `{"$string": …}` and `{"$data": …}` (usual classes `NSMutableString`,
///   `NSMutableData`).
/// - A value whose class is not its kind's usual one (`NSMutableArray`, `NSMutableString`) carries
///   `"$class"` and `"$classes"` (and `"$classhints"` when the archive has them); an array or a string-keyed
///   dictionary with another class becomes `{"$array": […]}` or `{"$dictionary": …}` to make room for them.
/// - Any other object is `{"$class": name, "$classes": [chain], field: value, …}`; fields the object
///   stores in place (`encodeInteger`, `encodeBool`) are grouped under `"$inline"`, because a number
///   stored in place and an `NSNumber` stored by reference differ in the archive.
/// - An object referred to from several places (or from inside itself) carries `"$id": n` where it
///   first occurs, and every later place is `{"$ref": n}` (n counts objects with a class in pre-order).
/// - A field stored in place that holds UIDs (rare: a collection subclass's own layout) is
///   `{"$inlineArray": […]}` or `{"$inlineDictionary": {…}}`; property-list values stored in place are
///   rendered like the tree's (dates too: `{"$date": …, "$time": …}`; `{"$uid": n}` never occurs).
/// - Dictionary and field keys that begin with `$` get one more `$` in front, so they never clash.
/// - Reals that are whole numbers keep a `.0` in JSON; NaN and infinities are `{"$real": "nan"}`,
///   `"+infinity"` or `"-infinity"` in JSON (property lists hold them as reals).
enum KeyedArchiveRendering {
    /// A rendered value, before it is spelled as JSON or as a property list.
    indirect enum Node: Equatable {
        case nilReference
        case string(String)
        case integer(Int128)
        case real(Double)
        case boolean(Bool)
        case data(Data)
        case date(Double)
        case array([Node])
        case object([(String, Node)])

        static func == (lhs: Node, rhs: Node) -> Bool {
            switch (lhs, rhs) {
            case (.nilReference, .nilReference): true
            case (.string(let left), .string(let right)): left == right
            case (.integer(let left), .integer(let right)): left == right
            case (.real(let left), .real(let right)): left.bitPattern == right.bitPattern
            case (.boolean(let left), .boolean(let right)): left == right
            case (.data(let left), .data(let right)): left == right
            case (.date(let left), .date(let right)): left.bitPattern == right.bitPattern
            case (.array(let left), .array(let right)): left == right
            case (.object(let left), .object(let right)):
                left.map(\.0) == right.map(\.0) && left.map(\.1) == right.map(\.1)
            default: false
            }
        }
    }

    /// Renders `archive`; throws `keyed-archive.too-deep` past `maximumDepth`.
    static func render(_ archive: KeyedArchive, maximumDepth: Int = KeyedArchive.defaultMaximumDepth) throws -> Node {
        var renderer = Renderer(maximumDepth: maximumDepth, referenced: referencedNumbers(archive))
        let top = try archive.top.map { (escape($0.key), try renderer.field($0.value, path: $0.key, depth: 1)) }
        return .object([("$archiver", .string(archive.archiver)), ("$top", .object(top))])
    }

    /// A key with one more `$` in front when it begins with `$`.
    static func escape(_ key: String) -> String {
        key.hasPrefix("$") ? "$" + key : key
    }

    /// The numbers that `.reference` nodes name, so their targets can carry `$id`.
    private static func referencedNumbers(_ archive: KeyedArchive) -> Set<Int> {
        var numbers: Set<Int> = []
        var pending: [KeyedArchiveValue] = []
        var pendingFields: [KeyedArchiveFieldValue] = archive.top.map(\.value)
        while !pendingFields.isEmpty || !pending.isEmpty {
            if let field = pendingFields.popLast() {
                switch field {
                case .object(let value): pending.append(value)
                case .value: break
                case .array(let elements): pendingFields.append(contentsOf: elements)
                case .dictionary(let fields): pendingFields.append(contentsOf: fields.map(\.value))
                }
                continue
            }
            guard let value = pending.popLast() else { break }
            switch value {
            case .reference(let number): numbers.insert(number)
            case .array(let elements, _), .set(let elements, _), .orderedSet(let elements, _):
                pending.append(contentsOf: elements)
            case .dictionary(let entries, _): pending.append(contentsOf: entries.flatMap { [$0.key, $0.value] })
            case .url(let base, _, _): if let base { pending.append(base) }
            case .object(_, let fields): pendingFields.append(contentsOf: fields.map(\.value))
            default: break
            }
        }
        return numbers
    }

    private struct Renderer {
        let maximumDepth: Int
        let referenced: Set<Int>
        var nextNumber = 0

        mutating func field(_ value: KeyedArchiveFieldValue, path: String, depth: Int) throws -> Node {
            guard depth <= maximumDepth else {
                throw KeyedArchiveDecoder.error(.tooDeep, "the tree nests more than \(maximumDepth) deep", at: path)
            }
            switch value {
            case .object(let object): return try self.value(object, path: path, depth: depth + 1)
            case .value(let plain):
                return try Self.plain(plain, path: path, depth: depth + 1, maximumDepth: maximumDepth)
            case .array(let elements):
                var nodes: [Node] = []
                for (index, element) in elements.enumerated() {
                    nodes.append(try field(element, path: "\(path)[\(index)]", depth: depth + 1))
                }
                return .object([("$inlineArray", .array(nodes))])
            case .dictionary(let fields):
                var members: [(String, Node)] = []
                for member in fields {
                    members.append(
                        (
                            KeyedArchiveRendering.escape(member.key),
                            try field(member.value, path: path + "." + member.key, depth: depth + 1)
                        ))
                }
                return .object([("$inlineDictionary", .object(members))])
            }
        }

        static func plain(_ value: PropertyListValue, path: String, depth: Int, maximumDepth: Int) throws -> Node {
            guard depth <= maximumDepth else {
                throw KeyedArchiveDecoder.error(.tooDeep, "the tree nests more than \(maximumDepth) deep", at: path)
            }
            switch value {
            case .string(let string): return .string(string)
            case .integer(let integer): return .integer(integer)
            case .real(let real): return .real(real)
            case .boolean(let boolean): return .boolean(boolean)
            case .data(let data): return .object([("$data", .data(data))])
            case .date(let seconds): return .object([("$date", .date(seconds)), ("$time", .real(seconds))])
            case .uid(let uid): return .object([("$uid", .integer(Int128(uid)))])
            case .array(let elements):
                return .array(
                    try elements.enumerated().map {
                        try plain($1, path: "\(path)[\($0)]", depth: depth + 1, maximumDepth: maximumDepth)
                    })
            case .dictionary(let entries):
                return .object(
                    try entries.map {
                        (
                            KeyedArchiveRendering.escape($0.key),
                            try plain($0.value, path: path + "." + $0.key, depth: depth + 1, maximumDepth: maximumDepth)
                        )
                    })
            }
        }

        mutating func value(_ value: KeyedArchiveValue, path: String, depth: Int) throws -> Node {
            guard depth <= maximumDepth else {
                throw KeyedArchiveDecoder.error(.tooDeep, "the tree nests more than \(maximumDepth) deep", at: path)
            }
            var number: Int?
            if value.archivedClass != nil {
                number = nextNumber
                nextNumber += 1
            }
            func children(_ elements: [KeyedArchiveValue]) throws -> [Node] {
                var nodes: [Node] = []
                for (index, element) in elements.enumerated() {
                    nodes.append(try self.value(element, path: "\(path)[\(index)]", depth: depth + 1))
                }
                return nodes
            }
            let body: [(String, Node)]
            var usual: KeyedArchiveClass?
            switch value {
            case .nilReference: return .nilReference
            case .string(let string): return .string(string)
            case .integer(let integer): return .integer(integer)
            case .real(let real): return .real(real)
            case .boolean(let boolean): return .boolean(boolean)
            case .data(let data): return .object([("$data", .data(data))])
            case .reference(let target): return .object([("$ref", .integer(Int128(target)))])
            case .mutableString(let string, _):
                body = [("$string", .string(string))]
                usual = .mutableString
            case .mutableData(let data, _):
                body = [("$data", .data(data))]
                usual = .mutableData
            case .date(let seconds, _):
                body = [("$date", .date(seconds)), ("$time", .real(seconds))]
                usual = .date
            case .array(let elements, let type):
                let nodes = try children(elements)
                if type == .array && !referenced.contains(number ?? -1) { return .array(nodes) }
                body = [("$array", .array(nodes))]
                usual = .array
            case .set(let elements, _):
                body = [("$set", .array(try children(elements)))]
                usual = .set
            case .orderedSet(let elements, _):
                body = [("$orderedSet", .array(try children(elements)))]
                usual = .orderedSet
            case .dictionary(let entries, let type):
                var pairs: [(key: Node, value: Node)] = []
                var stringKeys: [String] = []
                for (index, entry) in entries.enumerated() {
                    let key = try self.value(entry.key, path: "\(path).key[\(index)]", depth: depth + 1)
                    pairs.append((key, .nilReference))
                    if case .string(let string) = entry.key { stringKeys.append(string) }
                }
                for (index, entry) in entries.enumerated() {
                    pairs[index].value = try self.value(entry.value, path: "\(path).value[\(index)]", depth: depth + 1)
                }
                let isPlain = stringKeys.count == entries.count && Set(stringKeys).count == stringKeys.count
                if isPlain && type == .dictionary && !referenced.contains(number ?? -1) {
                    return .object(zip(stringKeys, pairs).map { (KeyedArchiveRendering.escape($0), $1.value) })
                }
                body = [("$dictionary", .array(pairs.map { .array([$0.key, $0.value]) }))]
                usual = .dictionary
            case .url(let base, let relative, _):
                body =
                    [("$url", .string(relative))]
                    + (try base.map { [("$base", try self.value($0, path: path + ".NS.base", depth: depth + 1))] } ?? [])
                usual = .url
            case .uuid(let uuid, _):
                body = [("$uuid", .string(uuid.uuidString))]
                usual = .uuid
            case .null:
                body = [("$null", .boolean(true))]
                usual = .null
            case .object(_, let fields):
                var referencedFields: [(String, Node)] = []
                var inline: [(String, Node)] = []
                for field in fields {
                    let node = try self.field(field.value, path: path + "." + field.key, depth: depth + 1)
                    if case .object = field.value {
                        referencedFields.append((KeyedArchiveRendering.escape(field.key), node))
                    } else {
                        inline.append((KeyedArchiveRendering.escape(field.key), node))
                    }
                }
                body = referencedFields + (inline.isEmpty ? [] : [("$inline", .object(inline))])
            }
            var members = body
            if let type = value.archivedClass, type != usual {
                var classMembers: [(String, Node)] = [
                    ("$class", .string(type.name)), ("$classes", .array(type.chain.map(Node.string))),
                ]
                if let hints = type.hints { classMembers.append(("$classhints", .array(hints.map(Node.string)))) }
                if case .object = value { members = classMembers + members } else { members += classMembers }
            }
            if let number, referenced.contains(number) { members.append(("$id", .integer(Int128(number)))) }
            return .object(members)
        }
    }

    /// `seconds` since 2001 as ISO-8601 UTC text, with fractional seconds only when there are any;
    /// nil outside years 1…9999 or for NaN (a `Date` is never made: printing a NaN one traps on Linux).
    static func iso8601(secondsSinceReferenceDate seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 400_000_000_000 else { return nil }
        let unix = seconds + 978_307_200
        let whole = unix.rounded(.down)
        let fraction = unix - whole
        var total = Int64(whole)
        var fractionText = ""
        if fraction > 0 {
            var digits = String(Int64((fraction * 1_000_000).rounded()))
            if digits == "1000000" {
                total += 1
                digits = ""
            }
            if !digits.isEmpty {
                digits = String(repeating: "0", count: 6 - digits.count) + digits
                while digits.hasSuffix("0") { digits.removeLast() }
                if !digits.isEmpty { fractionText = "." + digits }
            }
        }
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        // Howard Hinnant's days-to-civil algorithm.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1...9999).contains(year) else { return nil }
        func padded(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return
            "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))\(fractionText)Z"
    }
}
