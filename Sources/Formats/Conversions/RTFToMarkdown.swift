import DocumentCodecs

/// RTF as Markdown: paragraphs, bold and italic, links and list items (see `RTFDocument.markdown`).
///
/// An attachment (`\NeXTGraphic`) becomes an image link to `attachments/<name>`; a lone RTF file has
/// no attachment files, so convert the RTFD (`RTFDToMarkdownBundle`) to get them. Fonts, sizes,
/// colours, alignment and tab stops are not carried: Markdown has no place for them.
public struct RTFToMarkdown: SnapshotConversion {
    public typealias Source = RTFCodec
    public typealias Target = MarkdownCodec

    public init() {}

    public func convert(_ document: RTFDocument) throws -> TextDocument {
        TextDocument(text: document.markdown())
    }
}
