import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// The one rule of the design: a codec's four adapters run the same format rules, byte for byte.
@Suite struct FourRoutesTests {
    static func progress() -> Subprogress {
        ProgressManager(totalCount: 1).subprogress(assigningCount: 1)
    }

    /// Writes `snapshot` through each of the four routes into `folder` and returns the four locations.
    static func writeThroughEveryRoute<Codec: DocumentCodec>(
        _ codec: Codec.Type, _ snapshot: Codec.Snapshot, contentType: UTType, in folder: URL, name: String
    ) async throws -> [String: URL] {
        var written: [String: URL] = [:]

        let value = CodecFileDocument<Codec>(content: snapshot)
        let valueURL = folder.appendingPathComponent("value-" + name)
        try value.fileWrapper(configuration: .init(contentType: contentType, existingFile: nil))
            .write(to: valueURL, options: .atomic, originalContentsURL: nil)
        written["FileDocument"] = valueURL

        let reference = CodecReferenceDocument<Codec>(content: snapshot)
        let referenceURL = folder.appendingPathComponent("reference-" + name)
        try reference.fileWrapper(
            snapshot: try reference.snapshot(contentType: contentType),
            configuration: .init(contentType: contentType, existingFile: nil)
        )
        .write(to: referenceURL, options: .atomic, originalContentsURL: nil)
        written["ReferenceFileDocument"] = referenceURL

        let wrapperDocument = CodecWrapperDocument<Codec>(content: snapshot)
        let wrapperURL = folder.appendingPathComponent("wrapper-" + name)
        let wrapperSnapshot = try await wrapperDocument.snapshot(contentType: contentType)
        try await wrapperDocument.writer(configuration: DocumentWriteConfiguration(contentType: contentType))
            .write(snapshot: wrapperSnapshot, to: wrapperURL, previous: nil, progress: progress())
        written["FileWrapperDocumentWriter"] = wrapperURL

        let urlDocument = CodecURLDocument<Codec>(content: snapshot)
        let urlURL = folder.appendingPathComponent("url-" + name)
        let urlSnapshot = try await urlDocument.snapshot(contentType: contentType)
        try await urlDocument.writer(configuration: DocumentWriteConfiguration(contentType: contentType))
            .write(snapshot: urlSnapshot, to: urlURL, previous: nil, progress: progress())
        written["DocumentWriter"] = urlURL
        return written
    }

    /// Reads `url` through each of the four routes.
    static func readThroughEveryRoute<Codec: DocumentCodec>(
        _ codec: Codec.Type, _ url: URL, contentType: UTType
    ) async throws -> [String: Codec.Snapshot] {
        var read: [String: Codec.Snapshot] = [:]
        read["FileDocument"] = try CodecFileDocument<Codec>(
            configuration: .init(contentType: contentType, file: FileWrapper(url: url))
        ).content
        read["ReferenceFileDocument"] = try CodecReferenceDocument<Codec>(
            configuration: .init(contentType: contentType, file: FileWrapper(url: url))
        ).content
        let wrapperDocument = CodecWrapperDocument<Codec>()
        read["FileWrapperDocumentReader"] = try await wrapperDocument.reader(
            configuration: DocumentReadConfiguration(contentType: contentType)
        )
        .read(from: url, progress: progress())
        let urlDocument = CodecURLDocument<Codec>()
        read["DocumentReader"] = try await urlDocument.reader(
            configuration: DocumentReadConfiguration(contentType: contentType)
        )
        .read(from: url, progress: progress())
        return read
    }

    @Test func plainTextRoutesWriteIdenticalBytesAndReadEqualSnapshots() async throws {
        let folder = try TemporaryDirectory()
        let text = "Grüße\r\nline two\n"
        let document = TextDocument(text: text, encoding: .utf8, hasByteOrderMark: true)
        let written = try await Self.writeThroughEveryRoute(
            PlainTextCodec.self, document, contentType: .utf8PlainText, in: folder.url, name: "note.txt")
        let trees = try written.mapValues(FileTree.snapshot)
        #expect(Set(trees.values).count == 1, "\(trees.mapValues { $0.values.map(\.count) })")
        #expect(trees["FileDocument"]?[""] == Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
        for url in written.values {
            let snapshots = try await Self.readThroughEveryRoute(PlainTextCodec.self, url, contentType: .utf8PlainText)
            #expect(snapshots.count == 4 && snapshots.values.allSatisfy { $0 == document })
        }
    }

