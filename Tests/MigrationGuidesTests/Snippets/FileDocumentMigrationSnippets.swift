// swift-format-ignore-file
// The snippet regions are the guides' text, laid out for a reader of the guide; the formatter leaves them alone.
// The code of MigrationGuides/02-migrating-from-filedocument.md. Each `// snippet:` region is copied
// verbatim into the guide (GuideSnippetTests checks it), and the tests below run it.
import DocMigrateCommands
import DocumentCodecs
import Foundation
import Synchronization
import TestSupport
import Testing

// snippet: deck-model
struct Card: Codable, Equatable, Sendable {
    var front: String
    var back: String
}

struct Deck: Codable, Equatable, Sendable {
    var title: String
    var cards: [Card]
}

extension UTType {
    static let deck = UTType(exportedAs: "com.example.deck", conformingTo: .json)
}
// end snippet

/// Step 0: the shipping value-type document, format rules inside.
// snippet: deck-file-before
struct DeckFile: FileDocument {
    static var readableContentTypes: [UTType] { [.deck] }
    var deck = Deck(title: "Untitled", cards: [])

    init() {}

    init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else {
            throw CocoaError(.fileReadCorruptFile)
        }
        deck = try JSONDecoder().decode(Deck.self, from: data)
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return FileWrapper(regularFileWithContents: try encoder.encode(deck))
    }
}
// end snippet

/// Step 1: the format rules, once.
// snippet: deck-codec
struct DeckCodec: DocumentCodec {
    static let identifier = "deck"
    static var readableContentTypes: [UTType] { [.deck] }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> Deck {
        guard file.isRegularFile, let data = file.regularFileContents else {
            throw CodecError(code: "deck.not-a-file", message: "a deck is one JSON file")
        }
        do {
            return try JSONDecoder().decode(Deck.self, from: data)
        } catch {
            throw CodecError(code: "deck.invalid", message: "the file is not a deck: \(error)")
        }
    }

    func encode(_ deck: Deck, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return FileWrapper(regularFileWithContents: try encoder.encode(deck))
    }
}
// end snippet

/// Step 1, continued: the shipping type keeps its shape and calls the codec.
// snippet: deck-file-after
struct DeckFileOnCodec: FileDocument {
    static var readableContentTypes: [UTType] { DeckCodec.readableContentTypes }
    var deck = Deck(title: "Untitled", cards: [])

    init() {}

    init(configuration: ReadConfiguration) throws {
        deck = try DeckCodec().decode(configuration.file, contentType: configuration.contentType)
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        try DeckCodec().encode(deck, previous: configuration.existingFile, contentType: configuration.contentType)
    }
}
// end snippet

/// Steps 3 to 5: the new reference-type document.
// snippet: deck-document
@Observable
final class DeckDocument: Document {
    static let readableContentTypes: [UTType] = [.deck]
    var deck = Deck(title: "Untitled", cards: [])

    // Reading: the reader decodes off the main actor; apply only assigns.
    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<Deck> {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { file in
            try DeckCodec().decode(file, contentType: contentType)
        }
    }

    @MainActor
    func apply(snapshot: sending Deck, previous: sending Deck?) async throws {
        deck = snapshot
    }

    // Writing: snapshot copies the value; the writer encodes off the main actor.
    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<Deck> {
        let contentType = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { deck, previous in
            try DeckCodec().encode(deck, previous: previous, contentType: contentType)
        }
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending Deck {
        deck
    }
}
// end snippet

// snippet: deck-undo
extension DeckDocument {
    /// Adds a card, and registers the undo that removes it again.
    @MainActor
    func add(_ card: Card, undoManager: UndoManager) {
        deck.cards.append(card)
        undoManager.registerUndo(withTarget: self) { document in
            document.removeLast(undoManager: undoManager)
        }
        undoManager.setActionName("Add Card")
    }

