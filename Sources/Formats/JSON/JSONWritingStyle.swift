import Foundation

/// How a JSON document's bytes are laid out, as `JSONEncoder.OutputFormatting` describes it.
///
/// The eight combinations of the three flags are the eight layouts `JSONEncoder` writes; `JSONWriter`
/// reproduces each byte for byte (see `Documentation/json-codec.md` for the rules).
public struct JSONWritingStyle: Sendable, Hashable, CustomStringConvertible {
    /// Keys sorted by their UTF-8 bytes (`.sortedKeys`).
    public var sortedKeys: Bool
    /// Indented, one member per line (`.prettyPrinted`).
    public var prettyPrinted: Bool
    /// `/` written as is rather than as `\/` (`.withoutEscapingSlashes`).
    public var withoutEscapingSlashes: Bool

    /// The style of a `JSONEncoder` with no output formatting: compact, keys in order, slashes escaped.
    public init(sortedKeys: Bool = false, prettyPrinted: Bool = false, withoutEscapingSlashes: Bool = false) {
        self.sortedKeys = sortedKeys
        self.prettyPrinted = prettyPrinted
        self.withoutEscapingSlashes = withoutEscapingSlashes
    }

    /// The style of a `JSONEncoder` whose `outputFormatting` is `formatting`.
    public init(_ formatting: JSONEncoder.OutputFormatting) {
        self.init(
            sortedKeys: formatting.contains(.sortedKeys), prettyPrinted: formatting.contains(.prettyPrinted),
            withoutEscapingSlashes: formatting.contains(.withoutEscapingSlashes))
    }

    /// The `JSONEncoder.OutputFormatting` that writes this style.
    public var outputFormatting: JSONEncoder.OutputFormatting {
        var formatting: JSONEncoder.OutputFormatting = []
        if sortedKeys { formatting.insert(.sortedKeys) }
        if prettyPrinted { formatting.insert(.prettyPrinted) }
        if withoutEscapingSlashes { formatting.insert(.withoutEscapingSlashes) }
        return formatting
    }

    /// All eight styles, compact and unsorted first.
    public static let allStyles: [JSONWritingStyle] = (0..<8).map {
        JSONWritingStyle(sortedKeys: $0 & 1 != 0, prettyPrinted: $0 & 2 != 0, withoutEscapingSlashes: $0 & 4 != 0)
    }

    /// The flags as `JSONEncoder` names them, such as `[.prettyPrinted, .sortedKeys]`.
    public var description: String {
        var names: [String] = []
        if prettyPrinted { names.append(".prettyPrinted") }
        if sortedKeys { names.append(".sortedKeys") }
        if withoutEscapingSlashes { names.append(".withoutEscapingSlashes") }
        return "[" + names.joined(separator: ", ") + "]"
    }
}
