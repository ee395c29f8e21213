import Formats
import Foundation
import TestSupport
import Testing
import Verification

@Suite struct PendingAreaTests {
    /// A notebook corpus whose Trip conversion golden has one changed byte, run once under `failed`.
    static func corpusWithPendingConversion(
        _ directory: TemporaryDirectory
    ) async throws -> (corpus: URL, original: Data, changed: Data) {
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        let golden = corpus.appendingPathComponent(RecordModeTests.tripGolden)
        let original = try Data(contentsOf: golden)
        var changed = original
        changed[40] ^= 0x01
        try changed.write(to: golden)
        _ = try await WorkflowCorpus.run(corpus, recording: .failed, include: WorkflowCorpus.isConversion)
        try #require(try PendingArea(corpusFolder: corpus).entries().count == 1)
        return (corpus, original, changed)
    }

    @Test func aGoldenThatPassesAgainLosesItsStalePendingEntry() async throws {
        let directory = try TemporaryDirectory("pending-stale")
        let (corpus, original, _) = try await Self.corpusWithPendingConversion(directory)
        try original.write(to: corpus.appendingPathComponent(RecordModeTests.tripGolden))
        // `never` writes nothing, not even a removal.
        _ = try await WorkflowCorpus.run(corpus, recording: .never, include: WorkflowCorpus.isConversion)
        #expect(try PendingArea(corpusFolder: corpus).entries().count == 1)
        let report = try await WorkflowCorpus.run(corpus, recording: .missing, include: WorkflowCorpus.isConversion)
        #expect(report.failedCount == 0)
        #expect(try PendingArea(corpusFolder: corpus).entries().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: corpus.appendingPathComponent(".pending").path))
    }

    @Test func acceptReplacesTheGoldenAndTheNextRunPasses() async throws {
        let directory = try TemporaryDirectory("pending-accept")
        let (corpus, original, _) = try await Self.corpusWithPendingConversion(directory)
        let area = PendingArea(corpusFolder: corpus)
        try area.accept(try #require(try area.entries().first))
        #expect(try Data(contentsOf: corpus.appendingPathComponent(RecordModeTests.tripGolden)) == original)
        #expect(try area.entries().isEmpty)
        let report = try await WorkflowCorpus.run(corpus, recording: .never, include: WorkflowCorpus.isConversion)
        #expect(report.failedCount == 0, "\(report.text())")
    }

    @Test func rejectKeepsTheGoldenAndDropsTheEntry() async throws {
        let directory = try TemporaryDirectory("pending-reject")
        let (corpus, _, changed) = try await Self.corpusWithPendingConversion(directory)
        let area = PendingArea(corpusFolder: corpus)
        try area.reject(try #require(try area.entries().first))
        #expect(try Data(contentsOf: corpus.appendingPathComponent(RecordModeTests.tripGolden)) == changed)
        #expect(try area.entries().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: area.itemURL(golden: RecordModeTests.tripGolden).path))
    }

    @Test func acceptingAPackageSwapsTheWholeFolder() throws {
        let directory = try TemporaryDirectory("pending-package")
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        let golden = "cases/Compact.notebook"
        // The pending output: the Trip package, so every member differs from Compact's.
        let area = PendingArea(corpusFolder: corpus)
        try area.store(
            corpus.appendingPathComponent("cases/Trip.notebook"),
            as: PendingEntry(
                corpus: "notebook", golden: golden, caseInput: golden, route: "adapter.file-document",
                summary: "differs", difference: nil))
        try area.accept(try #require(try area.entries().first))
        #expect(
            try FileTree.snapshot(corpus.appendingPathComponent(golden))
                == FileTree.snapshot(corpus.appendingPathComponent("cases/Trip.notebook")))
        #expect(try area.entries().isEmpty)
    }

    @Test func aSidecarThatLeavesTheCorpusIsRefused() throws {
        let directory = try TemporaryDirectory("pending-escape")
        let corpus = try WorkflowCorpus.plainText("a\n", in: directory)
        let area = PendingArea(corpusFolder: corpus)
        try area.store(
            corpus.appendingPathComponent("cases/doc.txt"),
            as: PendingEntry(
                corpus: "plain-text", golden: "cases/doc.txt", caseInput: "cases/doc.txt", route: nil, summary: "",
                difference: nil))
        var entry = try #require(try area.entries().first)
        entry.golden = "../outside.txt"
        #expect(throws: VerificationError.self) { try area.accept(entry) }
        #expect(!FileManager.default.fileExists(atPath: directory.appending("outside.txt").path))
    }
}
