/// A text document as the text codecs hold it: the characters, and exactly how they were stored.
///
/// `text` keeps line endings as written (CRLF, CR, LF, mixed), so an unchanged document re-encodes
/// byte for byte; converters that make text build it with `init(text:)`.
public struct TextDocument: Sendable, Hashable {
    /// The characters, line endings included as written.
    public var text: String

    /// UTF-8 text without a byte-order mark, line endings exactly as in `text`.
    public init(text: String) {
        self.text = text
    }
}
