import DocumentCodecs

/// RTF as plain text: the characters Cocoa's reader makes, paragraphs ended by line feeds.
///
/// See `RTFDocument.plainText`: list markers keep their tabs, `\line` is a line feed and an
/// attachment is U+FFFC (OBJECT REPLACEMENT CHARACTER). Styles and link targets have no place in
/// plain text and are not carried; the link's visible text is.
public struct RTFToPlainText: SnapshotConversion {
    public typealias Source = RTFCodec
    public typealias Target = PlainTextCodec

    public init() {}

    public func convert(_ document: RTFDocument) throws -> TextDocument {
        TextDocument(text: document.plainText)
    }
}
