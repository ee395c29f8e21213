import SwiftUI

extension UTType {
    static let journal = UTType(exportedAs: "com.example.journal", conformingTo: .json)
    static var legacyJournal: UTType { UTType(importedAs: "com.other.journal") }
}

@main
struct JournalApp: App {
    var body: some Scene {
        DocumentGroup { document in
            JournalEditor(document: document)
        } makeDocument: { _, _ in
            JournalDocument()
        }
    }
}

struct Entry: Codable, Sendable {
    var text: String
}

@Observable
final class JournalDocument: Document {
    static let readableContentTypes: [UTType] = [.journal]
    var entries: [Entry] = []

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<[Entry]> {
        FileWrapperDocumentReader(configuration) { file in
            guard let data = file.regularFileContents else { throw CocoaError(.fileReadCorruptFile) }
            return try JSONDecoder().decode([Entry].self, from: data)
        }
    }

    @MainActor
    func apply(snapshot: sending [Entry], previous: sending [Entry]?) async throws {
        entries = snapshot
    }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<[Entry]> {
        FileWrapperDocumentWriter(configuration) { entries, _ in
            FileWrapper(regularFileWithContents: try JSONEncoder().encode(entries))
        }
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending [Entry] {
        entries
    }

    @MainActor
    func add(_ entry: Entry, undoManager: UndoManager) {
        entries.append(entry)
        undoManager.registerUndo(withTarget: self) { document in
            document.entries.removeLast()
        }
    }
}
