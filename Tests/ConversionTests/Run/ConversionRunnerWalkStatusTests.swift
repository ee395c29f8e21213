import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

@testable import Conversion

@Suite struct ConversionRunnerWalkStatusTests {
    @Test func theWalkHandsOnWhatItFoundForFilesOnly() throws {
        let fixture = try ConversionFixture("walk-status")
        let file = try fixture.write("a/b.txt", "twelve bytes")
        try fixture.writeNotebook("book.notebook", title: "Book", pages: ["one"])
        try FileManager.default.createSymbolicLink(
            atPath: fixture.input.description + "/link", withDestinationPath: "a/b.txt")
        let items = Array(ConversionPlan(source: .paths([fixture.input]), registry: .conversionTests))
        let status = try #require(try ByteNamedFiles.status(file.bytes))
        let found = try #require(items.first { $0.input == file }?.foundStatus)
        #expect(found == status)
        #expect(found.size == 12)
        #expect(items.first { $0.kind == .package }?.foundStatus == nil)
        #expect(items.first { $0.input.lastComponent == Array("link".utf8) }?.foundStatus == nil)
        // Equality and hashing ignore what the walk saw: an item is its input, path, kind and reason.
        var bare = try #require(items.first { $0.input == file })
        bare.foundStatus = nil
        #expect(bare == items.first { $0.input == file })
        #expect(Set([bare, try #require(items.first { $0.input == file })]).count == 1)
    }

