import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct NotebookCodecTests {
    let codec = NotebookCodec()
    let type = NotebookCodec.contentType

    static func notebook(pages count: Int) -> Notebook {
        Notebook(title: "Field notes", pages: (0..<count).map { Notebook.Page(text: "Page \($0)\nline two") })
    }

    @Test func writesTheDocumentedLayoutAndReadsItBack() throws {
        let folder = try TemporaryDirectory()
        let notebook = Self.notebook(pages: 3)
        let url = folder.appending("Notes.notebook")
        try codec.encode(notebook, previous: nil, contentType: type).write(
            to: url, options: .atomic, originalContentsURL: nil)

        let metadata =
            try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent("metadata.json")))
            as? [String: Any]
        #expect(metadata?["title"] as? String == "Field notes")
        #expect(metadata?["pageIDs"] as? [String] == notebook.pages.map(\.id.uuidString))
        for page in notebook.pages {
            #expect(
                try String(contentsOf: url.appendingPathComponent("pages/\(page.id.uuidString).txt"), encoding: .utf8)
                    == page.text)
        }
        #expect(try codec.decode(FileWrapper(url: url), contentType: type) == notebook)
    }

    @Test func savingOneChangedPageOfAThousandRewritesOnePageFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.appending("Big.notebook")
        var notebook = Self.notebook(pages: 1000)
        try codec.encode(notebook, previous: nil, contentType: type).write(
            to: url, options: [.atomic, .withNameUpdating], originalContentsURL: nil)
        let before = try Dictionary(
            uniqueKeysWithValues: notebook.pages.map {
                ($0.id, try FileTree.inode(url.appendingPathComponent("pages/\($0.id.uuidString).txt")))
            })
        let metadataBefore = try FileTree.inode(url.appendingPathComponent("metadata.json"))

        let opened = try FileWrapper(url: url)
        notebook = try codec.decode(opened, contentType: type)
        notebook.pages[500].text = "edited"
        let saved = try codec.encode(notebook, previous: opened, contentType: type)
        try saved.write(to: url, options: [.atomic, .withNameUpdating], originalContentsURL: url)

        var rewritten: [UUID] = []
        for page in notebook.pages
        where try FileTree.inode(url.appendingPathComponent("pages/\(page.id.uuidString).txt")) != before[page.id] {
            rewritten.append(page.id)
        }
        #expect(rewritten.count == 1, "\(rewritten.count) of 1000 page files were rewritten")
        #expect(rewritten.first == notebook.pages[500].id)
        #expect(try FileTree.inode(url.appendingPathComponent("metadata.json")) == metadataBefore)
        #expect(try codec.decode(FileWrapper(url: url), contentType: type) == notebook)
    }

    @Test func keepsTheBytesOfAnUnchangedMetadataFile() throws {
        let id = UUID()
        let compact = Data(#"{"title":"T","pageIDs":["\#(id.uuidString)"]}"#.utf8)
        let package = FileWrapper(directoryWithFileWrappers: [
            "metadata.json": FileWrapper(regularFileWithContents: compact),
            "pages": FileWrapper(directoryWithFileWrappers: [
                "\(id.uuidString).txt": FileWrapper(regularFileWithContents: Data("x".utf8))
            ]),
        ])
        let notebook = try codec.decode(package, contentType: type)
        let again = try codec.encode(notebook, previous: package, contentType: type)
        #expect(again.fileWrappers?["metadata.json"]?.regularFileContents == compact)
        var renamed = notebook
        renamed.title = "U"
        let changed = try codec.encode(renamed, previous: package, contentType: type)
        #expect(changed.fileWrappers?["metadata.json"]?.regularFileContents != compact)
    }

    @Test func aListedPageThatIsMissingIsAnErrorNamingTheMember() throws {
        let id = UUID()
        let package = FileWrapper(directoryWithFileWrappers: [
            "metadata.json": FileWrapper(
                regularFileWithContents: Data(#"{"title":"T","pageIDs":["\#(id.uuidString)"]}"#.utf8)),
            "pages": FileWrapper(directoryWithFileWrappers: [:]),
        ])
        let error = try #require(throws: CodecError.self) { try codec.decode(package, contentType: type) }
        #expect(error.code == "notebook.page.missing")
        #expect(error.location == .member("pages/\(id.uuidString).txt"))
    }

    @Test func aPageThatVanishesAfterOpeningIsAnErrorNotAShorterNotebook() throws {
        let folder = try TemporaryDirectory()
        let url = folder.appending("Notes.notebook")
        let notebook = Self.notebook(pages: 2)
        try codec.encode(notebook, previous: nil, contentType: type).write(
            to: url, options: .atomic, originalContentsURL: nil)
        let opened = try FileWrapper(url: url)
        _ = opened.fileWrappers?["pages"]?.fileWrappers
        try FileManager.default.removeItem(
            at: url.appendingPathComponent("pages/\(notebook.pages[1].id.uuidString).txt"))
        let error = try #require(throws: CodecError.self) { try codec.decode(opened, contentType: type) }
        #expect(error.code == "notebook.page.unreadable")
    }

    @Test(arguments: [
        ("not json", "notebook.metadata.invalid"),
        (#"{"title": 3, "pageIDs": []}"#, "notebook.metadata.invalid"),
        (#"{"title": "T", "pageIDs": ["not-a-uuid"]}"#, "notebook.metadata.invalid"),
    ])
    func badMetadataIsAnError(_ json: String, _ code: String) throws {
        let package = FileWrapper(directoryWithFileWrappers: [
            "metadata.json": FileWrapper(regularFileWithContents: Data(json.utf8))
        ])
        let error = try #require(throws: CodecError.self) { try codec.decode(package, contentType: type) }
        #expect(error.code == code)
        #expect(error.location == .member("metadata.json"))
    }

    @Test func explainsDifferencesByTitlePageAndLine() {
        var other = Self.notebook(pages: 2)
        let original = other
        other.title = "Other"
        other.pages[1].text = "Page 1\nline 2"
        let differences = codec.differences(expected: original, actual: other)
        #expect(differences.map(\.path) == ["title", "pages[1] (\(original.pages[1].id.uuidString)) line 2, column 6"])
        #expect(codec.differences(expected: original, actual: original).isEmpty)
    }
}

@Suite struct NotebookContentTypeTests {
    @Test func theBuiltInRegistryDeclaresTheNotebookExtension() throws {
        _ = CodecRegistry.builtIn
        // Like Apple's, the look-up defaults to types conforming to public.data: a package must be asked for.
        #expect(UTType(filenameExtension: "notebook")?.isDynamic == true)
        let type = try #require(UTType(filenameExtension: "notebook", conformingTo: .package))
        #expect(type.identifier == "com.example.notebook")
        #expect(type.conforms(to: .package))
        #expect(type.isDeclared)
        #expect(UTType(filenameExtension: "NOTEBOOK", conformingTo: .package) == NotebookCodec.contentType)
    }
}
