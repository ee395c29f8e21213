import DocumentModels
import TestSupport
import Testing

@MainActor
@Suite struct DocumentHostAutosaveTests {
    private func openText(
        _ text: String, in folder: TemporaryDirectory
    ) async throws -> (DocumentHost<TextDocument>, TextDocument, URL) {
        let url = folder.appending("note.txt")
        try Data(text.utf8).write(to: url)
        let host = DocumentHost { _, _ in TextDocument() }
        let document = try await host.open(url)
        return (host, document, url)
    }

    @Test func autosaveDoesNothingWithoutAnUndoRegistration() async throws {
        let folder = try TemporaryDirectory("host-autosave-none")
        let (host, document, url) = try await openText("on disk", in: folder)
        let inodeBefore = try inode(of: url)
        document.text = "changed behind undo's back"

        let wrote = try await host.autosave()

        #expect(wrote == false)
        #expect(host.isEdited == false)
        #expect(text(of: url) == "on disk")
        #expect(try inode(of: url) == inodeBefore)
    }

    @Test func autosaveSavesAfterAnUndoRegistrationAndThenIsClean() async throws {
        let folder = try TemporaryDirectory("host-autosave-undo")
        let (host, document, url) = try await openText("on disk", in: folder)
        document.setText("typed", undoManager: host.undoManager)

        #expect(host.isEdited)
        let wrote = try await host.autosave()
        let wroteAgain = try await host.autosave()

        #expect(wrote)
        #expect(wroteAgain == false)
        #expect(text(of: url) == "typed")
    }

    @Test func undoingBackToTheSavedStateMakesTheDocumentClean() async throws {
        let folder = try TemporaryDirectory("host-autosave-undone")
        let (host, document, url) = try await openText("saved", in: folder)
        document.setText("typed", undoManager: host.undoManager)
        #expect(host.isEdited)

        host.undoManager.undo()

        #expect(document.text == "saved")
        #expect(host.isEdited == false)
        #expect(try await host.autosave() == false)
        // Redo makes it edited again, and autosave writes the redone text.
        host.undoManager.redo()
        #expect(try await host.autosave())
        #expect(text(of: url) == "typed")
    }

    @Test func aNewDocumentIsNotAutosaved() async throws {
        let host = DocumentHost { _, _ in TextDocument() }
        let document = try await host.create()
        document.setText("typed", undoManager: host.undoManager)

        #expect(host.isEdited)
        #expect(try await host.autosave() == false)
    }
}
