import DocumentCodecs

/// A notebook exported as plain text: the title, then each page under a rule, in page order.
///
/// Layout (UTF-8, LF): the title on the first line, then for every page a blank line, a line
/// `--- page N ---` (1-based) and the page's text as it is. Nothing is lost that a reader of the
/// text needs; the page identifiers are not carried (plain text has no place for them).
public struct NotebookToPlainText: SnapshotConversion {
    public typealias Source = NotebookCodec
    public typealias Target = PlainTextCodec

    public init() {}

    public func convert(_ notebook: Notebook) throws -> TextDocument {
        var text = notebook.title + "\n"
        for (index, page) in notebook.pages.enumerated() {
            text += "\n--- page \(index + 1) ---\n" + page.text
            if !page.text.hasSuffix("\n") { text += "\n" }
        }
        return TextDocument(text: text)
    }
}
