/// The stable codes of Markdown bundles (`document.md` and attachments): the codec's `CodecError`s.
package enum MarkdownBundleErrorCode: String, CataloguedErrorCode {
    case badMemberName = "markdown-bundle.bad-member-name"
    case invalidUTF8 = "markdown-bundle.invalid-utf8"
    case missingDocument = "markdown-bundle.missing-document"
    case notAFolder = "markdown-bundle.not-a-folder"
    case unexpectedMember = "markdown-bundle.unexpected-member"
    case unreadable = "markdown-bundle.unreadable"

    package var summary: String {
        switch self {
        case .badMemberName:
            "An attachment's name cannot be a file name (it is empty, `.`, `..` or holds `/`)."
        case .invalidUTF8:
            "`document.md` is not valid UTF-8; save it as UTF-8."
        case .missingDocument:
            "The bundle has no `document.md`."
        case .notAFolder:
            "A Markdown bundle must be a folder holding `document.md`, but the item is a file."
        case .unexpectedMember:
            "The bundle holds something other than `document.md` and an `attachments` folder."
        case .unreadable:
            "`document.md` is not a readable file."
        }
    }
}

extension CodecError.Code {
    /// A code of the MarkdownBundle format.
    package static func markdownBundle(_ code: MarkdownBundleErrorCode) -> Self { Self(code) }
}
