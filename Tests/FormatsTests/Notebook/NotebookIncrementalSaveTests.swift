import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

/// A save that reuses the previous package writes the same bytes as a full rewrite, whatever the edit.
@Suite struct NotebookIncrementalSaveTests {
    let codec = NotebookCodec()
    let type = NotebookCodec.contentType

    /// One random edit of the kinds an app makes; the same ones on every run.
    static func edit(_ notebook: inout Notebook, using generator: inout SeededGenerator) {
        let index = Int.random(in: 0..<notebook.pages.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
            notebook.pages[index].text += "one more line \(index)\n"
        case 1:
            // The same length, one byte different: only a comparison of every byte tells it from the old page.
            var bytes = Array(notebook.pages[index].text.utf8)
            bytes[bytes.count / 2] = bytes[bytes.count / 2] == 0x78 ? 0x79 : 0x78
            notebook.pages[index].text = String(decoding: bytes, as: UTF8.self)
        case 2:
            notebook.pages.insert(Notebook.Page(text: "a new page été\n"), at: index)
        case 3 where notebook.pages.count > 2:
            notebook.pages.remove(at: index)
        case 4:
            notebook.pages.swapAt(index, Int.random(in: 0..<notebook.pages.count, using: &generator))
        case 5:
            notebook.title =
                ["Field notes", "Notes / \"quoted\"", "Café\tnotes", "Field notes 2"][
                    Int.random(in: 0..<4, using: &generator)]
        default:
            break  // Saved unchanged.
        }
    }

    @Test func eachSaveWritesTheBytesOfAFullRewriteAfterRandomEdits() throws {
        let folder = try TemporaryDirectory("notebook-incremental")
        let url = folder.appending("Notes.notebook")
        var generator = SeededGenerator(seed: 20_261_130)
        var notebook = Notebook(
            title: "Field notes",
            pages: (0..<150).map {
                Notebook.Page(text: "Page \($0)\n" + String(repeating: "text \($0) ", count: $0 % 40))
            })
        try codec.encode(notebook, previous: nil, contentType: type).write(
            to: url, options: [.atomic, .withNameUpdating], originalContentsURL: nil)
        // As `FileWrapperDocumentWriter` keeps it: the wrapper read, then the one each save wrote.
        var previous = try FileWrapper(url: url)
        notebook = try codec.decode(previous, contentType: type)

        for round in 0..<8 {
            for _ in 0..<Int.random(in: 1...3, using: &generator) { Self.edit(&notebook, using: &generator) }
            let saved = try codec.encode(notebook, previous: previous, contentType: type)
            try saved.write(to: url, options: [.atomic, .withNameUpdating], originalContentsURL: url)
            previous = saved

            let rewrite = folder.appending("rewrite-\(round).notebook")
            try codec.encode(notebook, previous: nil, contentType: type).write(
                to: rewrite, options: [], originalContentsURL: nil)
            let savedTree = try FileTree.snapshot(url)
            let rewrittenTree = try FileTree.snapshot(rewrite)
            #expect(savedTree.count == notebook.pages.count + 2, "round \(round)")
            #expect(
                savedTree == rewrittenTree,
                "round \(round): \(Set(savedTree.keys).symmetricDifference(rewrittenTree.keys).sorted())")
            #expect(try codec.decode(FileWrapper(url: url), contentType: type) == notebook, "round \(round)")
        }
    }

    @Test func anUnchangedPageIsReusedAndAChangedOneOfTheSameLengthIsNot() throws {
        let old = FileWrapper(regularFileWithContents: Data("abcdef".utf8))
        let id = UUID()
        let package = FileWrapper(directoryWithFileWrappers: [
            "metadata.json": FileWrapper(
                regularFileWithContents: try NotebookCodec.encodeMetadata(NotebookMetadata(title: "T", pageIDs: [id]))),
            "pages": FileWrapper(directoryWithFileWrappers: ["\(id.uuidString).txt": old]),
        ])
        let same = try codec.encode(
            Notebook(title: "T", pages: [.init(id: id, text: "abcdef")]), previous: package, contentType: type)
        #expect(same.fileWrappers?["pages"]?.fileWrappers?["\(id.uuidString).txt"] === old)
        let changed = try codec.encode(
            Notebook(title: "T", pages: [.init(id: id, text: "abcdeF")]), previous: package, contentType: type)
        let written = try #require(changed.fileWrappers?["pages"]?.fileWrappers?["\(id.uuidString).txt"])
        #expect(written !== old)
        #expect(written.regularFileContents == Data("abcdeF".utf8))
    }

    /// Titles that the JSON encoder escapes (quotes, slashes, control characters) or writes as they are.
    @Test(arguments: ["Field notes", "", "Notes / \"quoted\" \\ back", "Tab\tand\nnewline\u{1}", "Café 📓 ü"])
    func theMetadataBytesBuiltForComparisonAreTheOnesTheEncoderWrites(title: String) throws {
        let ids = (0..<3).map { _ in UUID() }
        let metadata = NotebookMetadata(title: title, pageIDs: ids)
        let encoded = try NotebookCodec.encodeMetadata(metadata)
        let built = try #require(
            try NotebookCodec.writtenMetadataBytes(title: title, identifiers: ids.map(\.uuidString)))
        #expect(
            Data(built) == encoded,
            "\(String(decoding: built, as: UTF8.self))\nversus\n\(String(decoding: encoded, as: UTF8.self))")
        #expect(NotebookCodec.isMetadata(encoded, of: metadata, identifiers: ids.map(\.uuidString)))
        // Another order, another title, or a page fewer is other metadata, however the bytes are compared.
        let reordered = NotebookMetadata(title: title, pageIDs: ids.reversed())
        #expect(!NotebookCodec.isMetadata(encoded, of: reordered, identifiers: reordered.pageIDs.map(\.uuidString)))
        let retitled = NotebookMetadata(title: title + "x", pageIDs: ids)
        #expect(!NotebookCodec.isMetadata(encoded, of: retitled, identifiers: ids.map(\.uuidString)))
        let shorter = NotebookMetadata(title: title, pageIDs: Array(ids.dropLast()))
        #expect(!NotebookCodec.isMetadata(encoded, of: shorter, identifiers: shorter.pageIDs.map(\.uuidString)))
    }

    @Test func metadataWrittenByAnotherToolIsComparedInMeaning() throws {
        let ids = [UUID(), UUID()]
        let metadata = NotebookMetadata(title: "T", pageIDs: ids)
        let compact = Data(
            #"{"title":"T","pageIDs":["\#(ids[0].uuidString.lowercased())","\#(ids[1].uuidString)"]}"#.utf8)
        #expect(NotebookCodec.isMetadata(compact, of: metadata, identifiers: ids.map(\.uuidString)))
        #expect(
            !NotebookCodec.isMetadata(
                compact, of: NotebookMetadata(title: "U", pageIDs: ids), identifiers: ids.map(\.uuidString)))
    }
}
