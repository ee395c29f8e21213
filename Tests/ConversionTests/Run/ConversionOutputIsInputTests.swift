import Conversion
import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

/// An output path that is the item's own input is refused, whichever way the item goes: the job asks only once
/// something is found there.
@Suite struct ConversionOutputIsInputTests {
    @Test(arguments: ConversionJob.CollisionPolicy.allCases)
    func anInputIsNeverReplacedByItsOutput(_ policy: ConversionJob.CollisionPolicy) async throws {
        let fixture = try ConversionFixture("same-\(policy.rawValue)")
        try fixture.write("a.txt", "text")
        try fixture.write("bad.txt", data: Data([0x41, 0xFF, 0x42]))
        var job = try fixture.job(to: "public.utf8-plain-text")
        job.outputFolder = fixture.input
        job.collision = policy
        job.journalPath = ItemPath(fixture.directory.url.path + "/journal")
        let before = try ConversionFixture.tree(fixture.input)
        let report = try await ConversionRunner(job: job).run()
        #expect(report.items.count == 2)
        for item in report.items {
            // The refusal as a check before converting gave it: the output named, nothing of the conversion.
            #expect(item.status == .failed)
            #expect(item.error?.code == "convert.output-is-input", "\(item.input): \(String(describing: item.error))")
            #expect(item.output == item.input)
            #expect(item.sourceType == nil && item.route.isEmpty)
        }
        #expect(report.totals.inputBytes == 0)
        #expect(try ConversionFixture.tree(fixture.input) == before)
    }

    @Test(.timeLimit(.minutes(1)))
    func aWorkersOutputIsRefusedAsTheInputToo() async throws {
        let fixture = try ConversionFixture("same-worker")
        try fixture.write("a.txt", "text")
        try fixture.write("b.txt", "more text")
        var job = try fixture.job(to: "public.utf8-plain-text")
        job.outputFolder = fixture.input
        job.journalPath = ItemPath(fixture.directory.url.path + "/journal")
        job.isolation = .childProcess(
            WorkerCommand(executable: try BuiltProduct.url(named: "docmigrate-conversion-test-worker")))
        let report = try await ConversionRunner(job: job).run()
        #expect(report.items.map { $0.error?.code } == ["convert.output-is-input", "convert.output-is-input"])
        #expect(fixture.contents(fixture.input.appending(Array("a.txt".utf8))) == "text")
        #expect(fixture.contents(fixture.input.appending(Array("b.txt".utf8))) == "more text")
        #expect(
            try ByteNamedFiles.names(inFolder: fixture.input.bytes).sorted { $0.lexicographicallyPrecedes($1) } == [
                Array("a.txt".utf8), Array("b.txt".utf8),
            ])
    }
}