    /// Removes the last card, and registers the undo that adds it back.
    @MainActor
    func removeLast(undoManager: UndoManager) {
        guard let card = deck.cards.popLast() else { return }
        undoManager.registerUndo(withTarget: self) { document in
            document.add(card, undoManager: undoManager)
        }
    }
}
// end snippet

@MainActor
@Suite struct FileDocumentMigrationSnippets {
    static let sample = Deck(title: "Capitals", cards: [
        Card(front: "France", back: "Paris"), Card(front: "Japan", back: "Tokyo / 東京"),
    ])

    /// A golden folder holding one document written by the shipping type, as the guide's step 2 makes it.
    static func makeGoldenFolder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("guide-deck")
        let cases = folder.appending("deck/cases")
        try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
        var shipping = DeckFile()
        shipping.deck = sample
        try shipping.fileWrapper(configuration: .init(contentType: .deck, existingFile: nil))
            .write(to: cases.appendingPathComponent("Capitals.deck"), options: .atomic, originalContentsURL: nil)
        try Data("{\"title\": \"Broken\", \"cards\": 3}".utf8).write(to: cases.appendingPathComponent("Broken.deck"))
        try Data(manifest.utf8).write(to: folder.appending("deck/manifest.json"))
        return folder
    }

    static let manifest = """
        {
          "manifestVersion": 1,
          "codec": "deck",
          "contentType": "com.example.deck",
          "compare": { "members": [], "fallback": "bytes" },
          "cases": [
            { "input": "cases/Capitals.deck" },
            { "input": "cases/Broken.deck", "expect": { "rejected": "deck.invalid" } }
          ]
        }
        """

    /// Runs the team's tool in-process, as `swift run deck-migrate …` would.
    static func run(_ tool: CommandLineTool, _ arguments: [String]) async -> (ExitCode, String) {
        let output = CapturedOutput()
        let code = await tool.run(
            arguments: arguments, environment: ["CI": "true"],
            output: CommandOutput(standardOutput: output, standardError: output))
        return (code, output.text)
    }

    @Test func theCodecWritesWhatTheShippingTypeWrote() throws {
        var shipping = DeckFile()
        shipping.deck = Self.sample
        let before = try shipping.fileWrapper(configuration: .init(contentType: .deck, existingFile: nil))
        var onCodec = DeckFileOnCodec()
        onCodec.deck = Self.sample
        let after = try onCodec.fileWrapper(configuration: .init(contentType: .deck, existingFile: nil))
        #expect(after.regularFileContents == before.regularFileContents)
        // A slash is written as is, as the shipping encoder was told.
        #expect(String(decoding: after.regularFileContents ?? Data(), as: UTF8.self).contains("Tokyo / 東京"))
    }

    @Test func theGoldenWorkflowPassesAtEveryStep() async throws {
        let folder = try Self.makeGoldenFolder()
        let corpus = folder.appending("deck").path

        // Step 2: the codec's own four routes and the shipping FileDocument.
        // snippet: deck-tool-legacy
        var tool = CommandLineTool.docmigrate
        tool.name = "deck-migrate"
        tool.codecs.register(DeckCodec.self)
        tool.routes.register(.fileDocument(DeckFileOnCodec.self, name: "app.deck-file", codec: "deck"))
        // end snippet
        let legacyReport = folder.appending("legacy.json").path
        let (legacyCode, legacyOutput) = await Self.run(tool, ["verify", corpus, "--report", "json:" + legacyReport])
        #expect(legacyCode == .success, "\(legacyOutput)")
        #expect(try String(contentsOfFile: legacyReport, encoding: .utf8).contains("app.deck-file"))

        // Steps 3 to 5: the new type joins the routes; the same golden files must still pass.
        // snippet: deck-tool-new
        tool.routes.register(.document(name: "app.deck-document", codec: "deck") { DeckDocument() })
        // end snippet
        let newReport = folder.appending("new.json").path
        let (newCode, newOutput) = await Self.run(tool, ["verify", corpus, "--report", "json:" + newReport])
        #expect(newCode == .success, "\(newOutput)")
        #expect(try String(contentsOfFile: newReport, encoding: .utf8).contains("app.deck-document"))
    }

