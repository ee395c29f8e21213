// swift-format-ignore-file
// The snippet regions are the guides' text, laid out for a reader of the guide; the formatter leaves them alone.
// The code of MigrationGuides/01-codec-and-headless-host.md. Each `// snippet:` region is copied
// verbatim into the guide (GuideSnippetTests checks it), and the tests below run it.
import DocMigrateCommands
import DocumentCodecs
import Foundation
import TestSupport
import Testing

struct ChecklistItem: Codable, Equatable, Sendable {
    var title: String
    var isDone: Bool
}

// snippet: content-type
extension UTType {
    static let checklist = UTType(exportedAs: "com.example.checklist", conformingTo: .json)
}
// end snippet

/// The app's document as it ships today, with the format rules inside it (step 0 of the guide).
// snippet: legacy-before
struct ChecklistFile: FileDocument {
    static var readableContentTypes: [UTType] { [.checklist] }
    var items: [ChecklistItem] = []

    init(items: [ChecklistItem]) { self.items = items }

    init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else {
            throw CocoaError(.fileReadCorruptFile)
        }
        items = try JSONDecoder().decode([ChecklistItem].self, from: data)
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return FileWrapper(regularFileWithContents: try encoder.encode(items))
    }
}
// end snippet

// snippet: codec
struct ChecklistCodec: DocumentCodec {
    static let identifier = "checklist"
    static var readableContentTypes: [UTType] { [.checklist] }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> [ChecklistItem] {
        guard file.isRegularFile, let data = file.regularFileContents else {
            throw CodecError(code: "checklist.not-a-file", message: "a checklist is one JSON file")
        }
        do {
            return try JSONDecoder().decode([ChecklistItem].self, from: data)
        } catch {
            throw CodecError(code: "checklist.invalid-json", message: "the file is not a checklist: \(error)")
        }
    }

    func encode(_ items: [ChecklistItem], previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return FileWrapper(regularFileWithContents: try encoder.encode(items))
    }
}
// end snippet

/// Step 2: the shipping legacy type keeps its shape and calls the codec.
// snippet: legacy-after
struct ChecklistFileUsingCodec: FileDocument {
    static var readableContentTypes: [UTType] { ChecklistCodec.readableContentTypes }
    var items: [ChecklistItem] = []

    init(items: [ChecklistItem]) { self.items = items }

    init(configuration: ReadConfiguration) throws {
        items = try ChecklistCodec().decode(configuration.file, contentType: configuration.contentType)
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        try ChecklistCodec().encode(items, previous: configuration.existingFile, contentType: configuration.contentType)
    }
}
// end snippet

/// Step 3: the new document type, on the same codec.
// snippet: new-document
@Observable
final class ChecklistDocument: Document {
    static let readableContentTypes: [UTType] = [.checklist]
    var items: [ChecklistItem] = []

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<[ChecklistItem]> {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { file in
            try ChecklistCodec().decode(file, contentType: contentType)
        }
    }

    @MainActor
    func apply(snapshot: sending [ChecklistItem], previous: sending [ChecklistItem]?) async throws {
        items = snapshot
    }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<[ChecklistItem]> {
        let contentType = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { items, previous in
            try ChecklistCodec().encode(items, previous: previous, contentType: contentType)
        }
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending [ChecklistItem] {
        items
    }

    /// Every change registers undo: without it, autosave never runs.
    @MainActor
    func toggle(_ index: Int, undoManager: UndoManager) {
        items[index].isDone.toggle()
        undoManager.registerUndo(withTarget: self) { document in
            document.toggle(index, undoManager: undoManager)
        }
    }
}
// end snippet

@MainActor
@Suite struct CodecAndHostingSnippets {
    static let sample = [ChecklistItem(title: "Pack", isDone: false), ChecklistItem(title: "Go", isDone: false)]

    @Test func theCodecWritesWhatTheLegacyTypeWrote() throws {
        // snippet: same-bytes
        let before = try ChecklistFile(items: Self.sample)
            .fileWrapper(configuration: .init(contentType: .checklist, existingFile: nil))
        let after = try ChecklistCodec().encode(Self.sample, previous: nil, contentType: .checklist)
        #expect(after.regularFileContents == before.regularFileContents)
        // end snippet
        let viaLegacy = try ChecklistFileUsingCodec(items: Self.sample)
            .fileWrapper(configuration: .init(contentType: .checklist, existingFile: nil))
        #expect(viaLegacy.regularFileContents == before.regularFileContents)
    }

    @Test func hostsTheNewDocumentHeadlessly() async throws {
        let folder = try TemporaryDirectory("guide-host")
        let url = folder.appending("Trip.checklist")
        try ChecklistCodec().encode(Self.sample, previous: nil, contentType: .checklist)
            .write(to: url, options: .atomic, originalContentsURL: nil)

        // snippet: host
        let host = DocumentHost { _, _ in ChecklistDocument() }
        let document = try await host.open(url, contentType: .checklist)

        document.items[0].isDone = true           // a change without undo...
        #expect(try await host.autosave() == false) // ...is invisible: nothing is saved

        document.toggle(1, undoManager: host.undoManager)
        #expect(try await host.autosave() == true)  // a registered change is saved

        let reopened = DocumentHost { _, _ in ChecklistDocument() }
        #expect(try await reopened.open(url, contentType: .checklist).items == document.items)
        // end snippet
    }

    @Test func everyRouteOfTheCodecWritesTheSameBytes() async throws {
        let folder = try TemporaryDirectory("guide-routes")
        // snippet: routes
        let value = CodecFileDocument<ChecklistCodec>(content: Self.sample)
        let legacyBytes = try value.fileWrapper(configuration: .init(contentType: .checklist, existingFile: nil))
            .regularFileContents

        let host = DocumentHost { _, _ in CodecWrapperDocument<ChecklistCodec>(content: Self.sample) }
        try await host.create()
        try await host.save(to: folder.appending("new.checklist"), contentType: .checklist)
        #expect(try Data(contentsOf: folder.appending("new.checklist")) == legacyBytes)
        // end snippet
    }

    @Test func aTeamToolRegistersItsCodec() {
        // snippet: team-tool
        var tool = CommandLineTool.docmigrate
        tool.name = "checklist-migrate"
        tool.codecs.register(ChecklistCodec.self)
        // await DocMigrate.main(tool: tool)   // the whole main.swift of the team's tool
        // end snippet
        #expect(tool.codecs.codec(reading: .checklist)?.identifier == "checklist")
    }
}
