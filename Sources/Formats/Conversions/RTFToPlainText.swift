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

    public func convert(_ document: RTFDocument) throws -> PlainTextCodec.Snapshot {
        .init(renderedText: document.plainText)
    }
}

/// A text codec's snapshot made from text a conversion rendered (UTF-8, line feeds as written).
///
/// Lets the RTF conversions build the plain-text and Markdown snapshots the same way whatever type
/// the text codecs use for them.
protocol RenderedTextSnapshot {
    init(renderedText: String)
}

extension String: RenderedTextSnapshot {
    init(renderedText: String) { self = renderedText }
}

extension TextDocument: RenderedTextSnapshot {
    init(renderedText: String) { self.init(text: renderedText) }
}
