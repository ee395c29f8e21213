import DocumentCodecs

/// A folder of Markdown and its attachments (`org.docmigrate.markdown-bundle`, extension `mdbundle`).
///
/// Layout: `document.md` (UTF-8) and, when there are attachments, `attachments/<name>` for each.
/// Decoding refuses anything else in the folder rather than dropping it; every byte round-trips.
///
/// Codes: `markdown-bundle.not-a-folder`, `.unreadable`, `.missing-document`, `.invalid-utf8`,
/// `.unexpected-member`, `.bad-member-name`.
public struct MarkdownBundleCodec: DocumentCodec {
    public typealias Snapshot = MarkdownBundle

    public init() {}

    public static let identifier = "markdown-bundle"

    /// `org.docmigrate.markdown-bundle`, a package with the `mdbundle` extension.
    ///
    /// No system declares this type, so the codec declares it in the type registry the first time it
    /// is used, as `NotebookCodec` does for its type.
    public static let contentType: UTType = {
        #if !canImport(Darwin)
        UTTypeRegistry.shared.register([
            UTTypeDeclaration(
                kind: .exported, identifier: "org.docmigrate.markdown-bundle", conformsTo: ["com.apple.package"],
                tags: [.filenameExtension: ["mdbundle"]], typeDescription: "Markdown with attachments")
        ])
        #endif
        return UTType(exportedAs: "org.docmigrate.markdown-bundle", conformingTo: .package)
    }()
    public static var readableContentTypes: [UTType] { [contentType] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> MarkdownBundle {
        guard file.isDirectory, let children = file.fileWrappers else {
            throw CodecError(
                code: .markdownBundle(.notAFolder), message: "a Markdown bundle must be a folder holding document.md")
        }
        guard let documentFile = children[MarkdownBundle.documentMemberName] else {
            throw CodecError(
                code: .markdownBundle(.missingDocument), message: "the bundle has no document.md",
                location: .member(MarkdownBundle.documentMemberName))
        }
        guard documentFile.isRegularFile, let data = documentFile.regularFileContents else {
            throw CodecError(
                code: .markdownBundle(.unreadable), message: "document.md is not a readable file",
                location: .member(MarkdownBundle.documentMemberName))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CodecError(
                code: .markdownBundle(.invalidUTF8), message: "document.md is not valid UTF-8",
                location: .member(MarkdownBundle.documentMemberName))
        }
        for name in children.keys.sorted()
        where name != MarkdownBundle.documentMemberName && name != MarkdownBundle.attachmentsFolderName {
            throw CodecError(
                code: .markdownBundle(.unexpectedMember),
                message: "only document.md and attachments/ belong in a Markdown bundle", location: .member(name))
        }
        var attachments: [RTFDAttachment] = []
        if let folder = children[MarkdownBundle.attachmentsFolderName] {
            guard folder.isDirectory, let files = folder.fileWrappers else {
                throw CodecError(
                    code: .markdownBundle(.unexpectedMember), message: "attachments must be a folder",
                    location: .member(MarkdownBundle.attachmentsFolderName))
            }
            for name in files.keys.sorted() {
                let member = MarkdownBundle.attachmentsFolderName + "/" + name
                guard let child = files[name], child.isRegularFile, let contents = child.regularFileContents else {
                    throw CodecError(
                        code: .markdownBundle(.unexpectedMember),
                        message: "an attachment must be a readable single file", location: .member(member))
                }
                attachments.append(RTFDAttachment(name: name, contents: contents))
            }
        }
        return MarkdownBundle(document: TextDocument(text: text), attachments: attachments)
    }

    public func encode(_ snapshot: MarkdownBundle, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        var files: [String: FileWrapper] = [:]
        for attachment in snapshot.attachments {
            guard RTFDDocument.isSafeMemberName(attachment.name), files[attachment.name] == nil else {
                throw CodecError(
                    code: .markdownBundle(.badMemberName), message: "'\(attachment.name)' cannot be a file name",
                    location: .member(MarkdownBundle.attachmentsFolderName + "/" + attachment.name))
            }
            files[attachment.name] = FileWrapper(regularFileWithContents: attachment.contents)
        }
        var children = [
            MarkdownBundle.documentMemberName: FileWrapper(regularFileWithContents: Data(snapshot.document.text.utf8))
        ]
        if !files.isEmpty {
            children[MarkdownBundle.attachmentsFolderName] = FileWrapper(directoryWithFileWrappers: files)
        }
        return FileWrapper(directoryWithFileWrappers: children)
    }

    public func differences(expected: MarkdownBundle, actual: MarkdownBundle) -> [SnapshotDifference] {
        var result: [SnapshotDifference] = []
        if expected.document != actual.document {
            result.append(
                SnapshotDifference(path: MarkdownBundle.documentMemberName, summary: "the Markdown text differs"))
        }
        let left = Dictionary(
            expected.attachments.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let right = Dictionary(
            actual.attachments.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
        for name in Set(left.keys).union(right.keys).sorted() where left[name] != right[name] {
            result.append(
                SnapshotDifference(
                    path: MarkdownBundle.attachmentsFolderName + "/" + name,
                    expected: left[name].map { "\($0.count) bytes" } ?? "missing",
                    actual: right[name].map { "\($0.count) bytes" } ?? "missing", summary: "the attachment differs"))
        }
        return result
    }
}