    @Test func theShippingTypeBeforeTheCodecRejectsWithFoundationsError() async throws {
        // Why step 1 comes first: before it uses the codec, the shipping type fails with a
        // DecodingError, so a rejected case cannot name the codec's stable code.
        let folder = try Self.makeGoldenFolder()
        var tool = CommandLineTool.docmigrate
        tool.codecs.register(DeckCodec.self)
        tool.routes.register(.fileDocument(DeckFile.self, name: "app.shipping-deck-file", codec: "deck"))
        let (code, output) = await Self.run(tool, ["verify", folder.appending("deck").path])
        #expect(code == .failure)
        #expect(output.contains("app.shipping-deck-file rejected it with host.open.read-failed instead of deck.invalid"), "\(output)")
    }

    @Test func aChangedFormatFailsTheWorkflow() async throws {
        // The check can fail: a document type that writes compact JSON instead breaks the golden file.
        let folder = try Self.makeGoldenFolder()
        var tool = CommandLineTool.docmigrate
        tool.codecs.register(DeckCodec.self)
        tool.routes.register(.document(name: "app.compact-deck", codec: "deck") { CompactDeckDocument() })
        let (code, output) = await Self.run(tool, ["verify", folder.appending("deck").path])
        #expect(code == .failure, "\(output)")
        #expect(output.contains("app.compact-deck"), "\(output)")
    }

    @Test func undoRegistrationIsWhatMakesAutosaveRun() async throws {
        let folder = try TemporaryDirectory("guide-deck-undo")
        let url = folder.appending("Capitals.deck")
        try DeckCodec().encode(Self.sample, previous: nil, contentType: .deck)
            .write(to: url, options: .atomic, originalContentsURL: nil)
        // snippet: deck-host
        let host = DocumentHost { _, _ in DeckDocument() }
        let document = try await host.open(url, contentType: .deck)

        document.deck.title = "Renamed"               // no undo registered:
        #expect(try await host.autosave() == false)   // autosave does not see it

        document.add(Card(front: "Peru", back: "Lima"), undoManager: host.undoManager)
        #expect(try await host.autosave() == true)    // this change is saved
        // end snippet
        let saved = try DeckCodec().decode(FileWrapper(url: url, options: .immediate), contentType: .deck)
        #expect(saved.cards.count == 3)
        #expect(saved.title == "Renamed")
        host.undoManager.undo()
        #expect(document.deck.cards.count == 2)
        host.undoManager.redo()
        #expect(document.deck.cards.last == Card(front: "Peru", back: "Lima"))
    }

    @Test func creatingADocumentGoesThroughTheMakeDocumentClosure() async throws {
        // snippet: deck-make-document
        let host = DocumentHost { configuration, context in
            let document = DeckDocument()
            if context.creationSource == .sampleDeck {
                document.deck = Deck(title: "Sample", cards: [Card(front: "Hello", back: "Bonjour")])
            }
            return document
        }
        let sample = try await host.create(source: .sampleDeck)
        #expect(sample.deck.title == "Sample")
        // end snippet
        let blank = try await DocumentHost { _, _ in DeckDocument() }.create()
        #expect(blank.deck.cards.isEmpty)
    }
}

// snippet: deck-creation-source
extension DocumentCreationSource {
    static let sampleDeck = DocumentCreationSource(id: "sample-deck")
}
// end snippet

/// A deliberately wrong migration: the new type writes compact JSON, which the golden files catch.
@Observable
final class CompactDeckDocument: Document {
    static let readableContentTypes: [UTType] = [.deck]
    var deck = Deck(title: "Untitled", cards: [])

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<Deck> {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { file in try DeckCodec().decode(file, contentType: contentType) }
    }

    @MainActor
    func apply(snapshot: sending Deck, previous: sending Deck?) async throws { deck = snapshot }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<Deck> {
        FileWrapperDocumentWriter(configuration) { deck, _ in FileWrapper(regularFileWithContents: try JSONEncoder().encode(deck)) }
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending Deck { deck }
}

/// Collects everything a tool writes, for the tests above.
final class CapturedOutput: TextDestination {
    private let collected = Mutex("")

    func write(_ text: String) {
        collected.withLock { $0 += text }
    }

    var text: String { collected.withLock { $0 } }
}
