import DocumentModels
import TestSupport
import Testing

@MainActor
@Suite struct DocumentHostExternalChangeTests {
    /// Replaces the file from another process, through a file coordinator, as another application would.
    private func writeFromAnotherProcess(_ text: String, to url: URL) throws {
        let result = try HelperProcess.run("document-coordinated-write", [url.path, text])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func anUneditedDocumentIsReloadedWhenAnotherProcessChangedTheFile() async throws {
        let folder = try TemporaryDirectory("host-external-reload")
        let url = folder.appending("note.txt")
        try Data("mine".utf8).write(to: url)
        let probe = Probe()
        let host = DocumentHost { _, _ in ProbeDocument(probe: probe) }
        let document = try await host.open(url)
        document.setText("mine, saved", undoManager: host.undoManager)
        try await host.save()
        #expect(try await host.checkForExternalChanges() == .unchanged)

        try writeFromAnotherProcess("theirs", to: url)
        probe.reset()
        let outcome = try await host.checkForExternalChanges()

        #expect(outcome == .reloaded)
        #expect(document.text == "theirs")
        #expect(probe.calls.last == .apply(snapshot: "theirs", previous: "mine", onMainActor: true))
        #expect(try await host.checkForExternalChanges() == .unchanged)

        // The file no longer holds what the host last wrote, so the next writer gets no previous snapshot.
        document.setText("mine again", undoManager: host.undoManager)
        try await host.save()
        #expect(
            probe.writes.last
                == .write(
                    snapshot: "mine again", previous: nil, onMainActor: false, destination: probe.writeDestination))
        #expect(text(of: url) == "mine again")
    }

    @Test func saveRefusesToOverwriteAFileAnotherProcessChanged() async throws {
        let folder = try TemporaryDirectory("host-external-conflict")
        let url = folder.appending("note.txt")
        try Data("mine".utf8).write(to: url)
        let host = DocumentHost { _, _ in TextDocument() }
        let document = try await host.open(url)
        document.setText("my edit", undoManager: host.undoManager)

        try writeFromAnotherProcess("their edit", to: url)
        let error = try await #require(throws: DocumentHostError.self) { try await host.save() }

        #expect(error.code == "host.save.changed-on-disk")
        #expect(text(of: url) == "their edit")
        #expect(try await host.checkForExternalChanges() == .conflict)
        #expect(document.text == "my edit")
        await #expect(throws: DocumentHostError.self) { try await host.autosave() }

        try await host.save(overwritingExternalChanges: true)
        #expect(text(of: url) == "my edit")
        #expect(try await host.checkForExternalChanges() == .unchanged)
    }

    @Test func revertDiscardsEditsAndTheUndoHistory() async throws {
        let folder = try TemporaryDirectory("host-revert")
        let url = folder.appending("note.txt")
        try Data("saved".utf8).write(to: url)
        let host = DocumentHost { _, _ in TextDocument() }
        let document = try await host.open(url)
        document.setText("unsaved", undoManager: host.undoManager)

        try await host.revert()

        #expect(document.text == "saved")
        #expect(host.isEdited == false)
        #expect(host.undoManager.canUndo == false)
    }

    @Test func aRemovedFileIsReportedAndNothingIsDone() async throws {
        let folder = try TemporaryDirectory("host-external-missing")
        let url = folder.appending("note.txt")
        try Data("here".utf8).write(to: url)
        let host = DocumentHost { _, _ in TextDocument() }
        let document = try await host.open(url)
        try FileManager.default.removeItem(at: url)

        #expect(try await host.checkForExternalChanges() == .missing)
        #expect(document.text == "here")
    }
}
