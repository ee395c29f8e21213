import Comparison

/// One redaction matcher of a manifest: where a value that changes on every save sits, and the shape it must have.
///
/// Before an output is compared with its golden, every value a matcher finds — on both sides — is
/// checked against the matcher's shape and replaced by a placeholder (`<redacted:iso8601-date>`), so a
/// changed date passes while a malformed one fails, naming the member, the place and the shape. A
/// golden may hold the placeholder itself (a recorded or accepted conversion golden does); a placeholder
/// is never shape-checked. A round-trip golden is the user's document and keeps its real values. In the
/// compatibility matrix, redaction is tried only when the codec's comparison finds a difference, and only
/// clears it when both redacted sides still decode (a placeholder cannot stand where a codec wants a UUID).
/// The report counts, per matcher and case, the values replaced. In JSON (as in a manifest):
///
///     {"member": "metadata.json", "keyPath": "$.created", "shape": "iso8601-date"}
///     {"member": "**/*.txt", "regex": "Saved: (.*)", "shape": "iso8601-date"}
///     {"regex": "Order #[0-9]+", "shape": "regex", "pattern": "Order #[0-9]{6}"}
///
/// - `member`: a glob over member paths (a single-file golden's path is its file name); every file when absent.
/// - `keyPath`: in members that parse as JSON, the values at `$.a.b`, `$.items[2]`, `$.items[*].id`, `$.*`.
///   Such a member is compared re-serialised compactly on both sides, so whitespace-only changes in it go unseen.
/// - `regex`: in members that decode as UTF-8 text, each match (its first capture group when it has one).
/// - `shape`: `iso8601-date` (a date, optionally with time and zone), `uuid` (8-4-4-4-12 hex digits), or
///   `regex`: the whole value must match `pattern` (any value the finder found, when `pattern` is absent).
public struct Redaction: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The shape a redacted value must have.
    public enum Shape: String, Sendable, Hashable, Codable, CaseIterable {
        /// An ISO 8601 date: `2026-11-29`, `2026-11-29T15:20:01Z`, `2026-11-29T15:20:01.5+01:00`.
        case iso8601Date = "iso8601-date"
        /// A UUID in its textual form, either case.
        case uuid
        /// Whatever `pattern` matches as a whole.
        case regex
    }

    /// Which members the matcher applies to; every file when nil.
    public var member: Glob?
    /// A JSON key path (`$.created`); exclusive with `regex`.
    public var keyPath: String?
    /// A regular expression finding the values in text; exclusive with `keyPath`.
    public var regex: String?
    /// The shape every found value must have.
    public var shape: Shape
    /// For the `regex` shape: the pattern a value must match as a whole.
    public var pattern: String?

    public init(member: Glob? = nil, keyPath: String? = nil, regex: String? = nil, shape: Shape, pattern: String? = nil)
    {
        self.member = member
        self.keyPath = keyPath
        self.regex = regex
        self.shape = shape
        self.pattern = pattern
    }

    /// What replaces a found value on both sides: `<redacted:SHAPE>`.
    public var placeholder: String { "<redacted:\(shape.rawValue)>" }

    /// The matcher as reports name it: `metadata.json $.created (iso8601-date)`.
    public var description: String {
        var parts: [String] = []
        if let member { parts.append(member.pattern) }
        if let keyPath { parts.append(keyPath) }
        if let regex { parts.append("/\(regex)/") }
        parts.append("(\(shape.rawValue))")
        return parts.joined(separator: " ")
    }

    /// Throws the reason the matcher cannot be used: both or neither finder, a bad key path or regex.
    func validate() throws(RedactionError) {
        switch (keyPath, regex) {
        case (nil, nil), (.some, .some):
            throw RedactionError("a redaction names exactly one of 'keyPath' or 'regex'")
        case (let keyPath?, nil):
            _ = try JSONKeyPath(keyPath)
        case (nil, let regex?):
            guard (try? Regex(regex)) != nil else {
                throw RedactionError("'\(regex)' is not a valid regular expression")
            }
        }
        if let pattern {
            guard shape == .regex else { throw RedactionError("'pattern' belongs to the regex shape only") }
            guard (try? Regex(pattern)) != nil else {
                throw RedactionError("'\(pattern)' is not a valid regular expression")
            }
        }
    }

    /// Whether `value` has the matcher's shape (the placeholder itself is accepted before this is asked).
    public func accepts(_ value: String) -> Bool {
        switch shape {
        case .iso8601Date: Self.isISO8601Date(value)
        case .uuid:
            value.wholeMatch(of: #/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/#) != nil
        case .regex:
            if let pattern, let compiled = try? Regex(pattern) {
                (try? compiled.wholeMatch(in: value)) != nil
            } else {
                true
            }
        }
    }

    static func isISO8601Date(_ value: String) -> Bool {
        let date =
            #/([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.,][0-9]+)?)?(?:Z|[+-][0-9]{2}(?::?[0-9]{2})?)?)?/#
        guard let match = value.wholeMatch(of: date) else { return false }
        func number(_ text: Substring?) -> Int { text.flatMap { Int($0) } ?? 0 }
        let output = match.output
        return (1...12).contains(number(output.2)) && (1...31).contains(number(output.3)) && number(output.4) < 24
            && number(output.5) < 60 && number(output.6) <= 60
    }
}

/// Why a redaction matcher cannot be used (the manifest names the place).
struct RedactionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A parsed JSON key path: `$`, then `.key`, `.*`, `[N]` or `[*]` steps.
struct JSONKeyPath: Sendable {
    enum Step: Sendable, Hashable {
        case key(String)
        case anyKey
        case index(Int)
        case anyElement
    }

    let steps: [Step]

    init(_ text: String) throws(RedactionError) {
        guard text.hasPrefix("$") else { throw RedactionError("the key path '\(text)' must start with '$'") }
        var steps: [Step] = []
        var rest = text.dropFirst()
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { throw RedactionError("the key path '\(text)' has an empty key") }
                steps.append(key == "*" ? .anyKey : .key(String(key)))
                rest = rest.dropFirst(key.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else {
                    throw RedactionError("the key path '\(text)' has an unclosed '['")
                }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if inside == "*" {
                    steps.append(.anyElement)
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else {
                    throw RedactionError("the key path '\(text)' has '[\(inside)]'; an index is a whole number or '*'")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                throw RedactionError("the key path '\(text)' has '\(first)' where '.' or '[' belongs")
            }
        }
        self.steps = steps
    }
}
