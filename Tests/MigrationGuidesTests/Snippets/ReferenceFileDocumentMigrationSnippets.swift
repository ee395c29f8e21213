// swift-format-ignore-file
// The snippet regions are the guides' text, laid out for a reader of the guide; the formatter leaves them alone.
// The code of MigrationGuides/03-migrating-from-referencefiledocument.md. Each `// snippet:` region is
// copied verbatim into the guide (GuideSnippetTests checks it), and the tests below run it.
import DocMigrateCommands
import DocumentCodecs
import Foundation
import TestSupport
import Testing

// snippet: board-model
struct Pin: Codable, Equatable, Sendable {
    var text: String
    var color: String
}

extension UTType {
    static let board = UTType(exportedAs: "com.example.board", conformingTo: .json)
}
// end snippet

/// Step 0: the shipping reference document.
// snippet: board-file-before
final class BoardFile: ReferenceFileDocument, @unchecked Sendable {
    @Published var pins: [Pin]

    static var readableContentTypes: [UTType] { [.board] }
    static var writableContentTypes: [UTType] { [.board, .plainText] }

    init(pins: [Pin] = []) { self.pins = pins }

    required init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else {
            throw CocoaError(.fileReadCorruptFile)
        }
        pins = try JSONDecoder().decode([Pin].self, from: data)
    }

    func snapshot(contentType: UTType) throws -> [Pin] {
        pins
    }

    func fileWrapper(snapshot: [Pin], configuration: WriteConfiguration) throws -> FileWrapper {
        if configuration.contentType == .plainText {
            let lines = snapshot.map { "[\($0.color)] \($0.text)\n" }.joined()
            return FileWrapper(regularFileWithContents: Data(lines.utf8))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return FileWrapper(regularFileWithContents: try encoder.encode(snapshot))
    }
}
// end snippet

/// Step 1: the format rules, in one codec that writes both types.
// snippet: board-codec
struct BoardCodec: DocumentCodec {
    static let identifier = "board"
    static var readableContentTypes: [UTType] { [.board] }
    static var writableContentTypes: [UTType] { [.board, .plainText] }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> [Pin] {
        guard file.isRegularFile, let data = file.regularFileContents else {
            throw CodecError(code: "board.not-a-file", message: "a board is one JSON file")
        }
        do {
            return try JSONDecoder().decode([Pin].self, from: data)
        } catch {
            throw CodecError(code: "board.invalid", message: "the file is not a board: \(error)")
        }
    }

    func encode(_ pins: [Pin], previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        if contentType == .plainText {
            let lines = pins.map { "[\($0.color)] \($0.text)\n" }.joined()
            return FileWrapper(regularFileWithContents: Data(lines.utf8))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return FileWrapper(regularFileWithContents: try encoder.encode(pins))
    }
}
// end snippet

// snippet: board-file-after
final class BoardFileOnCodec: ReferenceFileDocument, @unchecked Sendable {
    @Published var pins: [Pin]

    static var readableContentTypes: [UTType] { BoardCodec.readableContentTypes }
    static var writableContentTypes: [UTType] { BoardCodec.writableContentTypes }

    init(pins: [Pin] = []) { self.pins = pins }

    required init(configuration: ReadConfiguration) throws {
        pins = try BoardCodec().decode(configuration.file, contentType: configuration.contentType)
    }

    func snapshot(contentType: UTType) throws -> [Pin] {
        pins
    }

    func fileWrapper(snapshot: [Pin], configuration: WriteConfiguration) throws -> FileWrapper {
        try BoardCodec().encode(snapshot, previous: configuration.existingFile, contentType: configuration.contentType)
    }
}
// end snippet

// snippet: board-snapshots
/// What a read produces: the pins as the file holds them.
struct BoardContents: Sendable {
    var pins: [Pin]
}

/// What a save captures on the main actor: the pins, and when they were captured.
struct BoardSave: Sendable {
    var pins: [Pin]
    var capturedAt: Date
}
// end snippet

// snippet: board-document
@Observable
final class BoardDocument: Document {
    static let readableContentTypes: [UTType] = [.board]
    static let writableContentTypes: [UTType] = [.board, .plainText]

    var pins: [Pin] = []
    /// Not part of the file: the time of the last save, for the window's subtitle.
    var lastSaveCaptured: Date?

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<BoardContents> {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { file in
            BoardContents(pins: try BoardCodec().decode(file, contentType: contentType))
        }
    }

