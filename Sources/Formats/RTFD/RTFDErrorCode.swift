/// The stable codes of RTFD packages (`TXT.rtf` and attachments): the codec's `CodecError`s.
package enum RTFDErrorCode: String, CataloguedErrorCode {
    case attachmentMissing = "rtfd.attachment-missing"
    case badMemberName = "rtfd.bad-member-name"
    case missingText = "rtfd.missing-text"
    case notAPackage = "rtfd.not-a-package"
    case unreadable = "rtfd.unreadable"
    case unsupportedMember = "rtfd.unsupported-member"

    package var summary: String {
        switch self {
        case .attachmentMissing:
            "`TXT.rtf` shows an attachment the package does not hold; add the file or remove the reference."
        case .badMemberName:
            "A member's name cannot be a file name of a package (it is empty, `.`, `..` or holds `/`)."
        case .missingText:
            "The package has no `TXT.rtf`, where an RTFD holds its text."
        case .notAPackage:
            "An RTFD document must be a folder (package) holding `TXT.rtf`, but the item is a file."
        case .unreadable:
            "The package's members, or one of them, could not be read."
        case .unsupportedMember:
            "A member is a folder or a link, but RTFD attachments must be single files."
        }
    }
}

extension CodecError.Code {
    /// A code of the RTFD format.
    package static func rtfd(_ code: RTFDErrorCode) -> Self { Self(code) }
}