    // The worker is stopped by the time limit; a job that never ends fails the trait instead.
    @Test(.timeLimit(.minutes(1)))
    func anInputThatVanishesAfterTheWalkFailsAsMissing() async throws {
        let fixture = try ConversionFixture("walk-status-vanish")
        // The first batch is one item, which hangs for the time limit while the walk already looks at the next two.
        try fixture.write("a.hazard", "HANG")
        try fixture.write("b.txt", "stays")
        let vanishing = try fixture.write("c.txt", "vanishes")
        var job = try fixture.job(to: "plain-text")
        job.jobs = 1
        job.isolation = .childProcess(
            WorkerCommand(executable: try BuiltProduct.url(named: "docmigrate-conversion-test-worker")))
        job.itemTimeout = .seconds(1)
        let report = try await ConversionRunner(job: job).run(events: { event in
            if case .itemFinished(let input, _, _, _) = event, input.lastComponent == Array("a.hazard".utf8) {
                try? ByteNamedFiles.removeTree(vanishing.bytes)
            }
        })
        #expect(report.item(endingWith: "a.hazard")?.error?.code == "convert.item-timeout")
        #expect(report.item(endingWith: "b.txt")?.status == .converted)
        let vanished = try #require(report.item(endingWith: "c.txt"))
        #expect(vanished.status == .failed)
        #expect(vanished.error?.code == "convert.input-missing")
        #expect(vanished.output == nil)
        #expect(
            try ConversionFixture.tree(fixture.output).keys.allSatisfy { !$0.description.contains(".docmigrate-tmp-") })
    }

    /// Every item of a walk of `fixture.input` under `configure`, as path, kind, reason.
    private func walk(_ fixture: ConversionFixture, _ configure: (inout ConversionPlan) -> Void) -> [PlannedItem] {
        var plan = ConversionPlan(source: .paths([fixture.input]), registry: .conversionTests)
        configure(&plan)
        return Array(plan)
    }

    private func summary(_ items: [PlannedItem]) -> [String] {
        items.map { "\($0.relativePath.encodedForJSON) \($0.kind.rawValue) \($0.skipReason?.code ?? "-")" }
    }

    @Test func withoutStatusesTheWalkHandsOnWhatTheDirectoryEntrySays() throws {
        let fixture = try ConversionFixture("walk-identity")
        let file = try fixture.write("a/b.txt", "twelve bytes")
        let odd = try fixture.write([0x6E, 0xFF, 0x2E, 0x74, 0x78, 0x74], "latin-1 name")
        try fixture.writeNotebook("book.notebook", title: "Book", pages: ["one"])
        try FileManager.default.createSymbolicLink(
            atPath: fixture.input.description + "/link", withDestinationPath: "a/b.txt")
        try fixture.write(".c.txt.icloud", "placeholder")
        let statused = walk(fixture) { _ in }
        let bare = walk(fixture) { $0.readsFileStatuses = false }
        // The same items in the same order, whatever the walk looked up.
        #expect(summary(bare) == summary(statused))
        #expect(bare.count == 5)
        for path in [file, odd] {
            let status = try #require(try ByteNamedFiles.status(path.bytes))
            let item = try #require(bare.first { $0.input == path })
            #expect(item.foundStatus == nil)
            #expect(item.foundIdentity == FileIdentity(device: status.device, inode: status.inode))
        }
        let package = try #require(bare.first { $0.kind == .package })
        let packageStatus = try #require(try ByteNamedFiles.statusFollowingLinks(package.input.bytes))
        #expect(package.foundIdentity == FileIdentity(device: packageStatus.device, inode: packageStatus.inode))
        // A link is looked up (its entry says link) and skipped, as before; it carries nothing found.
        let link = try #require(bare.first { $0.input.lastComponent == Array("link".utf8) })
        #expect(link.skipReason?.code == "convert.skipped.symbolic-link")
        #expect(link.foundIdentity == nil && link.foundStatus == nil)
    }

    @Test func entriesOfUnknownKindAreLookedUp() throws {
        let fixture = try ConversionFixture("walk-unknown-kind")
        let file = try fixture.write("a/b.txt", "twelve bytes")
        try fixture.writeNotebook("book.notebook", title: "Book", pages: ["one"])
        try FileManager.default.createSymbolicLink(
            atPath: fixture.input.description + "/link", withDestinationPath: "a/b.txt")
        let statused = walk(fixture) { _ in }
        // As on a file system that records no kinds (DT_UNKNOWN): every entry is looked up, files get their full
        // status.
        let unknown = walk(fixture) { plan in
            plan.readsFileStatuses = false
            plan.trustsEntryKinds = false
        }
        #expect(summary(unknown) == summary(statused))
        let status = try #require(try ByteNamedFiles.status(file.bytes))
        #expect(unknown.first { $0.input == file }?.foundStatus == status)
        #expect(
            unknown.first { $0.input.lastComponent == Array("link".utf8) }?.skipReason?.code
                == "convert.skipped.symbolic-link")
    }

    @Test func aJobWithoutStatusesJournalsTheTimeTheWorkerRead() async throws {
        let fixture = try ConversionFixture("walk-identity-journal")
        let file = try fixture.write("a/b.txt", "twelve bytes")
        try ByteNamedFiles.setModificationTime(file.bytes, seconds: 1_234_567_890, nanoseconds: 123_456_789)
        try fixture.writeNotebook("book.notebook", title: "Book", pages: ["one"])
        var job = try fixture.job(to: "plain-text")
        job.isolation = .childProcess(
            WorkerCommand(executable: try BuiltProduct.url(named: "docmigrate-conversion-test-worker")))
        let report = try await ConversionRunner(job: job).run()
        #expect(report.totals.failed == 0)
        let journal = try String(
            contentsOfFile: fixture.output.description + "/.docmigrate-journal.jsonl", encoding: .utf8)
        let entries = try journal.split(separator: "\n").map {
            try JSONDecoder().decode(ConversionJournal.Entry.self, from: Data($0.utf8))
        }
        #expect(entries.count == 2)
        let fileEntry = try #require(entries.first { $0.input == file })
        #expect(fileEntry.mtime == ConversionJournal.mtime(seconds: 1_234_567_890, nanoseconds: 123_456_789))
        #expect(fileEntry.size == 12)
        let package = try #require(entries.first { $0.input.lastComponent == Array("book.notebook".utf8) })
        let packageStatus = try #require(try ByteNamedFiles.statusFollowingLinks(package.input.bytes))
        #expect(
            package.mtime
                == ConversionJournal.mtime(
                    seconds: packageStatus.modificationSeconds, nanoseconds: packageStatus.modificationNanoseconds))
        #expect(package.size == 0)
    }
}
