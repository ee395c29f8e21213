/// A Markdown document with the files its image links point to: `document.md` and `attachments/<name>`.
///
/// What an RTFD becomes in Markdown: the text refers to each attachment as `attachments/<name>`
/// (percent-encoded), and the files keep their bytes and names.
public struct MarkdownBundle: Sendable, Hashable {
    /// The member holding the Markdown text.
    public static let documentMemberName = "document.md"
    /// The folder holding the attachments.
    public static let attachmentsFolderName = "attachments"

    /// The Markdown text (UTF-8, line feeds).
    public var document: TextDocument
    /// The attached files, sorted by the bytes of their names.
    public var attachments: [RTFDAttachment]

    /// A bundle of `document` and `attachments`; the attachments are sorted by name.
    public init(document: TextDocument, attachments: [RTFDAttachment] = []) {
        self.document = document
        self.attachments = attachments.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
