import Foundation
import TestSupport
import Testing
import Verification

@Suite struct PendingSelectionTests {
    /// A plain-text corpus with pending items for `cases/b.txt` and `cases/a.txt`, stored in that order.
    static func corpusWithTwoPendingItems(_ directory: TemporaryDirectory) throws -> URL {
        let corpus = try WorkflowCorpus.plainText("golden\n", in: directory)
        let area = PendingArea(corpusFolder: corpus)
        for name in ["b.txt", "a.txt"] {
            let output = directory.appending("output-" + name)
            try Data("pending \(name)\n".utf8).write(to: output)
            try area.store(
                output,
                as: PendingEntry(
                    corpus: "plain-text", golden: "cases/" + name, caseInput: "cases/doc.txt", route: nil, summary: "",
                    difference: nil))
        }
        return corpus
    }

    @Test func selectsEveryItemInPathOrderWithoutPatterns() throws {
        let directory = try TemporaryDirectory("pending-selection")
        let corpus = try Self.corpusWithTwoPendingItems(directory)
        let selection = try PendingSelection(corpusPaths: [corpus.path])
        #expect(selection.items.map(\.entry.path) == ["plain-text/cases/a.txt", "plain-text/cases/b.txt"])
        #expect(selection.unmatchedPatterns.isEmpty)
    }

    @Test func aPatternMatchesTheCorpusPathOrTheGoldenAndUnmatchedOnesAreKept() throws {
        let directory = try TemporaryDirectory("pending-selection")
        let corpus = try Self.corpusWithTwoPendingItems(directory)
        let selection = try PendingSelection(
            corpusPaths: [corpus.path], patterns: ["cases/b.txt", "plain-text/cases/a.*", "*.json"])
        #expect(selection.items.map(\.entry.path) == ["plain-text/cases/a.txt", "plain-text/cases/b.txt"])
        #expect(selection.unmatchedPatterns == ["*.json"])
        let one = try PendingSelection(corpusPaths: [corpus.path], patterns: ["cases/b.txt"])
        #expect(one.items.map(\.entry.path) == ["plain-text/cases/b.txt"])
    }

    @Test func acceptingReplacesTheGoldensAndEmptiesTheArea() throws {
        let directory = try TemporaryDirectory("pending-selection")
        let corpus = try Self.corpusWithTwoPendingItems(directory)
        var applied: [String] = []
        try PendingSelection(corpusPaths: [corpus.path]).apply(.accept) { applied.append($0.entry.golden) }
        #expect(applied == ["cases/a.txt", "cases/b.txt"])
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/a.txt")) == Data("pending a.txt\n".utf8))
        #expect(try PendingSelection(corpusPaths: [corpus.path]).items.isEmpty)
    }

    @Test func rejectingKeepsTheGoldens() throws {
        let directory = try TemporaryDirectory("pending-selection")
        let corpus = try Self.corpusWithTwoPendingItems(directory)
        try PendingSelection(corpusPaths: [corpus.path], patterns: ["cases/a.txt"]).apply(.reject)
        #expect(!FileManager.default.fileExists(atPath: corpus.appendingPathComponent("cases/a.txt").path))
        #expect(try PendingSelection(corpusPaths: [corpus.path]).items.map(\.entry.golden) == ["cases/b.txt"])
    }
}
