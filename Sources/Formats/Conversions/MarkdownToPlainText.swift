import DocumentCodecs

/// A Markdown document kept as plain text: its source, stored exactly as it was (encoding, byte-order mark, line
/// endings).
///
/// Markdown source is already readable plain text, so nothing is lost or rewritten. The reverse is
/// not registered: plain text read as Markdown would render differently (`*`, `#` and single line
/// breaks take on meaning), so it is not a faithful conversion without escaping.
public struct MarkdownToPlainText: SnapshotConversion {
    public typealias Source = MarkdownCodec
    public typealias Target = PlainTextCodec

    public init() {}

    public func convert(_ snapshot: TextDocument) throws -> TextDocument {
        snapshot
    }
}
