import DocumentCodecs

/// RTFD packages (`com.apple.rtfd`): a folder with `TXT.rtf` and the attachment files by name.
///
/// Every member is kept byte for byte; `TXT.rtf` is read as RTF (see `RTFCodec`: there is no RTF
/// writer, so an edited text cannot be saved and throws `rtf.writer-unavailable`). Attachments are
/// single files; a sub-folder or link inside the package is refused rather than dropped.
///
/// Codes: `rtfd.not-a-package`, `rtfd.unreadable`, `rtfd.missing-text`, `rtfd.unsupported-member`,
/// `rtfd.bad-member-name`, and the RTF reader's codes located in the member `TXT.rtf`.
public struct RTFDCodec: DocumentCodec {
    public typealias Snapshot = RTFDDocument

    public init() {}

    public static let identifier = "rtfd"
    public static var readableContentTypes: [UTType] { [.rtfd] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> RTFDDocument {
        guard file.isDirectory else {
            throw CodecError(
                code: .rtfd(.notAPackage), message: "an RTFD document must be a folder (package) holding TXT.rtf")
        }
        guard let children = file.fileWrappers else {
            throw CodecError(code: .rtfd(.unreadable), message: "the package's members could not be listed")
        }
        var members: [(name: String, contents: Data)] = []
        for name in children.keys.sorted() {
            guard let child = children[name] else { continue }
            guard child.isRegularFile else {
                throw CodecError(
                    code: .rtfd(.unsupportedMember),
                    message:
                        "the member is a \(child.isDirectory ? "folder" : "link"); RTFD attachments must be single "
                        + "files",
                    location: .member(name))
            }
            guard let contents = child.regularFileContents else {
                throw CodecError(
                    code: .rtfd(.unreadable), message: "the member could not be read", location: .member(name))
            }
            members.append((name, contents))
        }
        return try RTFDDocument(members: members)
    }

    public func encode(_ snapshot: RTFDDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        try snapshot.text.checkSourceMatchesParagraphs()
        var children: [String: FileWrapper] = [:]
        for member in snapshot.members {
            guard RTFDDocument.isSafeMemberName(member.name), children[member.name] == nil else {
                throw CodecError(
                    code: .rtfd(.badMemberName), message: "'\(member.name)' cannot be a member name of a package",
                    location: .member(member.name))
            }
            children[member.name] = FileWrapper(regularFileWithContents: member.contents)
        }
        return FileWrapper(directoryWithFileWrappers: children)
    }

    public func differences(expected: RTFDDocument, actual: RTFDDocument) -> [SnapshotDifference] {
        RTFDDocument.differences(expected: expected, actual: actual)
    }
}
