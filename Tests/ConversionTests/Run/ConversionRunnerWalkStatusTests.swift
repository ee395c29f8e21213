@testable import Conversion
import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import TestSupport
import Testing

@Suite struct ConversionRunnerWalkStatusTests {
    @Test func theWalkHandsOnWhatItFoundForFilesOnly() throws {
        let fixture = try ConversionFixture("walk-status")
        let file = try fixture.write("a/b.txt", "twelve bytes")
        try fixture.writeNotebook("book.notebook", title: "Book", pages: ["one"])
        try FileManager.default.createSymbolicLink(atPath: fixture.input.description + "/link", withDestinationPath: "a/b.txt")
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
        job.isolation = .childProcess(WorkerCommand(executable: try BuiltProduct.url(named: "docmigrate-conversion-test-worker")))
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
        #expect(try ConversionFixture.tree(fixture.output).keys.allSatisfy { !$0.description.contains(".docmigrate-tmp-") })
    }
}
