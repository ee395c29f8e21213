import Conversion
import DocumentPlatform
import Foundation
import TestSupport
import Testing

/// A slot hands its worker several items at once; each item must still get its own answer, time limit and error.
@Suite struct ConversionBatchTests {
    // A hang that the time limit failed to stop would block the job forever: the trait fails the test instead.
    @Test(.timeLimit(.minutes(1)))
    func aWorkerStoppingMidBatchFailsOnlyItsItemAndTheRestConvert() async throws {
        let fixture = try ConversionFixture("batch-isolation")
        // Long names make a batch's requests longer than one pipe page, so they go in more than one write.
        let stem = String(repeating: "n", count: 180)
        // With one slot the batches hold items 0, 1–2, 3–6, 7–14, 15–30 and 31–39: hazards sit inside
        // batches, one right after another, so the items after each go to a fresh worker.
        let hazards = [4: "TRAP", 17: "TRAP", 20: "HANG", 21: "TRAP"]
        func name(_ index: Int) -> String { (index < 10 ? "0" : "") + "\(index)-" + stem }
        for index in 0..<40 {
            try fixture.write(name(index) + ".hazard", hazards[index] ?? "item \(index)")
        }
        var job = try fixture.job(to: "plain-text")
        job.jobs = 1
        job.isolation = .childProcess(
            WorkerCommand(executable: try BuiltProduct.url(named: "docmigrate-conversion-test-worker")))
        job.itemTimeout = .seconds(1)
        let report = try await ConversionRunner(job: job).run()

        #expect(report.items.count == 40)
        #expect(report.items.map(\.input) == report.items.map(\.input).sorted())
        for (index, item) in report.items.enumerated() {
            #expect(item.input.description.hasSuffix(name(index) + ".hazard"))
            switch hazards[index] {
            case "TRAP":
                #expect(item.error?.code == "convert.worker-crashed", "item \(index)")
            case "HANG":
                #expect(item.error?.code == "convert.item-timeout", "item \(index)")
            default:
                #expect(item.status == .converted, "item \(index): \(String(describing: item.error))")
                #expect(
                    fixture.contents(fixture.output.appending(Array((name(index) + ".txt").utf8))) == "item \(index)")
            }
        }
        #expect(report.totals.converted == 36 && report.totals.failed == 4)
        #expect(
            try ConversionFixture.tree(fixture.output).keys.allSatisfy { !$0.description.contains(".docmigrate-tmp-") })
    }

    @Test func inProcessBatchesConvertEveryItemOnceWithItsOwnError() async throws {
        let fixture = try ConversionFixture("batch-in-process")
        let broken: Set<Int> = [0, 5, 6, 33, 59]
        for index in 0..<60 {
            let relative = "f\(index % 3)/\(index).txt"
            if broken.contains(index) {
                try fixture.write(relative, data: Data([0x41, 0xFF, 0x42]))
            } else {
                try fixture.write(relative, "text \(index)")
            }
        }
        var job = try fixture.job(to: "uppercase-text")
        job.jobs = 3
        let report = try await ConversionRunner(job: job).run()
        #expect(report.items.count == 60)
        #expect(report.items.map(\.input) == report.items.map(\.input).sorted())
        for item in report.items {
            let name = String(item.input.description.split(separator: "/").last ?? "")
            let index = try #require(Int(name.dropLast(".txt".count)))
            if broken.contains(index) {
                #expect(item.status == .failed && item.error != nil, "\(name)")
            } else {
                #expect(item.status == .converted, "\(name)")
                #expect(
                    fixture.contents(fixture.output.appending(Array("f\(index % 3)/\(index).upper".utf8)))
                        == "TEXT \(index)")
            }
        }
    }
}
