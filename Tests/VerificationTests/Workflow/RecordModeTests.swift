import Formats
import Foundation
import TestSupport
import Testing
import Verification

@Suite struct RecordModeTests {
    static let tripGolden = "expected/Trip.txt"

    @Test(arguments: [
        ([String: String](), RecordMode.missing),
        (["CI": "1"], .never),
        (["CI": "true"], .never),
        (["CI": "yes"], .never),
        (["CI": ""], .missing),
        (["CI": "0"], .missing),
        (["CI": "false"], .missing),
        (["CI": "FALSE"], .missing),
    ])
    func theDefaultIsNeverOnlyWhenCIIsSet(environment: [String: String], expected: RecordMode) {
        #expect(RecordMode.defaultMode(environment: environment) == expected)
    }

    @Test func neverWritesNothingAndAMissingGoldenFails() async throws {
        let directory = try TemporaryDirectory("record-never")
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        try FileManager.default.removeItem(at: corpus.appendingPathComponent(Self.tripGolden))
        let before = try FileTree.snapshot(corpus)
        let report = try await WorkflowCorpus.run(corpus, recording: .never, include: WorkflowCorpus.isConversion)
        let result = try #require(WorkflowCorpus.conversionCase(report))
        #expect(result.failures.map(\.kind) == [.missingGolden])
        #expect(result.failures.first?.summary.contains("notebook/expected/Trip.txt") == true)
        #expect(result.recorded.isEmpty)
        #expect(report.failedCount == 1)
        // Not a byte written: no golden, no pending area.
        #expect(try FileTree.snapshot(corpus) == before)
    }

    @Test func missingRecordsTheGoldenFailsOnceThenPasses() async throws {
        let directory = try TemporaryDirectory("record-missing")
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        let golden = corpus.appendingPathComponent(Self.tripGolden)
        try FileManager.default.removeItem(at: golden)
        let first = try await WorkflowCorpus.run(corpus, recording: .missing, include: WorkflowCorpus.isConversion)
        let recorded = try #require(WorkflowCorpus.conversionCase(first))
        #expect(recorded.failures.map(\.kind) == [.recordedGolden])
        #expect(recorded.recorded == [Self.tripGolden])
        #expect(first.failedCount == 1)
        #expect(first.workflowText().contains("recorded  notebook/expected/Trip.txt"))
        // What was recorded is what the shipped golden holds: the conversion's output.
        #expect(
            try Data(contentsOf: golden)
                == Data(
                    contentsOf: VerificationRunnerTests.goldenFiles.appendingPathComponent(
                        "notebook/" + Self.tripGolden)))
        let second = try await WorkflowCorpus.run(corpus, recording: .missing, include: WorkflowCorpus.isConversion)
        #expect(second.failedCount == 0, "\(second.text())")
        #expect(WorkflowCorpus.conversionCase(second)?.recorded == [])
    }

    @Test func missingNeitherOverwritesNorPendsAChangedGolden() async throws {
        let directory = try TemporaryDirectory("record-missing-changed")
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        let golden = corpus.appendingPathComponent(Self.tripGolden)
        var bytes = try Data(contentsOf: golden)
        bytes[40] ^= 0x01
        try bytes.write(to: golden)
        let report = try await WorkflowCorpus.run(corpus, recording: .missing, include: WorkflowCorpus.isConversion)
        #expect(WorkflowCorpus.conversionCase(report)?.failures.map(\.kind) == [.conversionDiffers])
        #expect(try Data(contentsOf: golden) == bytes)
        #expect(!FileManager.default.fileExists(atPath: corpus.appendingPathComponent(".pending").path))
    }

    @Test func failedPendsAChangedConversionWithoutTouchingTheGolden() async throws {
        let directory = try TemporaryDirectory("record-failed")
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        let golden = corpus.appendingPathComponent(Self.tripGolden)
        let original = try Data(contentsOf: golden)
        var bytes = original
        bytes[40] ^= 0x01
        try bytes.write(to: golden)
        let report = try await WorkflowCorpus.run(corpus, recording: .failed, include: WorkflowCorpus.isConversion)
        let result = try #require(WorkflowCorpus.conversionCase(report))
        #expect(result.failures.map(\.kind) == [.conversionDiffers])
        #expect(result.pending == [Self.tripGolden])
        #expect(try Data(contentsOf: golden) == bytes)
        let area = PendingArea(corpusFolder: corpus)
        #expect(try Data(contentsOf: area.itemURL(golden: Self.tripGolden)) == original)
        let entry = try #require(try area.entries().first)
        #expect(entry.path == "notebook/expected/Trip.txt")
        #expect(entry.route == nil)
        #expect(entry.difference?.location == "byte 40 (0x28)")
        // One entry, its sidecar beside the item.
        #expect(try area.entries().count == 1)
    }

    @Test func allPendsAnOutputTheRulesAcceptWhileFailedDoesNot() async throws {
        // The text rule ignores line endings, so a route that writes LF for CRLF passes, but its bytes changed.
        let directory = try TemporaryDirectory("record-all")
        let corpus = try WorkflowCorpus.plainText(
            "one\r\ntwo\r\n",
            manifestExtras:
                #""routes": ["LineFeedTextDocument"], "compare": {"members": [], "fallback": {"rule": "text", "normalisations": ["line-endings"]}},"#,
            in: directory)
        var routes = RouteRegistry()
        routes.register(.document(name: "LineFeedTextDocument", codec: "plain-text") { LineFeedTextDocument() })
        let failed = try await WorkflowCorpus.run(corpus, recording: .failed, routes: routes)
        #expect(failed.failedCount == 0, "\(failed.text())")
        #expect(failed.cases.first?.pending == [])
        #expect(try PendingArea(corpusFolder: corpus).entries().isEmpty)
        let all = try await WorkflowCorpus.run(corpus, recording: .all, routes: routes)
        #expect(all.failedCount == 0)
        #expect(all.cases.first?.pending == ["cases/doc.txt"])
        let entry = try #require(try PendingArea(corpusFolder: corpus).entries().first)
        #expect(entry.route == "LineFeedTextDocument")
        #expect(entry.difference == nil)
        #expect(
            try Data(contentsOf: PendingArea(corpusFolder: corpus).itemURL(golden: "cases/doc.txt"))
                == Data("one\ntwo\n".utf8))
        // The golden, a user's document, is untouched.
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/doc.txt")) == Data("one\r\ntwo\r\n".utf8))
    }
}

/// A plain-text document that writes line feeds whatever the file had: a change the text rule tolerates.
@Observable
final class LineFeedTextDocument: Document {
    static let readableContentTypes: [UTType] = [.utf8PlainText]
    var text = ""

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<String> {
        FileWrapperDocumentReader(configuration) { file in
            String(decoding: file.regularFileContents ?? Data(), as: UTF8.self)
        }
    }

    @MainActor func apply(snapshot: sending String, previous: sending String?) async throws { text = snapshot }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<String> {
        FileWrapperDocumentWriter(configuration) { text, _ in
            FileWrapper(regularFileWithContents: Data(text.replacingOccurrences(of: "\r\n", with: "\n").utf8))
        }
    }

    @MainActor func snapshot(contentType: UTType) async throws -> sending String { text }
}
