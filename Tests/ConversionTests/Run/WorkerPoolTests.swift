import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import TestSupport
import Testing

@testable import Conversion

/// Batches wait for one of at most `jobs` workers, which go from batch to batch, and requests reach a worker as a
/// sliding window.
@Suite struct WorkerPoolTests {
    private static func childJob(_ fixture: ConversionFixture, jobs: Int) throws -> ConversionJob {
        var job = try fixture.job(to: "plain-text")
        job.jobs = jobs
        job.isolation = .childProcess(
            WorkerCommand(executable: try BuiltProduct.url(named: "docmigrate-conversion-test-worker")))
        return job
    }

    @Test(.timeLimit(.minutes(1)))
    func moreBatchesThanWorkersShareAtMostJobsWorkers() async throws {
        let fixture = try ConversionFixture("pool-limit")
        var requests: [[ConversionWorker.Request]] = []
        for batch in 0..<6 {
            var batchRequests: [ConversionWorker.Request] = []
            for index in 0..<20 {
                let input = try fixture.write("b\(batch)-\(index).txt", "batch \(batch) item \(index)")
                let temporary = fixture.input.appending(Array(".docmigrate-tmp-b\(batch)-\(index)".utf8))
                batchRequests.append(ConversionWorker.Request(input: input, kind: .file, temporary: temporary))
            }
            requests.append(batchRequests)
        }
        let job = try Self.childJob(fixture, jobs: 2)
        let pool = WorkerPool(job: job)
        let preparer = ItemPreparer(
            registry: job.registry, routes: ConversionChains(to: job.target, registry: job.registry))
        let answers = await withTaskGroup(of: (Int, [PreparedItem]).self) { group in
            for (index, batch) in requests.enumerated() {
                group.addTask { (index, await pool.prepare(batch, preparer: preparer, timeout: nil)) }
            }
            var answers: [Int: [PreparedItem]] = [:]
            for await (index, batchAnswers) in group { answers[index] = batchAnswers }
            return answers
        }
        pool.finishAll()
        #expect(pool.startedCount == 2)
        for (batch, batchRequests) in requests.enumerated() {
            let batchAnswers = try #require(answers[batch])
            #expect(batchAnswers.count == 20)
            for (request, answer) in zip(batchRequests, batchAnswers) {
                #expect(answer.error == nil, "\(request.input)")
                #expect(fixture.contents(request.temporary) == fixture.contents(request.input))
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func manyBatchesOfLongRequestsConvertEveryItemOnce() async throws {
        let fixture = try ConversionFixture("pool-window")
        // Long names: a page holds a handful of requests, so a batch goes out in many writes while the first are
        // answered.
        let stem = String(repeating: "w", count: 200)
        for index in 0..<300 { try fixture.write("f\(index % 3)/\(index)-\(stem).txt", "item \(index)") }
        let report = try await ConversionRunner(job: try Self.childJob(fixture, jobs: 2)).run()
        #expect(report.items.count == 300)
        #expect(report.totals.converted == 300)
        for index in 0..<300 {
            #expect(
                fixture.contents(fixture.output.appending(Array("f\(index % 3)/\(index)-\(stem).txt".utf8)))
                    == "item \(index)")
        }
        #expect(
            try ConversionFixture.tree(fixture.output).keys.allSatisfy { !$0.description.contains(".docmigrate-tmp-") })
    }

    @Test(.timeLimit(.minutes(1)))
    func aRequestLongerThanAPageIsWrittenAloneAmongShortOnes() async throws {
        let fixture = try ConversionFixture("pool-long")
        // Eight folders of 250-byte names: the input and temporary paths make one request longer than a page.
        let deep = (0..<8).map { String(repeating: Character(String(UnicodeScalar(UInt8(0x61 + $0)))), count: 250) }
            .joined(separator: "/")
        let names = ["a0.txt", "a1.txt", "a2.txt", "m/" + deep + "/long.txt", "z0.txt", "z1.txt", "z2.txt"]
        for name in names { try fixture.write(name, "contents of \(name.suffix(6))") }
        let longRequest = ConversionWorker.Request(
            input: fixture.input.appending(Array(("m/" + deep + "/long.txt").utf8)), kind: .file,
            temporary: fixture.output.appending(Array(("m/" + deep + "/.docmigrate-tmp-x").utf8)))
        #expect(longRequest.frame.count > WorkerProcess.requestBytesPerWrite)
        let report = try await ConversionRunner(job: try Self.childJob(fixture, jobs: 1)).run()
        #expect(report.totals.converted == names.count)
        for name in names {
            #expect(fixture.contents(fixture.output.appending(Array(name.utf8))) == "contents of \(name.suffix(6))")
        }
    }

    // Without a time limit a worker holds answers back to send several at once; a trap loses those it held.
    @Test(.timeLimit(.minutes(1)))
    func aWorkerDyingWithAnswersHeldBackFailsOnlyTheItemThatEndedIt() async throws {
        let fixture = try ConversionFixture("pool-held-back")
        let hazards: Set<Int> = [3, 12, 13, 40]
        func name(_ index: Int) -> String { (index < 10 ? "0" : "") + "\(index)-item.hazard" }
        for index in 0..<50 { try fixture.write(name(index), hazards.contains(index) ? "TRAP" : "item \(index)") }
        let report = try await ConversionRunner(job: try Self.childJob(fixture, jobs: 1)).run()
        #expect(report.items.count == 50)
        for (index, item) in report.items.enumerated() {
            #expect(item.input.description.hasSuffix(name(index)))
            if hazards.contains(index) {
                #expect(item.error?.code == "convert.worker-crashed", "item \(index)")
            } else {
                #expect(item.status == .converted, "item \(index): \(String(describing: item.error))")
                #expect(
                    fixture.contents(
                        fixture.output.appending(
                            Array(name(index).replacingOccurrences(of: ".hazard", with: ".txt").utf8)))
                        == "item \(index)")
            }
        }
        #expect(
            try ConversionFixture.tree(fixture.output).keys.allSatisfy { !$0.description.contains(".docmigrate-tmp-") })
    }

    @Test func whetherToAnswerAtOnceTravelsWithTheRequest() throws {
        for answersAtOnce in [false, true] {
            var request = ConversionWorker.Request(
                input: ItemPath("in/a.txt"), kind: .file, temporary: ItemPath("out/.docmigrate-tmp-1"))
            request.answersAtOnce = answersAtOnce
            let decoded = try ConversionWorker.Request(frame: request.frame)
            #expect(decoded.answersAtOnce == answersAtOnce)
            #expect(decoded.input == request.input && decoded.temporary == request.temporary && decoded.kind == .file)
        }
    }

    @Test func temporaryNamesAreDistinctAndMarkedAsTheJobs() throws {
        let fixture = try ConversionFixture("temporary-names")
        let job = try fixture.job(to: "plain-text")
        let first = try JobState(job: job, journal: nil, events: { _ in })
        let second = try JobState(job: job, journal: nil, events: { _ in })
        first.commitRemaining()
        second.commitRemaining()
        let names =
            (0..<5000).map { _ in first.nextTemporaryName() } + (0..<5000).map { _ in second.nextTemporaryName() }
        #expect(Set(names).count == 10000)
        #expect(names.allSatisfy { $0.starts(with: Array(".docmigrate-tmp-".utf8)) && !$0.contains(0x2F) })
    }
}