    @Test func notebookRoutesWriteIdenticalTreesAndReadEqualSnapshots() async throws {
        let folder = try TemporaryDirectory()
        let notebook = Notebook(title: "Trip", pages: (0..<5).map { Notebook.Page(text: "page \($0)") })
        let written = try await Self.writeThroughEveryRoute(
            NotebookCodec.self, notebook, contentType: NotebookCodec.contentType, in: folder.url, name: "Trip.notebook")
        let trees = try written.mapValues(FileTree.snapshot)
        #expect(Set(trees.values).count == 1, "routes disagree: \(trees.mapValues(\.count))")
        #expect(trees["DocumentWriter"]?.count == 7)
        for url in written.values {
            let snapshots = try await Self.readThroughEveryRoute(
                NotebookCodec.self, url, contentType: NotebookCodec.contentType)
            #expect(snapshots.count == 4 && snapshots.values.allSatisfy { $0 == notebook })
        }
    }

    @Test func aCorruptFileFailsEveryRouteWithAnErrorNamingTheFile() async throws {
        let folder = try TemporaryDirectory()
        let url = folder.appending("bad.txt")
        try Data([0x6F, 0x6B, 0xFF]).write(to: url)
        var codes: [String: (String, String?)] = [:]
        do {
            _ = try CodecFileDocument<PlainTextCodec>(
                configuration: .init(contentType: .utf8PlainText, file: FileWrapper(url: url)))
        } catch let error as CodecError { codes["FileDocument"] = (error.code, error.file) }
        do {
            _ = try CodecReferenceDocument<PlainTextCodec>(
                configuration: .init(contentType: .utf8PlainText, file: FileWrapper(url: url)))
        } catch let error as CodecError { codes["ReferenceFileDocument"] = (error.code, error.file) }
        do {
            _ = try await CodecURLDocument<PlainTextCodec>().reader(
                configuration: DocumentReadConfiguration(contentType: .utf8PlainText)
            )
            .read(from: url, progress: Self.progress())
        } catch let error as CodecError { codes["DocumentReader"] = (error.code, error.file) }
        do {
            _ = try await CodecWrapperDocument<PlainTextCodec>().reader(
                configuration: DocumentReadConfiguration(contentType: .utf8PlainText)
            )
            .read(from: url, progress: Self.progress())
        } catch let error as CodecError { codes["FileWrapperDocumentReader"] = (error.code, error.file) }
        #expect(codes.count == 4)
        for (route, (code, file)) in codes {
            #expect(code == "text.undetectable-encoding", "\(route)")
            #expect(file?.hasSuffix("bad.txt") == true, "\(route) named \(file ?? "no file")")
        }
    }

    @Test func aDocumentWithoutContentRefusesToSave() async {
        await #expect(throws: CodecError.self) {
            _ = try await CodecWrapperDocument<PlainTextCodec>().snapshot(contentType: .utf8PlainText)
        }
    }

    @Test func theLegacyValueRouteHandsTheExistingFileToAnIncrementalCodec() throws {
        let folder = try TemporaryDirectory()
        let url = folder.appending("Trip.notebook")
        var notebook = Notebook(title: "Trip", pages: (0..<3).map { Notebook.Page(text: "page \($0)") })
        try CodecFileDocument<NotebookCodec>(content: notebook).fileWrapper(
            configuration: .init(contentType: NotebookCodec.contentType, existingFile: nil)
        )
        .write(to: url, options: .atomic, originalContentsURL: nil)
        let existing = try FileWrapper(url: url)
        var document = try CodecFileDocument<NotebookCodec>(
            configuration: .init(contentType: NotebookCodec.contentType, file: existing))
        notebook.pages[0].text = "changed"
        document.content = notebook
        let saved = try document.fileWrapper(
            configuration: .init(contentType: NotebookCodec.contentType, existingFile: existing))
        let unchangedID = notebook.pages[1].id.uuidString + ".txt"
        #expect(
            saved.fileWrappers?["pages"]?.fileWrappers?[unchangedID]
                === existing.fileWrappers?["pages"]?.fileWrappers?[unchangedID])
    }
}
