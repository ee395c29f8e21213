import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DocumentPlatform

/// Exclusion among threads of one process, and the API's documented edges.
@Suite struct NSFileCoordinatorTests {
    /// Holds a coordinated access on a thread until `release` is raised; `entered` is raised once it holds.
    struct Holder {
        let entered: Flag
        let release: Flag
        let done: DispatchSemaphore
    }

    static func hold(
        reading url: URL, purpose: String? = nil, timeline: Timeline? = nil, label: String = "holder"
    )
        -> Holder
    {
        let entered = Flag()
        let release = Flag()
        let done = startThread {
            let coordinator = NSFileCoordinator()
            if let purpose { coordinator.purposeIdentifier = purpose }
            coordinator.coordinate(readingItemAt: url, error: nil) { _ in
                (timeline ?? Timeline()).record(label) {
                    entered.raise()
                    _ = release.wait(seconds: 10)
                }
            }
        }
        return Holder(entered: entered, release: release, done: done)
    }

    static func hold(
        writing url: URL, options: NSFileCoordinator.WritingOptions = [], purpose: String? = nil,
        timeline: Timeline? = nil, label: String = "holder"
    ) -> Holder {
        let entered = Flag()
        let release = Flag()
        let done = startThread {
            let coordinator = NSFileCoordinator()
            if let purpose { coordinator.purposeIdentifier = purpose }
            coordinator.coordinate(writingItemAt: url, options: options, error: nil) { _ in
                (timeline ?? Timeline()).record(label) {
                    entered.raise()
                    _ = release.wait(seconds: 10)
                }
            }
        }
        return Holder(entered: entered, release: release, done: done)
    }

    /// Starts a coordinated access on a thread; reports whether its accessor ran before `seconds` passed.
    static func enters(
        within seconds: Double, _ body: @escaping @Sendable (Flag) -> Void
    ) -> (entered: Bool, done: DispatchSemaphore) {
        let entered = Flag()
        let done = startThread { body(entered) }
        return (entered.wait(seconds: seconds), done)
    }

