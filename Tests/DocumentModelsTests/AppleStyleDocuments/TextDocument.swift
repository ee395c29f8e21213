// Written as Apple's SwiftUI documentation writes a text document with the 27 API:
// https://developer.apple.com/documentation/swiftui/readabledocument (the reader and `apply`),
// https://developer.apple.com/documentation/swiftui/filewrapperdocumentwriter (the writer, `{ snapshot, _ in … }`),
// https://developer.apple.com/documentation/swiftui/writabledocument (snapshot on the main actor, undo for every
// change).
// The only change from the original: `import SwiftUI` became `import DocumentModels`.
import DocumentModels

@Observable
final class TextDocument: Document {
    static let readableContentTypes: [UTType] = [.plainText]

    var text: String

    init(text: String = "") {
        self.text = text
    }

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<String> {
        FileWrapperDocumentReader(configuration) { fileWrapper in
            guard let data = fileWrapper.regularFileContents,
                let text = String(data: data, encoding: .utf8)
            else {
                throw CocoaError(.fileReadCorruptFile)
            }
            return text
        }
    }

    @MainActor
    func apply(snapshot: String, previous: String?) async throws {
        text = snapshot
    }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<String> {
        FileWrapperDocumentWriter(configuration) { snapshot, _ in
            FileWrapper(regularFileWithContents: Data(snapshot.utf8))
        }
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending String {
        text
    }

    /// Every user-facing change goes through undo, or autosave never sees it.
    @MainActor
    func setText(_ newText: String, undoManager: UndoManager?) {
        let oldText = text
        text = newText
        undoManager?.registerUndo(withTarget: self) { document in
            document.setText(oldText, undoManager: undoManager)
        }
    }
}
