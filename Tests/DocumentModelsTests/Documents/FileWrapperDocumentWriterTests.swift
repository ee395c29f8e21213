import DocumentModels
import SystemSeam
import TestSupport
import Testing

/// Where `FileWrapperDocumentWriter` writes atomically, and where it writes in place.
@Suite struct FileWrapperDocumentWriterTests {
    /// A save folder left in `folder` by a killed save of a process that no longer exists.
    ///
    /// Any atomic FileWrapper write into `folder` sweeps such folders before it makes its own save
    /// folder there, so whether this one survives a write tells whether the write made a save folder.
    private func abandonedSaveFolder(in folder: TemporaryDirectory) throws -> URL {
        let url = folder.appending(SaveFolder.prefix + "2147483000-abandoned")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    private func write(
        _ wrapper: @escaping @Sendable () -> FileWrapper, to destination: URL, intoTemporaryItem: Bool
    ) async throws {
        let configuration = DocumentWriteConfiguration(
            contentType: .plainText, fileWrapperHistory: nil, destinationIsTemporaryItem: intoTemporaryItem)
        let writer = FileWrapperDocumentWriter<String>(configuration) { (_: String) in wrapper() }
        try await writer.write(
            snapshot: "", to: destination, previous: nil,
            progress: ProgressManager(totalCount: 1).subprogress(assigningCount: 1))
    }

    @Test func writesAFileInPlaceIntoAHostsTemporaryItem() async throws {
        let folder = try TemporaryDirectory("writer-in-place")
        let abandoned = try abandonedSaveFolder(in: folder)
        let destination = folder.appending("note.txt")

        try await write(
            { FileWrapper(regularFileWithContents: Data("hello".utf8)) }, to: destination, intoTemporaryItem: true)

        #expect(try Data(contentsOf: destination) == Data("hello".utf8))
        #expect(
            FileManager.default.fileExists(atPath: abandoned.path),
            "the write made a save folder of its own beside the item")
    }

    @Test func writesAPackageInPlaceIntoAHostsTemporaryItem() async throws {
        let folder = try TemporaryDirectory("writer-in-place")
        let abandoned = try abandonedSaveFolder(in: folder)
        let destination = folder.appending("Notes.pkg")

        try await write(
            {
                let inner = FileWrapper(directoryWithFileWrappers: [
                    "b.txt": FileWrapper(regularFileWithContents: Data("b".utf8))
                ])
                return FileWrapper(directoryWithFileWrappers: [
                    "a.txt": FileWrapper(regularFileWithContents: Data("a".utf8)), "inner": inner,
                ])
            }, to: destination, intoTemporaryItem: true)

        #expect(try Data(contentsOf: destination.appendingPathComponent("a.txt")) == Data("a".utf8))
        #expect(try Data(contentsOf: destination.appendingPathComponent("inner/b.txt")) == Data("b".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted() == ["a.txt", "inner"])
        #expect(
            FileManager.default.fileExists(atPath: abandoned.path),
            "the write made a save folder of its own beside the package")
    }

    @Test func writesAtomicallyAnywhereElse() async throws {
        let folder = try TemporaryDirectory("writer-atomic")
        let abandoned = try abandonedSaveFolder(in: folder)
        let destination = folder.appending("note.txt")
        try Data("old".utf8).write(to: destination)

        try await write(
            { FileWrapper(regularFileWithContents: Data("new".utf8)) }, to: destination, intoTemporaryItem: false)

        #expect(try Data(contentsOf: destination) == Data("new".utf8))
        // The atomic write made its save folder beside the file, and swept the abandoned one first.
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
    }
}
