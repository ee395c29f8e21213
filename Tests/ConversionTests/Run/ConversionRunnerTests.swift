import Conversion
import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam
import TestSupport
import Testing

@Suite struct ConversionRunnerTests {
    @Test func convertsAMixedCorpusAndLeavesOriginalsAlone() async throws {
        let fixture = try ConversionFixture("run-mixed")
        let text = try fixture.write("notes/a.txt", "hello\n")
        try ByteNamedFiles.setPermissions(text.bytes, 0o640)
        try ByteNamedFiles.setModificationTime(text.bytes, seconds: 1_000_000_000, nanoseconds: 123_456_789)
        try ExtendedAttributes.set("user.tag", value: Array("red".utf8), atPath: text.bytes)
        try fixture.writeNotebook("book.notebook", title: "Book", pages: ["page one", "page two"])
        try fixture.write("bad.txt", data: Data([0x61, 0x62, 0x63, 0xFF, 0x64]))
        try fixture.write(Array("n".utf8) + [0xFF] + Array(".txt".utf8), "latin name")
        try fixture.write(".d.txt.icloud", "placeholder")
        try fixture.write("._a.txt", "apple double")
        try fixture.write("data.bin", data: Data([0, 1, 2, 3, 0, 0xFE]))
        let before = try ConversionFixture.tree(fixture.input)

        let report = try await ConversionRunner(job: try fixture.job(to: "uppercase-text")).run()

        #expect(try ConversionFixture.tree(fixture.input) == before)
        #expect(report.items.map(\.input).sorted() == report.items.map(\.input))
        #expect(report.item(endingWith: "notes/a.txt")?.status == .converted)
        #expect(fixture.contents(fixture.output.appending(Array("notes/a.upper".utf8))) == "HELLO\n")
        #expect(report.item(endingWith: "book.notebook")?.route == ["notebook", "plain-text", "uppercase-text"])
        #expect(
            fixture.contents(fixture.output.appending(Array("book.upper".utf8)))
                == "BOOK\n\n--- PAGE 1 ---\nPAGE ONE\n\n--- PAGE 2 ---\nPAGE TWO\n")
        #expect(
            fixture.contents(fixture.output.appending(Array("n".utf8) + [0xFF] + Array(".upper".utf8))) == "LATIN NAME")
        let bad = try #require(report.item(endingWith: "bad.txt"))
        #expect(bad.status == .failed)
        #expect(bad.error?.code == "text.undetectable-encoding")
        #expect(bad.error?.location == .byte(3))
        #expect(report.item(endingWith: "data.bin")?.error?.code == "convert.unsupported-type")
        #expect(report.item(endingWith: ".d.txt.icloud")?.status == .skipped)
        #expect(report.item(endingWith: "._a.txt") == nil)
        #expect(report.totals.converted == 3 && report.totals.failed == 2 && report.totals.skipped == 1)

        let output = fixture.output.appending(Array("notes/a.upper".utf8))
        let status = try #require(try ByteNamedFiles.status(output.bytes))
        #expect(status.permissions == 0o640)
        #expect(status.modificationSeconds == 1_000_000_000 && status.modificationNanoseconds == 123_456_789)
        #expect(
            try ExtendedAttributes.all(atPath: output.bytes).contains {
                $0.name == "user.tag" && $0.value == Array("red".utf8)
            })
        #expect(
            try !ConversionFixture.tree(fixture.output).keys.contains { $0.description.contains(".docmigrate-tmp-") })
        // The journal records the converted items, by input.
        let journal = try String(
            contentsOfFile: fixture.output.description + "/.docmigrate-journal.jsonl", encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 3)
        #expect(journal.contains("\"result\":\"converted\""))
    }

    @Test func dryRunWritesNothing() async throws {
        let fixture = try ConversionFixture("run-dry")
        try fixture.write("a.txt", "a")
        try fixture.writeNotebook("b.notebook", title: "B", pages: [])
        var job = try fixture.job(to: "uppercase-text")
        job.dryRun = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.items.map(\.status) == [.planned, .planned])
        #expect(
            report.items.map(\.route) == [
                ["plain-text", "uppercase-text"], ["notebook", "plain-text", "uppercase-text"],
            ])
        #expect(try ByteNamedFiles.status(fixture.output.bytes) == nil)
    }

    @Test(arguments: [ConversionJob.CollisionPolicy.fail, .suffix, .overwrite])
    func appliesTheCollisionPolicy(_ policy: ConversionJob.CollisionPolicy) async throws {
        let fixture = try ConversionFixture("run-collision")
        try fixture.write("a.txt", "new")
        try fixture.write(Array("a.upper".utf8), "someone else's", in: fixture.output)
        var job = try fixture.job(to: "uppercase-text")
        job.collision = policy
        let report = try await ConversionRunner(job: job).run()
        let existing = fixture.contents(fixture.output.appending(Array("a.upper".utf8)))
        let suffixed = fixture.contents(fixture.output.appending(Array("a 2.upper".utf8)))
        switch policy {
        case .fail:
            #expect(report.items.first?.error?.code == "convert.output-exists")
            #expect(existing == "someone else's" && suffixed == nil)
        case .suffix:
            #expect(report.items.first?.status == .converted)
            #expect(existing == "someone else's" && suffixed == "NEW")
        case .overwrite:
            #expect(report.items.first?.status == .converted)
            #expect(existing == "NEW" && suffixed == nil)
        }
    }

    @Test func refusesAnOutputThatIsItsInput() async throws {
        let fixture = try ConversionFixture("run-same")
        try fixture.write("a.txt", "text")
        var job = try fixture.job(to: "public.utf8-plain-text")
        job.outputFolder = fixture.input
        job.journalPath = ItemPath(fixture.directory.url.path + "/journal")
        let report = try await ConversionRunner(job: job).run()
        #expect(report.items.count == 1)
        #expect(report.items.first?.error?.code == "convert.output-is-input")
        #expect(fixture.contents(fixture.input.appending(Array("a.txt".utf8))) == "text")
    }

    @Test func inPlaceKeepsAVerifiedBackupAndTheMode() async throws {
        let fixture = try ConversionFixture("run-in-place")
        let file = try fixture.write("a.txt", "straße")
        try ByteNamedFiles.setPermissions(file.bytes, 0o604)
        var job = try fixture.job(to: "uppercase-text")
        job.outputFolder = nil
        job.inPlace = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.items.first?.status == .warning)
        #expect(report.items.first?.warnings.map(\.code) == ["uppercase.sharp-s"])
        #expect(fixture.contents(file) == "STRASSE")
        #expect(fixture.contents(fixture.input.appending(Array("a.txt.orig".utf8))) == "straße")
        #expect(try ByteNamedFiles.status(file.bytes)?.permissions == 0o604)
        #expect(
            try ByteNamedFiles.status(fixture.input.appending(Array("a.txt.orig".utf8)).bytes)?.permissions == 0o604)
        #expect(
            try !ConversionFixture.tree(fixture.input).keys.contains { $0.description.contains(".docmigrate-tmp-") })

        // A second in-place run leaves the backup alone (it is the original, not an input).
        let again = try await ConversionRunner(job: job).run()
        #expect(again.item(endingWith: "a.txt.orig")?.error?.code == "convert.skipped.backup")
        #expect(fixture.contents(fixture.input.appending(Array("a.txt.orig".utf8))) == "straße")
        #expect(try ByteNamedFiles.status(fixture.input.appending(Array("a.txt.orig.orig".utf8)).bytes) == nil)
    }

    @Test func inPlaceReplacesAPackageAfterAVerifiedBackupOfTheWholeFolder() async throws {
        let fixture = try ConversionFixture("run-in-place-package")
        let book = try fixture.writeNotebook("book.notebook", title: "Book", pages: ["page one", "page two"])
        try ByteNamedFiles.setPermissions(book.bytes, 0o705)
        let original = try ConversionFixture.tree(book)
        var job = try fixture.job(to: "uppercase-text")
        job.outputFolder = nil
        job.inPlace = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.items.count == 1)
        #expect(report.items.first?.status == .converted)
        let converted = try #require(fixture.contents(book))
        #expect(converted.contains("PAGE ONE") && converted.contains("PAGE TWO"))
        #expect(try ByteNamedFiles.status(book.bytes)?.kind == .regular)
        #expect(try ByteNamedFiles.status(book.bytes)?.permissions == 0o705)
        let backup = fixture.input.appending(Array("book.notebook.orig".utf8))
        #expect(try ConversionFixture.tree(backup) == original)
        #expect(try ByteNamedFiles.status(backup.bytes)?.permissions == 0o705)
        #expect(
            try !ConversionFixture.tree(fixture.input).keys.contains { $0.description.contains(".docmigrate-tmp-") })

        // A second run treats the backup folder as one skipped item: nothing inside it is converted, and the
        // converted file is not converted again over its own backup.
        let again = try await ConversionRunner(job: job).run()
        #expect(again.items.map(\.error?.code) == ["convert.backup-exists", "convert.skipped.backup"])
        #expect(fixture.contents(book) == converted)
        #expect(try ConversionFixture.tree(backup) == original)

        // A run killed after the swap but before its journal line: resuming recognises the output from the backup.
        var resumed = job
        resumed.resume = true
        let recognised = try await ConversionRunner(job: resumed).run()
        #expect(recognised.item(endingWith: "book.notebook")?.status == .resumed)
        #expect(fixture.contents(book) == converted)
        #expect(
            try !ConversionFixture.tree(fixture.input).keys.contains { $0.description.contains(".docmigrate-tmp-") })
    }

    @Test func inPlaceFinishesAnItemWhoseBackupAKilledRunAlreadyRenamedIntoPlace() async throws {
        let fixture = try ConversionFixture("run-in-place-backup-only")
        let file = try fixture.write("a.txt", "text")
        _ = try fixture.write("a.txt.orig", "text")
        let book = try fixture.writeNotebook("book.notebook", title: "Book", pages: ["page"])
        try FileManager.default.copyItem(atPath: book.description, toPath: book.description + ".orig")
        var job = try fixture.job(to: "uppercase-text")
        job.outputFolder = nil
        job.inPlace = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.item(endingWith: "a.txt")?.status == .converted)
        #expect(report.item(endingWith: "book.notebook")?.status == .converted)
        #expect(fixture.contents(file) == "TEXT")
        #expect(fixture.contents(book)?.contains("PAGE") == true)
        #expect(fixture.contents(fixture.input.appending(Array("a.txt.orig".utf8))) == "text")
    }

    @Test func inPlaceRefusesAPackageWhoseBackupNameIsTakenByAnotherItem() async throws {
        let fixture = try ConversionFixture("run-in-place-package-taken")
        _ = try fixture.writeNotebook("book.notebook", title: "Book", pages: ["page one"])
        _ = try fixture.writeNotebook("book.notebook.orig", title: "Other", pages: ["not the original"])
        let before = try ConversionFixture.tree(fixture.input)
        var job = try fixture.job(to: "uppercase-text")
        job.outputFolder = nil
        job.inPlace = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.item(endingWith: "book.notebook")?.error?.code == "convert.backup-exists")
        #expect(try ConversionFixture.tree(fixture.input) == before)
    }

    @Test func resumesFromTheJournalAndRecognisesItsOwnOutputs() async throws {
        let fixture = try ConversionFixture("run-resume")
        for index in 0..<5 { try fixture.write("f\(index).txt", "file \(index)") }
        let first = try await ConversionRunner(job: try fixture.job(to: "uppercase-text")).run()
        #expect(first.totals.converted == 5)
        let afterFirst = try ConversionFixture.tree(fixture.output)

        var resumed = try fixture.job(to: "uppercase-text")
        resumed.resume = true
        let second = try await ConversionRunner(job: resumed).run()
        #expect(second.totals.resumed == 5 && second.totals.converted == 0)

        // Outputs renamed into place but never journaled, and a stray temporary, as a kill leaves them.
        try Data().write(to: URL(fileURLWithPath: fixture.output.description + "/.docmigrate-journal.jsonl"))
        try fixture.write(Array(".docmigrate-tmp-stray".utf8), "half", in: fixture.output)
        let third = try await ConversionRunner(job: resumed).run()
        #expect(third.totals.resumed == 5 && third.totals.failed == 0)
        #expect(try ConversionFixture.tree(fixture.output) == afterFirst)

        // Without --resume, the same outputs are collisions.
        let fresh = try await ConversionRunner(job: try fixture.job(to: "uppercase-text")).run()
        #expect(fresh.totals.failed == 5)
        #expect(fresh.items.allSatisfy { $0.error?.code == "convert.output-exists" })
    }

    // A hang that the time limit failed to stop would block the job forever: the trait fails the test instead.
    @Test(.timeLimit(.minutes(1)))
    func aTrapOrAHangInADecoderFailsOnlyThatItem() async throws {
        let fixture = try ConversionFixture("run-isolation")
        try fixture.write("ok.hazard", "fine")
        try fixture.write("trap.hazard", "TRAP")
        try fixture.write("hang.hazard", "HANG")
        try fixture.write("plain.txt", "plain")
        var job = try fixture.job(to: "plain-text")
        job.isolation = .childProcess(
            WorkerCommand(executable: try BuiltProduct.url(named: "docmigrate-conversion-test-worker")))
        job.itemTimeout = .seconds(1)
        let report = try await ConversionRunner(job: job).run()
        #expect(report.item(endingWith: "ok.hazard")?.status == .converted)
        #expect(report.item(endingWith: "plain.txt")?.status == .converted)
        #expect(report.item(endingWith: "trap.hazard")?.error?.code == "convert.worker-crashed")
        #expect(report.item(endingWith: "hang.hazard")?.error?.code == "convert.item-timeout")
        #expect(fixture.contents(fixture.output.appending(Array("ok.txt".utf8))) == "fine")
        #expect(
            try ConversionFixture.tree(fixture.output).keys.allSatisfy { !$0.description.contains(".docmigrate-tmp-") })
    }

    @Test func failFastStopsAfterTheFirstFailure() async throws {
        let fixture = try ConversionFixture("run-fail-fast")
        try fixture.write("a.txt", data: Data([0xFF]))
        for index in 0..<40 { try fixture.write("b\(index).txt", "text") }
        var job = try fixture.job(to: "uppercase-text")
        job.failFast = true
        job.jobs = 1
        let report = try await ConversionRunner(job: job).run()
        #expect(report.totals.failed == 1)
        #expect(report.totals.items < 41)
    }

    @Test func smallBatchesCommitEveryOutputAndJournalEveryLine() async throws {
        let fixture = try ConversionFixture("run-batches")
        for index in 0..<150 { try fixture.write("f\(index % 5)/\(index).txt", "file \(index)") }
        var job = try fixture.job(to: "uppercase-text")
        job.batchSize = 4
        let events = EventLog()
        let report = try await ConversionRunner(job: job).run { events.append($0) }
        #expect(report.totals.converted == 150 && report.totals.items == 150)
        #expect(report.items.map(\.input) == report.items.map(\.input).sorted())
        #expect(fixture.contents(fixture.output.appending(Array("f2/7.upper".utf8))) == "FILE 7")
        // Every output is journaled, the last round's lines included, each once.
        let journal = try String(
            contentsOfFile: fixture.output.description + "/.docmigrate-journal.jsonl", encoding: .utf8)
        let inputs = journal.split(separator: "\n").map {
            try? JSONDecoder().decode(ConversionJournal.Entry.self, from: Data($0.utf8)).input
        }
        #expect(Set(inputs.compactMap { $0 }) == Set(report.items.map(\.input)))
        #expect(inputs.count == 150)
        // Progress counts up to the total, one event per item, before the finish.
        let done = events.items.compactMap { event -> Int? in
            if case .itemFinished(_, _, let done, _) = event { return done }
            return nil
        }
        #expect(done == Array(1...150))
        #expect(events.items.last == .finished(report.totals))
    }
}

/// The events of a job, in the order they came.
final class EventLog: Sendable {
    private let events = Mutex<[ConversionEvent]>([])
    func append(_ event: ConversionEvent) { events.withLock { $0.append(event) } }
    var items: [ConversionEvent] { events.withLock { $0 } }
}
