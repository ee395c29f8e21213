/// How a JSON document's bytes are laid out, as `JSONEncoder.OutputFormatting` describes it.
public struct JSONWritingStyle: Sendable, Hashable {
    /// Keys sorted (`.sortedKeys`).
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
}
