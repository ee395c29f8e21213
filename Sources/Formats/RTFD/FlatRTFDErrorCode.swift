/// The stable codes of flat RTFD files beyond their container's bytes: the codec's `CodecError`s.
package enum FlatRTFDErrorCode: String, CataloguedErrorCode {
    case badMemberName = "flat-rtfd.bad-member-name"
    case notAFile = "flat-rtfd.not-a-file"
    case notAPackage = "flat-rtfd.not-a-package"
    case unreadable = "flat-rtfd.unreadable"
    case unsupportedMember = "flat-rtfd.unsupported-member"

    package var summary: String {
        switch self {
        case .badMemberName:
            "A member name in the container is not UTF-8 or cannot be a file name of a package."
        case .notAFile:
            "A flat RTFD document must be a single file, but the item is a folder or a link."
        case .notAPackage:
            "The container holds a single plain file, not an RTFD package."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        case .unsupportedMember:
            "A member of the container is a folder, but RTFD attachments must be single files."
        }
    }
}

extension CodecError.Code {
    /// A code of the RTFD format.
    package static func flatRTFD(_ code: FlatRTFDErrorCode) -> Self { Self(code) }
}
