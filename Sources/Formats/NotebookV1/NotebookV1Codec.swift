import DocumentCodecs

/// Notebook v1 files (`com.example.notebook-v1`, extension `notebookv1`): the flat legacy notebook.
///
/// One file holding a keyed archive of the app's `Notebook` and `Page` classes (binary or XML), or the
/// same content as a plain property list (binary or XML). Reading goes through the property-list readers and
/// `NotebookV1(propertyList:)` for the content; writing keeps the storage the notebook was read in,
/// and an unchanged notebook is written back as it was read. Error codes: the `plist.*` codes for the
/// bytes, the `keyed-archive.*` codes for the archive, the `notebook-v1.*` codes of
/// `NotebookV1(propertyList:)`, plus `notebook-v1.not-a-file`, `.unreadable` and `.unwritable-format`.
public struct NotebookV1Codec: DocumentCodec {
    public typealias Snapshot = NotebookV1

    public init() {}

    public static let identifier = "notebook-v1"
    /// `com.example.notebook-v1`, a flat file with the `notebookv1` extension, declared as `NotebookCodec.contentType`
    /// declares its type.
    public static let contentType: UTType = {
        #if !canImport(Darwin)
        UTTypeRegistry.shared.register([
            UTTypeDeclaration(
                kind: .exported, identifier: "com.example.notebook-v1", conformsTo: ["public.data"],
                tags: [.filenameExtension: ["notebookv1"]], typeDescription: "Notebook (version 1)")
        ])
        #endif
        return UTType(exportedAs: "com.example.notebook-v1", conformingTo: .data)
    }()
    public static var readableContentTypes: [UTType] { [contentType] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> NotebookV1 {
        guard file.isRegularFile else {
            throw CodecError(code: .notebookV1(.notAFile), message: "a notebook v1 is a single file, not a folder")
        }
        let propertyList = try KeyedArchiveCodec.propertyList(file, unreadable: .notebookV1(.unreadable))
        return try NotebookV1(propertyList: propertyList)
    }

    public func encode(_ snapshot: NotebookV1, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(
            regularFileWithContents: try KeyedArchiveCodec.data(
                try snapshot.propertyList(), unwritable: .notebookV1(.unwritableFormat)))
    }

    public func differences(expected: NotebookV1, actual: NotebookV1) -> [SnapshotDifference] {
        var differences: [SnapshotDifference] = []
        if expected.storage != actual.storage {
            differences.append(
                SnapshotDifference(
                    path: "storage", expected: "\(expected.storage)", actual: "\(actual.storage)",
                    summary: "the storage differs"))
        }
        if expected.title != actual.title {
            differences.append(
                SnapshotDifference(
                    path: "title", expected: "\"\(expected.title)\"", actual: "\"\(actual.title)\"",
                    summary: "the title differs"))
        }
        if expected.pages.count != actual.pages.count {
            differences.append(
                SnapshotDifference(
                    path: "pages", expected: "\(expected.pages.count) pages", actual: "\(actual.pages.count) pages",
                    summary: "the number of pages differs"))
        }
        for (index, (left, right)) in zip(expected.pages, actual.pages).enumerated() {
            if left.text != right.text,
                let difference = TextDifferences.first(
                    expected: left.text, actual: right.text, path: "pages[\(index)].text")
            {
                differences.append(difference)
            }
            for (key, leftDate, rightDate) in [
                ("created", left.created, right.created), ("modified", left.modified, right.modified),
            ] where leftDate != rightDate {
                differences.append(
                    SnapshotDifference(
                        path: "pages[\(index)].\(key)", expected: "\(leftDate.timeIntervalSinceReferenceDate)",
                        actual: "\(rightDate.timeIntervalSinceReferenceDate)", summary: "the \(key) date differs"))
            }
        }
        return differences
    }
}
