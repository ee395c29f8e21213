/// One token of Swift source, with where it starts.
public struct SwiftToken: Sendable, Hashable {
    /// What kind of token this is.
    public enum Kind: Sendable, Hashable {
        /// A name or a keyword (`struct`, `snapshot`, `` `default` ``).
        case identifier
        /// An attribute: `@` and its name (`@Observable`, `@MainActor`).
        case attribute
        /// A number literal.
        case number
        /// A string literal of any form (single-line, multi-line, raw); its text is the whole literal.
        case string
        /// A regex literal (`/…/` or `#/…/#`); its text is the whole literal.
        case regex
        /// One of `{ } ( ) [ ] , : ; .` and `->`, `?`, `!`, `=`.
        case punctuation
        /// Any other operator, such as `??`, `==`, `+`.
        case `operator`
        /// A `//` comment or a (nestable) `/* */` comment; kept so that tools can show context, skipped by matchers.
        case comment
    }

    /// The token's kind.
    public let kind: Kind
    /// The token's text as written.
    public let text: String
    /// The 1-based line of its first character.
    public let line: Int
    /// The 1-based column of its first character, in Unicode scalars.
    public let column: Int

    public init(kind: Kind, text: String, line: Int, column: Int) {
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
    }

    /// Whether the token is the identifier or punctuation `text`.
    public func matches(_ text: String) -> Bool {
        (kind == .identifier || kind == .punctuation || kind == .operator || kind == .attribute) && self.text == text
    }
}
