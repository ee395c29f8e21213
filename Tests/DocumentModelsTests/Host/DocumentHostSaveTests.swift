import DocumentModels
import Synchronization
import TestSupport
import Testing

@MainActor
@Suite struct DocumentHostSaveTests {
    /// Opens `text` as a probe document in a fresh folder.
    private func openProbe(
        _ text: String, in folder: TemporaryDirectory, name: String = "note.txt"
    )
        async throws -> (DocumentHost<ProbeDocument>, ProbeDocument, Probe, URL)
    {
        let url = folder.appending(name)
        try Data(text.utf8).write(to: url)
        let probe = Probe()
        let host = DocumentHost { _, _ in ProbeDocument(probe: probe) }
        let document = try await host.open(url)
        probe.reset()
        return (host, document, probe, url)
    }

    @Test func saveTakesTheSnapshotOnTheMainActorAndWritesOffItIntoATemporaryItem() async throws {
        let folder = try TemporaryDirectory("host-save-order")
        let (host, document, probe, url) = try await openProbe("before", in: folder)
        document.setText("after", undoManager: host.undoManager)

        try await host.save()

        #expect(text(of: url) == "after")
        let calls = probe.calls
        #expect(calls.count == 3)
        #expect(calls.first == .snapshot(onMainActor: true))
        #expect(calls.dropFirst().first == .writer(contentType: "public.plain-text"))
        guard case .write(let snapshot, let previous, let onMainActor, let destination)? = calls.last else {
            Issue.record("no write call: \(calls)")
            return
        }
        #expect(snapshot == "after")
        #expect(previous == nil)
        #expect(onMainActor == false)
        #expect(destination != url.path)
        #expect(URL(fileURLWithPath: destination).lastPathComponent == "note.txt")
        #expect(
            URL(fileURLWithPath: destination).deletingLastPathComponent().deletingLastPathComponent().path
                == folder.url.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["note.txt"])
        #expect(host.isEdited == false)
    }

    @Test func previousIsTheLastSuccessfullyWrittenSnapshot() async throws {
        let folder = try TemporaryDirectory("host-previous")
        let probe = Probe()
        let host = DocumentHost { _, _ in ProbeDocument(probe: probe) }
        let document = try await host.create()
        let url = folder.appending("new.txt")

        document.setText("one", undoManager: host.undoManager)
        try await host.save(to: url)
        document.setText("two", undoManager: host.undoManager)
        try await host.save()
        // A failed save is not a written snapshot: the next save still gets "two".
        document.setText("three", undoManager: host.undoManager)
        probe.failsWriting.store(true, ordering: .relaxed)
        await #expect(throws: DocumentHostError.self) { try await host.save() }
        probe.failsWriting.store(false, ordering: .relaxed)
        // An export writes elsewhere: it gets no previous and does not become the previous.
        try await host.export(to: folder.appending("copy.json"), contentType: .json)
        document.setText("four", undoManager: host.undoManager)
        try await host.save()

        let writes = probe.writes.map { call -> [String?] in
            guard case .write(let snapshot, let previous, _, _) = call else { return [] }
            return [snapshot, previous]
        }
        #expect(writes == [["one", nil], ["two", "one"], ["three", "two"], ["three", nil], ["four", "two"]])
        #expect(text(of: url) == "four")
    }

    @Test func aWriterThatThrowsLeavesTheOldFileByteIdentical() async throws {
        let folder = try TemporaryDirectory("host-failing-writer")
        let (host, document, probe, url) = try await openProbe("the original, which must survive", in: folder)
        let originalBytes = try #require(contents(of: url))
        let originalInode = try inode(of: url)
        document.setText("XY and more", undoManager: host.undoManager)
        probe.failsWriting.store(true, ordering: .relaxed)

        let error = try await #require(throws: DocumentHostError.self) { try await host.save() }

        #expect(error.code == "host.save.write-failed")
        #expect(error.file == url.path)
        #expect(error.underlyingError as? ProbeError == ProbeError(reason: "disk full"))
        #expect(contents(of: url) == originalBytes)
        #expect(try inode(of: url) == originalInode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["note.txt"])
        #expect(host.isEdited)
        #expect(document.text == "XY and more")
    }

    @Test func aWriterThatWritesNothingIsAnError() async throws {
        let folder = try TemporaryDirectory("host-empty-writer")
        let (host, document, probe, url) = try await openProbe("kept", in: folder)
        document.setText("lost?", undoManager: host.undoManager)
        probe.skipsWriting.store(true, ordering: .relaxed)

        let error = try await #require(throws: DocumentHostError.self) { try await host.save() }

        #expect(error.code == "host.save.nothing-written")
        #expect(text(of: url) == "kept")
    }

    @Test func progressFinishesOnlyAfterTheReplacement() async throws {
        let folder = try TemporaryDirectory("host-progress")
        let (host, document, probe, url) = try await openProbe("old", in: folder)
        document.setText("new", undoManager: host.undoManager)
        let seenInsideWriter = Mutex<(finished: Bool?, fraction: Double?, fileText: String?)>((nil, nil, nil))
        probe.afterWriting.withLock {
            $0 = { _ in
                let state = await MainActor.run {
                    (host.currentProgress?.isFinished, host.currentProgress?.fractionCompleted)
                }
                seenInsideWriter.withLock { $0 = (state.0, state.1, text(of: url)) }
            }
        }

        try await host.save()

        let inside = seenInsideWriter.withLock { $0 }
        #expect(inside.finished == false)
        #expect(inside.fileText == "old")
        #expect(try #require(inside.fraction) < 1)
        #expect(host.currentProgress?.isFinished == true)
        #expect(text(of: url) == "new")
    }

    @Test func exportRefusesAContentTypeTheDocumentDoesNotList() async throws {
        let folder = try TemporaryDirectory("host-export-type")
        let (host, _, probe, _) = try await openProbe("text", in: folder)
        let destination = folder.appending("picture.png")

        let error = try await #require(throws: DocumentHostError.self) {
            try await host.export(to: destination, contentType: .png)
        }

        #expect(error.code == "host.export.unsupported-content-type")
        #expect(contents(of: destination) == nil)
        #expect(probe.calls.isEmpty)
    }

    @Test func exportWritesACopyAndLeavesTheDocumentAsItWas() async throws {
        let folder = try TemporaryDirectory("host-export")
        let (host, document, probe, url) = try await openProbe("saved", in: folder)
        document.setText("edited", undoManager: host.undoManager)
        let destination = folder.appending("copy.json")

        try await host.export(to: destination, contentType: .json)

        #expect(text(of: destination) == "edited")
        #expect(text(of: url) == "saved")
        #expect(probe.calls.contains(.writer(contentType: "public.json")))
        #expect(host.configuration.fileURL == url)
        #expect(host.contentType == .plainText)
        #expect(host.isEdited)
    }

    @Test func saveAsMovesTheDocumentToTheNewFile() async throws {
        let folder = try TemporaryDirectory("host-save-as")
        let (host, document, _, url) = try await openProbe("first", in: folder)
        document.setText("second", undoManager: host.undoManager)
        let newURL = folder.appending("renamed.txt")

        try await host.save(to: newURL)

        #expect(host.configuration.fileURL == newURL)
        #expect(text(of: newURL) == "second")
        #expect(text(of: url) == "first")
        #expect(host.configuration.lastContentModificationDate != nil)
        #expect(host.isEdited == false)
    }

    @Test func savingANewDocumentNeedsALocation() async throws {
        let host = DocumentHost { _, _ in ProbeDocument(probe: Probe()) }
        try await host.create()

        let error = try await #require(throws: DocumentHostError.self) { try await host.save() }

        #expect(error.code == "host.save.no-file")
    }
}