    @Test func readersOfOneItemOverlap() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("shared.txt")
        try Data("x".utf8).write(to: file)
        let first = Self.hold(reading: file)
        #expect(first.entered.wait())
        // While the first reader holds the item, a second reader must get in.
        let second = Self.enters(within: 2) { entered in
            NSFileCoordinator().coordinate(readingItemAt: file, error: nil) { _ in entered.raise() }
        }
        #expect(second.entered, "a second reader waited for the first")
        first.release.raise()
        #expect(finishes(first.done, within: 5) && finishes(second.done, within: 5))
    }

    @Test func writerExcludesReadersAndWriters() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("item.txt")
        try Data("x".utf8).write(to: file)
        let timeline = Timeline()
        let writer = Self.hold(writing: file, timeline: timeline, label: "writer")
        #expect(writer.entered.wait())
        let reader = Self.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(readingItemAt: file, error: nil) { _ in
                timeline.record("reader") { entered.raise() }
            }
        }
        let secondWriter = Self.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(writingItemAt: file, error: nil) { _ in
                timeline.record("second writer") { entered.raise() }
            }
        }
        #expect(!reader.entered, "a reader got in while a writer held the item")
        #expect(!secondWriter.entered, "a writer got in while another writer held the item")
        writer.release.raise()
        #expect(
            finishes(writer.done, within: 5) && finishes(reader.done, within: 5)
                && finishes(secondWriter.done, within: 5))
        let writerInterval = try #require(timeline.first("writer"))
        for other in timeline.all where other.label != "writer" {
            #expect(!writerInterval.overlaps(other), "\(other.label) overlapped the writer")
        }
        #expect(timeline.all.count == 3)
    }

    @Test func writersNeverOverlapUnderContention() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("counter.txt")
        try Data("x".utf8).write(to: file)
        let inside = Mutex((readers: 0, writers: 0, violations: 0, readerOverlaps: 0))
        let group = DispatchGroup()
        for thread in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<40 {
                    if thread < 2 {
                        NSFileCoordinator().coordinate(writingItemAt: file, error: nil) { _ in
                            inside.withLock {
                                if $0.readers > 0 || $0.writers > 0 { $0.violations += 1 }
                                $0.writers += 1
                            }
                            Thread.sleep(forTimeInterval: 0.000_2)
                            inside.withLock { $0.writers -= 1 }
                        }
                    } else {
                        NSFileCoordinator().coordinate(readingItemAt: file, error: nil) { _ in
                            inside.withLock {
                                if $0.writers > 0 { $0.violations += 1 }
                                if $0.readers > 0 { $0.readerOverlaps += 1 }
                                $0.readers += 1
                            }
                            Thread.sleep(forTimeInterval: 0.000_5)
                            inside.withLock { $0.readers -= 1 }
                        }
                    }
                }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 20) == .success)
        let final = inside.withLock { $0 }
        #expect(final.violations == 0)
        // Four reader threads for 160 reads: if they never overlapped, readers would not be sharing.
        #expect(final.readerOverlaps > 0)
    }

    @Test func accessInsideAPackageWaitsForAWriterOfThePackage() throws {
        let folder = try TemporaryDirectory("coordination")
        let package = folder.appending("Report.docpkg")
        try makePackage(at: package, members: 2)
        let writer = Self.hold(writing: package)
        #expect(writer.entered.wait())
        let member = package.appendingPathComponent("member-0.txt")
        let reader = Self.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(readingItemAt: member, error: nil) { _ in entered.raise() }
        }
        #expect(!reader.entered, "reading a member did not wait for the package's writer")
        writer.release.raise()
        #expect(finishes(reader.done, within: 5))

        // And the other way round: writing a member excludes a reader of the package.
        let memberWriter = Self.hold(writing: package.appendingPathComponent("member-1.txt"))
        #expect(memberWriter.entered.wait())
        let packageReader = Self.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(readingItemAt: package, error: nil) { _ in entered.raise() }
        }
        #expect(!packageReader.entered, "reading the package did not wait for a member's writer")
        memberWriter.release.raise()
        #expect(finishes(packageReader.done, within: 5))
    }

    @Test func plainDirectoryAndItsContentsDoNotWaitForEachOther() throws {
        let folder = try TemporaryDirectory("coordination")
        let directory = folder.appending("plain")
        try makePackage(at: directory, members: 1)
        let writer = Self.hold(writing: directory)
        #expect(writer.entered.wait())
        let inside = Self.enters(within: 2) { entered in
            NSFileCoordinator().coordinate(writingItemAt: directory.appendingPathComponent("member-0.txt"), error: nil)
            { _ in
                entered.raise()
            }
        }
        #expect(inside.entered, "a writer inside a plain directory waited for the directory's plain writer")
        writer.release.raise()
        #expect(finishes(writer.done, within: 5) && finishes(inside.done, within: 5))
    }

    @Test(arguments: [
        NSFileCoordinator.WritingOptions.forDeleting, NSFileCoordinator.WritingOptions.forMoving,
        NSFileCoordinator.WritingOptions.forReplacing,
    ])
    func deletingMovingOrReplacingADirectoryExcludesItsContents(_ option: NSFileCoordinator.WritingOptions) throws {
        let folder = try TemporaryDirectory("coordination")
        let directory = folder.appending("plain")
        try makePackage(at: directory, members: 1)
        let member = directory.appendingPathComponent("member-0.txt")

        // It waits for an earlier reader of a contained item…
        let reader = Self.hold(reading: member)
        #expect(reader.entered.wait())
        let deleter = Self.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(writingItemAt: directory, options: option, error: nil) { _ in entered.raise()
            }
        }
        #expect(!deleter.entered, "the writer of the directory did not wait for a reader inside it")
        reader.release.raise()
        #expect(finishes(deleter.done, within: 5))

        // …and makes a later one wait.
        let holder = Self.hold(writing: directory, options: option)
        #expect(holder.entered.wait())
        let later = Self.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(readingItemAt: member, error: nil) { _ in entered.raise() }
        }
        #expect(!later.entered, "a reader inside the directory did not wait for its writer")
        holder.release.raise()
        #expect(finishes(later.done, within: 5))
    }

    @Test func aCoordinatorNestsAReadInsideItsWrite() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("nested.txt")
        try Data("x".utf8).write(to: file)
        let coordinator = NSFileCoordinator()
        var outerError: NSError?
        var innerError: NSError?
        var innerRan = false
        let finished = Flag()
        let watchdog = Shared(value: coordinator)
        // If the nested read blocked on its own coordinator, this would hang; cancel unblocks it.
        startThread { if !finished.wait(seconds: 5) { watchdog.value.cancel() } }
        coordinator.coordinate(writingItemAt: file, error: &outerError) { url in
            coordinator.coordinate(readingItemAt: url, error: &innerError) { _ in innerRan = true }
        }
        finished.raise()
        #expect(outerError == nil)
        #expect(innerError == nil)
        #expect(innerRan)
    }

    @Test func aNestedWriteInsideAWriteFails() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("nested.txt")
        let coordinator = NSFileCoordinator()
        var innerError: NSError?
        var innerRan = false
        coordinator.coordinate(writingItemAt: file, error: nil) { url in
            coordinator.coordinate(writingItemAt: url, error: &innerError) { _ in innerRan = true }
        }
        #expect(!innerRan)
        let error = try #require(innerError)
        #expect(error.domain == NSCocoaErrorDomain)
        #expect(error.code == NSFileLockingError)
        #expect(error.userInfo[FileCoordinationError.codeKey] as? String == "coordination.nested-write")
        // The write accessor is over, so a write is allowed again.
        var laterError: NSError?
        coordinator.coordinate(writingItemAt: file, error: &laterError) { _ in }
        #expect(laterError == nil)
    }

    @Test func theSamePurposeNeverBlocksItself() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("purpose.txt")
        let purpose = "docmigrate.tests." + UUID().uuidString
        let writer = Self.hold(writing: file, purpose: purpose)
        #expect(writer.entered.wait())
        let samePurpose = Self.enters(within: 2) { entered in
            let coordinator = NSFileCoordinator()
            coordinator.purposeIdentifier = purpose
            coordinator.coordinate(writingItemAt: file, error: nil) { _ in entered.raise() }
        }
        let otherPurpose = Self.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(writingItemAt: file, error: nil) { _ in entered.raise() }
        }
        #expect(samePurpose.entered, "a writer with the same purpose waited")
        #expect(!otherPurpose.entered, "a writer with another purpose did not wait")
        writer.release.raise()
        #expect(finishes(otherPurpose.done, within: 5))
    }

    @Test func purposeIdentifiersDefaultToUniqueValues() {
        let first = NSFileCoordinator()
        let second = NSFileCoordinator(filePresenter: nil)
        #expect(!first.purposeIdentifier.isEmpty)
        #expect(first.purposeIdentifier != second.purposeIdentifier)
        first.purposeIdentifier = "docmigrate.tests.set-once"
        #expect(first.purposeIdentifier == "docmigrate.tests.set-once")
    }

    @Test func twoURLCallsInOppositeOrdersDoNotDeadlock() throws {
        let folder = try TemporaryDirectory("coordination")
        let first = folder.appending("a.txt")
        let second = folder.appending("b.txt")
        let overlaps = Mutex((inside: 0, violations: 0))
        let pairs: [(URL, URL)] = [(first, second), (second, first), (first, second), (second, first)]
        let group = DispatchGroup()
        for (index, (one, two)) in pairs.enumerated() {
            let one = Shared(value: one)
            let two = Shared(value: two)
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<150 {
                    let body: (URL, URL) -> Void = { _, _ in
                        overlaps.withLock {
                            if $0.inside > 0 { $0.violations += 1 }
                            $0.inside += 1
                        }
                        overlaps.withLock { $0.inside -= 1 }
                    }
                    if index.isMultiple(of: 2) {
                        NSFileCoordinator().coordinate(
                            writingItemAt: one.value, options: .forMoving, writingItemAt: two.value,
                            options: .forReplacing,
                            error: nil, byAccessor: body)
                    } else {
                        NSFileCoordinator().coordinate(
                            readingItemAt: one.value, writingItemAt: two.value, error: nil, byAccessor: body)
                    }
                }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 20) == .success, "two-URL calls deadlocked")
        #expect(overlaps.withLock { $0.violations } == 0)
    }

    @Test func aTwoURLCallOnOneItemDoesNotBlockItself() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("same.txt")
        var writeWriteError: NSError?
        var readWriteError: NSError?
        var received: [URL] = []
        let coordinator = NSFileCoordinator()
        coordinator.coordinate(writingItemAt: file, writingItemAt: file, error: &writeWriteError) { one, two in
            received += [one, two]
        }
        NSFileCoordinator().coordinate(readingItemAt: file, writingItemAt: file, error: &readWriteError) { one, two in
            received += [one, two]
        }
        #expect(writeWriteError == nil && readWriteError == nil)
        #expect(received == [file, file, file, file])
    }

    @Test func cancellingAWaitingCallFailsItWithUserCancelled() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("cancel.txt")
        let writer = Self.hold(writing: file)
        #expect(writer.entered.wait())
        let coordinator = Shared(value: NSFileCoordinator())
        let result = Mutex<(ran: Bool, domain: String?, code: Int?)>((false, nil, nil))
        let done = startThread {
            var error: NSError?
            coordinator.value.coordinate(readingItemAt: file, error: &error) { _ in result.withLock { $0.ran = true } }
            result.withLock {
                $0.domain = error?.domain
                $0.code = error?.code
            }
        }
        Thread.sleep(forTimeInterval: 0.1)
        coordinator.value.cancel()
        #expect(finishes(done, within: 2), "cancel did not end the wait")
        let outcome = result.withLock { $0 }
        #expect(!outcome.ran)
        #expect(outcome.domain == NSCocoaErrorDomain)
        #expect(outcome.code == NSUserCancelledError)
        #expect(NSUserCancelledError == 3072)

        // Later calls on a cancelled coordinator fail at once, without running the accessor.
        var laterError: NSError?
        var laterRan = false
        coordinator.value.coordinate(readingItemAt: folder.appending("other.txt"), error: &laterError) { _ in
            laterRan = true
        }
        #expect(!laterRan)
        #expect(laterError?.code == NSUserCancelledError)
        writer.release.raise()
    }

    @Test func readingAMissingItemRunsTheAccessor() throws {
        let folder = try TemporaryDirectory("coordination")
        let missing = folder.appending("not-yet/there.txt")
        var error: NSError?
        var received: URL?
        NSFileCoordinator().coordinate(readingItemAt: missing, error: &error) { received = $0 }
        #expect(error == nil)
        #expect(received == missing)
    }

    @Test func resolvesSymbolicLinkPassesTheTarget() throws {
        let folder = try TemporaryDirectory("coordination")
        let target = folder.appending("target.txt")
        try Data("x".utf8).write(to: target)
        let link = folder.appending("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        var plain: URL?
        var resolved: URL?
        NSFileCoordinator().coordinate(readingItemAt: link, error: nil) { plain = $0 }
        NSFileCoordinator().coordinate(readingItemAt: link, options: .resolvesSymbolicLink, error: nil) {
            resolved = $0
        }
        #expect(plain == link)
        #expect(resolved?.path == target.resolvingSymlinksInPath().path)
    }

    @Test func forUploadingReadsASnapshotAndReleasesTheClaim() throws {
        let folder = try TemporaryDirectory("coordination")
        let package = folder.appending("Upload.docpkg")
        try makePackage(at: package, members: 2)
        var snapshot: URL?
        var snapshotMembers: [String] = []
        var writerGotIn = false
        NSFileCoordinator().coordinate(readingItemAt: package, options: .forUploading, error: nil) { url in
            snapshot = url
            snapshotMembers = (try? FileManager.default.contentsOfDirectory(atPath: url.path).sorted()) ?? []
            // The claim is released before the accessor runs, so a writer elsewhere is not blocked.
            let writer = Self.enters(within: 2) { entered in
                NSFileCoordinator().coordinate(writingItemAt: package, error: nil) { _ in entered.raise() }
            }
            writerGotIn = writer.entered
        }
        let copy = try #require(snapshot)
        #expect(copy.path != package.path)
        #expect(copy.lastPathComponent == "Upload.docpkg")
        #expect(snapshotMembers == ["member-0.txt", "member-1.txt"])
        #expect(!FileManager.default.fileExists(atPath: copy.path), "the snapshot outlived the accessor")
        #expect(writerGotIn)

        var error: NSError?
        var ran = false
        NSFileCoordinator().coordinate(
            readingItemAt: folder.appending("missing.txt"), options: .forUploading, error: &error
        ) {
            _ in ran = true
        }
        #expect(!ran)
        #expect(error?.code == NSFileReadNoSuchFileError)
    }

    @Test func itemDidMoveIsRecorded() throws {
        let folder = try TemporaryDirectory("coordination")
        let source = folder.appending("old.txt")
        let destination = folder.appending("new.txt")
        try Data("x".utf8).write(to: source)
        let coordinator = NSFileCoordinator()
        coordinator.coordinate(
            writingItemAt: source, options: .forMoving, writingItemAt: destination, options: .forReplacing,
            error: nil
        ) { from, to in
            coordinator.item(at: from, willMoveTo: to)
            try? FileManager.default.moveItem(at: from, to: to)
            coordinator.item(at: from, didMoveTo: to)
        }
        #expect(
            coordinator.recordedMoves == [
                CoordinatorCore.Move(from: source, to: destination, completed: false),
                CoordinatorCore.Move(from: source, to: destination, completed: true),
            ])
        #expect(FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func intentsRunTheAccessorOnTheQueueWhileHoldingTheClaim() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("intent.txt")
        let intent = NSFileAccessIntent.writingIntent(with: file)
        #expect(intent.url == file)
        let queue = OperationQueue()
        let entered = Flag()
        let release = Flag()
        let reportedError = Mutex<String?>("not called")
        NSFileCoordinator().coordinate(
            with: [intent, .readingIntent(with: folder.appending("other.txt"))], queue: queue
        ) {
            error in
            reportedError.withLock { $0 = error.map { "\($0)" } }
            entered.raise()
            _ = release.wait()
        }
        #expect(entered.wait())
        #expect(reportedError.withLock { $0 } == nil)
        let reader = Self.enters(within: 0.3) { readerEntered in
            NSFileCoordinator().coordinate(readingItemAt: file, error: nil) { _ in readerEntered.raise() }
        }
        #expect(!reader.entered, "the asynchronous writer's claim did not hold while its accessor ran")
        release.raise()
        #expect(finishes(reader.done, within: 5))
    }

    @Test func theThrowingWrapperReturnsTheBodysValueAndRethrowsCoordinationErrors() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("wrapped.txt")
        try Data("hello".utf8).write(to: file)
        let text = try NSFileCoordinator().coordinateReading(at: file) {
            String(decoding: try Data(contentsOf: $0), as: UTF8.self)
        }
        #expect(text == "hello")
        let cancelled = NSFileCoordinator()
        cancelled.cancel()
        #expect {
            try cancelled.coordinateWriting(at: file) { _ in }
        } throws: { error in
            (error as? CocoaError)?.code == .userCancelled
        }
    }

    @Test func noLocksOutliveTheirCalls() throws {
        let folder = try TemporaryDirectory("coordination")
        let package = folder.appending("Leak.docpkg")
        try makePackage(at: package, members: 1)
        var ran = false
        NSFileCoordinator().coordinate(readingItemAt: package, writingItemAt: folder.appending("out.txt"), error: nil) {
            _, _ in
            ran = true
        }
        #expect(ran)
        // A lock left behind by the two-URL call would keep this deleting writer out.
        let folderURL = folder.url
        let writerGotIn = Self.enters(within: 2) { entered in
            NSFileCoordinator().coordinate(writingItemAt: folderURL, options: .forDeleting, error: nil) { _ in
                entered.raise()
            }
        }
        #expect(writerGotIn.entered)
    }
}
