import Comparison
import Foundation
import Synchronization
import TestSupport
import Testing
import Verification

/// A plan is made from paths and filters before anything runs, and the runner tells recorders what happens as it runs
/// it.
@Suite struct VerificationPlanTests {
    static let goldenFiles = VerificationRunnerTests.goldenFiles

    @Test func planningEveryCorpusTakesEveryCaseOfEveryManifest() throws {
        let plan = try VerificationPlan(paths: [Self.goldenFiles], codecs: .builtIn)
        let folders = try GoldenCorpus.folders(at: Self.goldenFiles)
        #expect(plan.corpora.map(\.folder) == folders)
        let caseCount = try folders.reduce(0) { count, folder in
            count
                + (try GoldenCorpus.load(from: folder, codecs: .builtIn, routes: RouteRegistry()).manifest.cases.count)
        }
        #expect(plan.steps.count == caseCount)
        #expect(!plan.isFiltered)
    }

    @Test func formatsAndCaseGlobsFilterTheSteps() throws {
        let plan = try VerificationPlan(
            paths: [Self.goldenFiles], formats: ["json"], cases: [try Glob("cases/bad-*")], codecs: .builtIn)
        #expect(plan.corpora.map(\.name) == ["json"])
        #expect(!plan.steps.isEmpty)
        #expect(plan.steps.allSatisfy { $0.corpus.name == "json" && $0.goldenCase.input.hasPrefix("cases/bad-") })
        #expect(plan.isFiltered)
    }

    @Test func aFilterThatMatchesNothingIsRefusedBeforeAnythingRuns() throws {
        let error = try #require(throws: VerificationError.self) {
            try VerificationPlan(paths: [Self.goldenFiles], cases: [try Glob("no-such-case-*")], codecs: .builtIn)
        }
        #expect(error.code == "verify.no-case")
    }

    @Test func orphansAreListedByCorpusInBytewiseOrderAndDeletedOnlyWhenAsked() throws {
        let directory = try TemporaryDirectory("plan-orphans")
        let corpus = try VerificationRunnerTests.copyOfShippedCorpus(in: directory).appendingPathComponent("json")
        for name in ["zeta.json", "Alpha.json"] {
            try Data("{}".utf8).write(to: corpus.appendingPathComponent("cases").appendingPathComponent(name))
        }
        let plan = try VerificationPlan(paths: [corpus], codecs: .builtIn)
        #expect(try plan.orphans(.warn) == ["json/cases/Alpha.json", "json/cases/zeta.json"])
        #expect(FileManager.default.fileExists(atPath: corpus.appendingPathComponent("cases/zeta.json").path))
        #expect(OrphanAction.fail.fails(withOrphans: ["json/cases/zeta.json"]))
        #expect(!OrphanAction.warn.fails(withOrphans: ["json/cases/zeta.json"]))
        #expect(!OrphanAction.fail.fails(withOrphans: []))
        #expect(try plan.orphans(.delete) == ["json/cases/Alpha.json", "json/cases/zeta.json"])
        #expect(!FileManager.default.fileExists(atPath: corpus.appendingPathComponent("cases/zeta.json").path))
        #expect(try plan.orphans(.warn).isEmpty)
    }

    /// Keeps every event it is given, in order.
    final class EventLog: VerificationRecorder {
        let events = Mutex<[VerificationEvent]>([])
        func record(_ event: VerificationEvent) { events.withLock { $0.append(event) } }
    }

    @Test func recordersSeeEveryCaseStartAndFinishBetweenTheRunsStartAndEnd() async throws {
        let plan = try VerificationPlan(paths: [Self.goldenFiles], formats: ["json"], codecs: .builtIn)
        let log = EventLog()
        let report = await VerificationRunner(codecs: .builtIn, jobs: 2).run(plan, recorders: [log])
        let events = log.events.withLock { $0 }
        #expect(events.count == 2 * plan.steps.count + 2)
        guard case .runStarted(let stepCount)? = events.first else {
            Issue.record("the first event is \(String(describing: events.first))")
            return
        }
        #expect(stepCount == plan.steps.count)
        guard case .runFinished(let finalReport)? = events.last else {
            Issue.record("the last event is \(String(describing: events.last))")
            return
        }
        #expect(finalReport.cases.map(\.input) == report.cases.map(\.input))
        var started: [String] = []
        var finished: [String] = []
        for event in events.dropFirst().dropLast() {
            switch event {
            case .caseStarted(let step):
                started.append(step.goldenCase.input)
            case .caseFinished(let result):
                // A case finishes only after it started.
                #expect(started.contains(result.input), "\(result.input) finished before it started")
                finished.append(result.input)
            default:
                Issue.record("unexpected event \(event) inside the run")
            }
        }
        #expect(started == plan.steps.map(\.goldenCase.input))
        #expect(finished.sorted() == report.cases.map(\.input).sorted())
    }
}
