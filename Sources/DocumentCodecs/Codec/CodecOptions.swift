/// Run-time options of a codec, as ordered name/value strings: `fallback-encoding` = `macintosh`, say.
///
/// A codec's options normally travel with its type (an adapter makes its codec with `init()`), but
/// some are the user's choice at run time: `--encoding` on the command line, `"codecOptions"` in a
/// golden manifest. Those arrive here, and a ``ConfigurableCodec`` checks and applies them. Names are
/// the codec's own (lowercase, dashed); a flag is the value `true` or `false`. Setting a name again
/// replaces its value in place, so the order is that of first mention.
public struct CodecOptions: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One option: its name and its value, both as written.
    public struct Option: Sendable, Hashable {
        /// The option's name, such as `fallback-encoding`.
        public let name: String
        /// The option's value, such as `macintosh` or `true`.
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The options in the order they were first given.
    public private(set) var entries: [Option] = []

    /// No options.
    public init() {}

    /// The options `entries`; a name given twice keeps its last value at its first place.
    public init(_ entries: [Option]) {
        for entry in entries { set(entry.name, to: entry.value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Option(name: $0.0, value: $0.1) })
    }

    /// Whether no option is given.
    public var isEmpty: Bool { entries.isEmpty }

    /// The value of the option `name`, or nil when it is not given.
    public subscript(name: String) -> String? {
        entries.first { $0.name == name }?.value
    }

    /// Sets the option `name` to `value`, replacing an earlier value in place.
    public mutating func set(_ name: String, to value: String) {
        if let index = entries.firstIndex(where: { $0.name == name }) {
            entries[index] = Option(name: name, value: value)
        } else {
            entries.append(Option(name: name, value: value))
        }
    }

    /// These options with `other`'s set over them: `other` wins where both name an option.
    public func merging(_ other: CodecOptions) -> CodecOptions {
        var merged = self
        for entry in other.entries { merged.set(entry.name, to: entry.value) }
        return merged
    }

    /// Throws `codec.option.unknown` (located at the option's name) for the first option not in `accepted`.
    public func checkNames(accepted: [String], codec: String) throws {
        for entry in entries where !accepted.contains(entry.name) {
            let known = accepted.isEmpty ? "it takes none" : "it takes " + accepted.joined(separator: ", ")
            throw CodecError(
                code: .codecs(.optionUnknown), message: "the \(codec) codec has no option '\(entry.name)' (\(known))",
                location: .keyPath(entry.name))
        }
    }

    /// The flag `name`: false when absent; `true`/`false` (also `yes`/`no`, `1`/`0`) when given.
    ///
    /// Throws `codec.option.invalid-value`, located at the option, for any other value.
    public func flag(_ name: String) throws -> Bool {
        guard let value = self[name] else { return false }
        switch value.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default:
            throw CodecError(
                code: .codecs(.optionInvalidValue),
                message: "the option '\(name)' is a flag: true or false, not '\(value)'",
                location: .keyPath(name))
        }
    }

    /// `name=value` pairs joined by commas, for messages and reports.
    public var summary: String {
        entries.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
    }
}

extension CodecOptions: Codable {
    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a JSON object of strings (a flag may also be `true` or `false`), sorted by name.
    ///
    /// A JSON object's key order is not kept by `JSONDecoder`, so the names are sorted to make the
    /// order deterministic; no codec gives the order of distinct options a meaning.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Name.self)
        var entries: [Option] = []
        for key in container.allKeys.sorted(by: { $0.stringValue.utf8.lexicographicallyPrecedes($1.stringValue.utf8) })
        {
            if let flag = try? container.decode(Bool.self, forKey: key) {
                entries.append(Option(name: key.stringValue, value: flag ? "true" : "false"))
            } else {
                entries.append(Option(name: key.stringValue, value: try container.decode(String.self, forKey: key)))
            }
        }
        self.init(entries)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        for entry in entries { try container.encode(entry.value, forKey: Name(stringValue: entry.name)) }
    }
}
