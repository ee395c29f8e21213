import DocumentCodecs

/// Flat RTFD (`com.apple.flat-rtfd`): an RTFD's members in the single-file container that
/// `FileWrapper.serializedRepresentation` produces and the pasteboard carries.
///
/// Decoding checks every length of the container (its codes are `flat-rtfd.magic`, `.version`,
/// `.truncated`, `.count`, `.entry-size`, `.entry-type`, `.duplicate-name`, `.trailing-bytes`, `.too-deep`…)
/// and then reads the members as an RTFD (`rtfd.*`, and `rtf.*` located in `TXT.rtf`). Entries `.`,
/// `__@PreferredName@__` and `__@UTF8PreferredName@__` describe the wrapper and are not members; a
/// container of one plain file is `flat-rtfd.not-a-package`, a sub-folder `flat-rtfd.unsupported-member`.
///
/// Encoding writes the source bytes when they still hold the snapshot's package, so an unchanged
/// document saves byte for byte; otherwise it lays the container out afresh (members sorted by
/// name, then the attribute table), which a conversion from an RTFD package does.
public struct FlatRTFDCodec: DocumentCodec {
    public typealias Snapshot = FlatRTFDDocument

    public init() {}

    public static let identifier = "flat-rtfd"
    public static var readableContentTypes: [UTType] { [.flatRTFD] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> FlatRTFDDocument {
        guard file.isRegularFile else {
            throw CodecError(
                code: .flatRTFD(.notAFile),
                message: "a flat RTFD document must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: .flatRTFD(.unreadable), message: "the file's contents could not be read")
        }
        return try FlatRTFDDocument(source: data)
    }

    public func encode(_ snapshot: FlatRTFDDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper
    {
        try snapshot.package.text.checkSourceMatchesParagraphs()
        for member in snapshot.package.members where !RTFDDocument.isSafeMemberName(member.name) {
            throw CodecError(
                code: .flatRTFD(.badMemberName), message: "'\(member.name)' cannot be a member name of a package",
                location: .member(member.name))
        }
        if let source = snapshot.source, let stored = try? FlatRTFDDocument(source: source),
            Self.sameMembers(stored.package, snapshot.package)
        {
            return FileWrapper(regularFileWithContents: source)
        }
        return FileWrapper(regularFileWithContents: snapshot.canonicalContainer)
    }

    public func differences(expected: FlatRTFDDocument, actual: FlatRTFDDocument) -> [SnapshotDifference] {
        RTFDDocument.differences(expected: expected.package, actual: actual.package)
    }

    static func sameMembers(_ left: RTFDDocument, _ right: RTFDDocument) -> Bool {
        left.members.elementsEqual(right.members) { $0.name == $1.name && $0.contents == $1.contents }
    }
}