    @MainActor
    func apply(snapshot: sending BoardContents, previous: sending BoardContents?) async throws {
        pins = snapshot.pins
    }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<BoardSave> {
        let contentType = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { save, previous in
            try BoardCodec().encode(save.pins, previous: previous, contentType: contentType)
        }
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending BoardSave {
        let save = BoardSave(pins: pins, capturedAt: Date())
        lastSaveCaptured = save.capturedAt
        return save
    }
}
// end snippet

// snippet: board-undo
extension BoardDocument {
    /// Changes a pin's color, registering the undo that restores the old one.
    @MainActor
    func recolor(_ index: Int, to color: String, undoManager: UndoManager) {
        let old = pins[index].color
        pins[index].color = color
        undoManager.registerUndo(withTarget: self) { document in
            document.recolor(index, to: old, undoManager: undoManager)
        }
    }
}
// end snippet

@MainActor
@Suite struct ReferenceFileDocumentMigrationSnippets {
    static let sample = [Pin(text: "Buy milk", color: "yellow"), Pin(text: "Call Ana", color: "blue")]

    static func makeGoldenFolder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("guide-board")
        let cases = folder.appending("board/cases")
        try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
        let shipping = BoardFile(pins: sample)
        let snapshot = try shipping.snapshot(contentType: .board)
        try shipping.fileWrapper(snapshot: snapshot, configuration: .init(contentType: .board, existingFile: nil))
            .write(to: cases.appendingPathComponent("Errands.board"), options: .atomic, originalContentsURL: nil)
        try Data("[{\"text\": \"no color\"}]".utf8).write(to: cases.appendingPathComponent("Broken.board"))
        try Data("""
            {
              "manifestVersion": 1,
              "codec": "board",
              "contentType": "com.example.board",
              "compare": { "members": [], "fallback": "bytes" },
              "cases": [
                { "input": "cases/Errands.board" },
                { "input": "cases/Broken.board", "expect": { "rejected": "board.invalid" } }
              ]
            }
            """.utf8).write(to: folder.appending("board/manifest.json"))
        return folder
    }

    @Test func theGoldenWorkflowPassesThroughTheOldAndTheNewType() async throws {
        let folder = try Self.makeGoldenFolder()
        // snippet: board-tool
        var tool = CommandLineTool.docmigrate
        tool.name = "board-migrate"
        tool.codecs.register(BoardCodec.self)
        tool.routes.register(.referenceFileDocument(BoardFileOnCodec.self, name: "app.board-file", codec: "board"))
        tool.routes.register(.document(name: "app.board-document", codec: "board") { BoardDocument() })
        // end snippet
        let report = folder.appending("report.json").path
        let (code, output) = await FileDocumentMigrationSnippets.run(tool, ["verify", folder.appending("board").path, "--report", "json:" + report])
        #expect(code == .success, "\(output)")
        let json = try String(contentsOfFile: report, encoding: .utf8)
        #expect(json.contains("app.board-file"))
        #expect(json.contains("app.board-document"))
    }

    @Test func theNewTypeExportsWhatTheOldOneExported() async throws {
        let folder = try TemporaryDirectory("guide-board-export")
        let old = BoardFile(pins: Self.sample)
        let oldExport = try old.fileWrapper(snapshot: old.snapshot(contentType: .plainText), configuration: .init(contentType: .plainText, existingFile: nil))

        // snippet: board-export
        let host = DocumentHost { _, _ in BoardDocument() }
        let document = try await host.create()
        document.pins = Self.sample
        let export = folder.appending("Errands.txt")
        try await host.export(to: export, contentType: .plainText)
        // end snippet
        #expect(try Data(contentsOf: export) == oldExport.regularFileContents)
        #expect(String(decoding: try Data(contentsOf: export), as: UTF8.self) == "[yellow] Buy milk\n[blue] Call Ana\n")
        #expect(document.lastSaveCaptured != nil)
    }

    @Test func recoloringRegistersUndoSoAutosaveRuns() async throws {
        let folder = try TemporaryDirectory("guide-board-undo")
        let url = folder.appending("Errands.board")
        try BoardCodec().encode(Self.sample, previous: nil, contentType: .board).write(to: url, options: .atomic, originalContentsURL: nil)
        let host = DocumentHost { _, _ in BoardDocument() }
        let document = try await host.open(url, contentType: .board)
        document.recolor(0, to: "green", undoManager: host.undoManager)
        #expect(try await host.autosave() == true)
        #expect(try BoardCodec().decode(FileWrapper(url: url, options: .immediate), contentType: .board)[0].color == "green")
        host.undoManager.undo()
        #expect(document.pins[0].color == "yellow")
    }
}
