import DocumentModels
import Synchronization
import TestSupport
import Testing

/// The documents written as Apple's documentation writes them, driven through the host.
@MainActor
@Suite struct AppleStyleDocumentTests {
    @Test func textDocumentOpenEditSaveReopen() async throws {
        let folder = try TemporaryDirectory("apple-text")
        let url = folder.appending("letter.txt")
        try Data("Dear Ada,".utf8).write(to: url)
        let host = DocumentHost { _, _ in TextDocument() }
        let document = try await host.open(url)
        #expect(document.text == "Dear Ada,")

        document.setText("Dear Ada, thank you. ✓", undoManager: host.undoManager)
        try await host.save()

        let reopened = try await DocumentHost { _, _ in TextDocument() }.open(url)
        #expect(reopened.text == "Dear Ada, thank you. ✓")
        #expect(contents(of: url) == Data("Dear Ada, thank you. ✓".utf8))
    }

    @Test func imageDocumentWritesInChunksWithProgressAndReadsBackEqual() async throws {
        let folder = try TemporaryDirectory("apple-image")
        let url = folder.appending("picture.rawimage")
        let host = DocumentHost { _, _ in ImageDocument() }
        let document = try await host.create()
        let pixels = Data((0..<(100 * 97)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        document.image = RawImage(width: 100, height: 97, pixels: pixels)

        try await host.save(to: url, contentType: .rawImage)

        #expect(host.currentProgress?.isFinished == true)
        #expect(host.currentProgress?.completedCount == 100)
        #expect(contents(of: url)?.count == RawImage.headerSize + pixels.count)
        let reopened = try await DocumentHost { _, _ in ImageDocument() }.open(url, contentType: .rawImage)
        #expect(reopened.image == document.image)
    }

    @Test func imageDocumentRefusesATruncatedFile() async throws {
        let folder = try TemporaryDirectory("apple-image-truncated")
        let url = folder.appending("picture.rawimage")
        var bytes = RawImage.magic
        bytes.append(contentsOf: [0, 0, 0, 10, 0, 0, 0, 10] + [UInt8](repeating: 7, count: 50))
        try bytes.write(to: url)
        let host = DocumentHost { _, _ in ImageDocument() }

        let error = try await #require(throws: DocumentHostError.self) {
            _ = try await host.open(url, contentType: .rawImage)
        }

        #expect(error.code == "host.open.read-failed")
        #expect(error.file == url.path)
        #expect(host.document == nil)
        #expect(contents(of: url) == bytes)
    }

    @Test func notebookSavesOnlyTheChangedPage() async throws {
        let folder = try TemporaryDirectory("apple-notebook")
        let url = folder.appending("journal.notebook")
        let creator = DocumentHost { _, _ in NotebookDocument() }
        let created = try await creator.create()
        created.setPage("monday.txt", to: "rain", undoManager: creator.undoManager)
        created.setPage("tuesday.txt", to: "sun", undoManager: creator.undoManager)
        try await creator.save(to: url, contentType: .notebook)

        let host = DocumentHost { _, _ in NotebookDocument() }
        let document = try await host.open(url, contentType: .notebook)
        #expect(document.pages == ["monday.txt": "rain", "tuesday.txt": "sun"])
        let mondayInode = try inode(of: url.appendingPathComponent("monday.txt"))
        let tuesdayInode = try inode(of: url.appendingPathComponent("tuesday.txt"))
        let packageInode = try inode(of: url)

        document.setPage("tuesday.txt", to: "storm", undoManager: host.undoManager)
        document.setPage("wednesday.txt", to: "fog", undoManager: host.undoManager)
        #expect(try await host.autosave())

        #expect(try inode(of: url) != packageInode)
        #expect(try inode(of: url.appendingPathComponent("monday.txt")) == mondayInode)
        #expect(try inode(of: url.appendingPathComponent("tuesday.txt")) != tuesdayInode)
        let reopened = try await DocumentHost { _, _ in NotebookDocument() }.open(url, contentType: .notebook)
        #expect(reopened.pages == ["monday.txt": "rain", "tuesday.txt": "storm", "wednesday.txt": "fog"])

        // Removing a page removes its file.
        document.setPage("monday.txt", to: nil, undoManager: host.undoManager)
        try await host.save()
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() == ["tuesday.txt", "wednesday.txt"])
    }

    @Test func legacyFileDocumentValueRegistersUndoAutomatically() async throws {
        let folder = try TemporaryDirectory("apple-legacy-value")
        let url = folder.appending("notes.txt")
        try Data("legacy".utf8).write(to: url)
        let host = DocumentHost { _, _ in FileDocumentContainer(TextFile()) }
        let container = try await host.open(url)
        #expect(container.value.text == "legacy")

        host.update(actionName: "Typing") { (file: inout TextFile) in file.text += " and new" }

        #expect(host.undoManager.undoActionName == "Typing")
        #expect(try await host.autosave())
        #expect(text(of: url) == "legacy and new")
        host.undoManager.undo()
        #expect(container.value.text == "legacy")
        #expect(try await host.autosave())
        #expect(text(of: url) == "legacy")
        let reopened = try await DocumentHost { _, _ in FileDocumentContainer(TextFile()) }.open(url)
        #expect(reopened.value.text == "legacy")
    }

    @Test func legacyPackageGetsTheWrapperLastReadOrWrittenAsExistingFile() async throws {
        let folder = try TemporaryDirectory("apple-legacy-package")
        let url = folder.appending("pages.notebook")
        let creator = DocumentHost { _, _ in
            FileDocumentContainer(PageFolderFile(pages: ["a.txt": "alpha", "b.txt": "beta"]))
        }
        try await creator.create()
        try await creator.save(to: url, contentType: .notebook)
        let host = DocumentHost { _, _ in FileDocumentContainer(PageFolderFile()) }
        try await host.open(url, contentType: .notebook)
        let alphaInode = try inode(of: url.appendingPathComponent("a.txt"))

        host.update { (file: inout PageFolderFile) in file.pages["b.txt"] = "BETA" }
        try await host.save()

        // The existing wrapper's untouched child was linked from the old package, not rewritten.
        #expect(try inode(of: url.appendingPathComponent("a.txt")) == alphaInode)
        #expect(text(of: url.appendingPathComponent("b.txt")) == "BETA")
    }

    @Test func legacyReferenceDocumentSavesOnlyWithItsOwnUndoRegistrations() async throws {
        let folder = try TemporaryDirectory("apple-legacy-reference")
        let url = folder.appending("notes.json")
        try Data(#"["milk"]"#.utf8).write(to: url)
        let host = DocumentHost { _, _ in ReferenceFileDocumentContainer(NotesDocument()) }
        let container = try await host.open(url)
        let notes = container.document
        #expect(notes.notes == ["milk"])
        let announcedChanges = Mutex(0)
        let subscription = notes.objectWillChange.sink { _ in announcedChanges.withLock { $0 += 1 } }

        notes.notes.append("eggs")
        #expect(announcedChanges.withLock { $0 } == 1)
        #expect(try await host.autosave() == false)
        #expect(text(of: url) == #"["milk"]"#)

        host.undoManager.registerUndo(withTarget: notes) { document in document.notes.removeLast() }
        #expect(try await host.autosave())
        #expect(text(of: url) == #"["milk","eggs"]"#)
        let reopened = try await DocumentHost { _, _ in ReferenceFileDocumentContainer(NotesDocument()) }.open(url)
        #expect(reopened.document.notes == ["milk", "eggs"])
        _ = subscription
    }
}
