import Formats
import Foundation
import TestSupport
import Testing
import Verification

/// A plain-text document that stamps its save date on the `Saved:` line, as many apps do.
///
/// The stamp is the route's doing, not the codec's: the plain-text adapters keep the line as it is, so
/// the comparison (not a codec) is what sees the changed or malformed value.
@Observable
final class StampingTextDocument: Document {
    static let readableContentTypes: [UTType] = [.utf8PlainText]
    let stamp: String
    var text = ""

    init(stamp: String) { self.stamp = stamp }

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<String> {
        FileWrapperDocumentReader(configuration) { file in
            String(decoding: file.regularFileContents ?? Data(), as: UTF8.self)
        }
    }

    @MainActor func apply(snapshot: sending String, previous: sending String?) async throws { text = snapshot }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<String> {
        let stamp = self.stamp
        return FileWrapperDocumentWriter(configuration) { text, _ in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("Saved: ") ? "Saved: " + stamp : String($0) }
            return FileWrapper(regularFileWithContents: Data(lines.joined(separator: "\n").utf8))
        }
    }

    @MainActor func snapshot(contentType: UTType) async throws -> sending String { text }
}

@Suite struct RedactionTests {
    static let document = "Saved: 2026-11-29T15:20:01Z\nOrder #123456\n"
    static let redact =
        #""redact": [{"regex": "Saved: (.*)", "shape": "iso8601-date"}, {"regex": "Order #[0-9]+", "shape": "regex", "pattern": "Order #[0-9]{6}"}],"#

    static func run(stamp: String, redacting: Bool) async throws -> CaseResult {
        let directory = try TemporaryDirectory("redaction")
        let corpus = try WorkflowCorpus.plainText(
            document, manifestExtras: #""routes": ["adapter.file-document", "Stamping"], "# + (redacting ? redact : ""),
            in: directory)
        var routes = RouteRegistry()
        routes.register(.document(name: "Stamping", codec: "plain-text") { StampingTextDocument(stamp: stamp) })
        let report = try await WorkflowCorpus.run(corpus, recording: .never, routes: routes)
        return try #require(report.cases.first)
    }

    @Test func aChangedDateFailsWithoutRedaction() async throws {
        let result = try await Self.run(stamp: "2031-05-06T07:08:09Z", redacting: false)
        #expect(result.failures.contains { $0.kind == .differsFromGolden && $0.route == "Stamping" })
    }

    @Test func aChangedDatePassesWhenRedactedAndTheReportCountsIt() async throws {
        let result = try await Self.run(stamp: "2031-05-06T07:08:09Z", redacting: true)
        // The matrix too: the file-document adapter keeps the stamping route's date, which differs from the golden's.
        #expect(result.passed, "\(result.failures.map(\.summary))")
        #expect(
            result.redactions == [
                RedactionTally(matcher: "/Saved: (.*)/ (iso8601-date)", count: 1),
                RedactionTally(matcher: "/Order #[0-9]+/ (regex)", count: 1),
            ])
        #expect(
            VerificationReport(cases: [result]).workflowText().contains(
                "redacted  plain-text/cases/doc.txt: 1 value of /Saved: (.*)/ (iso8601-date)"))
    }

    @Test func aMalformedDateFailsNamingThePlaceAndTheShape() async throws {
        let result = try await Self.run(stamp: "yesterday", redacting: true)
        let failure = try #require(result.failures.first { $0.kind == .malformedRedactedValue })
        #expect(failure.route == "Stamping")
        #expect(failure.summary.contains("line 1"))
        #expect(failure.summary.contains("'yesterday' is not a iso8601-date"))
        #expect(!result.failures.contains { $0.kind == .differsFromGolden })
    }

    @Test func jsonKeyPathsAreCheckedInAPackage() async throws {
        let directory = try TemporaryDirectory("redaction-json")
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        let manifestURL = corpus.appendingPathComponent("manifest.json")
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["redact"] = [["member": "metadata.json", "keyPath": "$.pageIDs[*]", "shape": "uuid"]]
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let passing = try await WorkflowCorpus.run(corpus, recording: .never) {
            $0.input == "cases/Trip.notebook" && $0.expect == nil
        }
        #expect(passing.failedCount == 0, "\(passing.text())")
        let trip = try #require(passing.cases.first { $0.path == "notebook/cases/Trip.notebook" })
        #expect(trip.redactions.map(\.count) == [3])

        manifest["redact"] = [["member": "metadata.json", "keyPath": "$.title", "shape": "uuid"]]
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let failing = try await WorkflowCorpus.run(corpus, recording: .never) {
            $0.input == "cases/Trip.notebook" && $0.expect == nil
        }
        let failure = try #require(failing.cases.first { $0.path == "notebook/cases/Trip.notebook" }?.failures.first)
        #expect(failure.kind == .malformedRedactedValue)
        #expect(failure.summary.contains("member metadata.json, $.title: 'Trip to Lisbon' is not a uuid"))
    }

    @Test func aRecordedConversionGoldenKeepsThePlaceholder() async throws {
        let directory = try TemporaryDirectory("redaction-record")
        let corpus = try WorkflowCorpus.copy("notebook", in: directory)
        let manifestURL = corpus.appendingPathComponent("manifest.json")
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["redact"] = [["member": "Trip.txt", "regex": "tram ([0-9]+)", "shape": "regex", "pattern": "[0-9]+"]]
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let golden = corpus.appendingPathComponent(RecordModeTests.tripGolden)
        try FileManager.default.removeItem(at: golden)
        _ = try await WorkflowCorpus.run(corpus, recording: .missing, include: WorkflowCorpus.isConversion)
        let text = try String(contentsOf: golden, encoding: .utf8)
        #expect(text.contains("Day two: tram <redacted:regex>."))
        let again = try await WorkflowCorpus.run(corpus, recording: .never, include: WorkflowCorpus.isConversion)
        #expect(again.failedCount == 0, "\(again.text())")
    }

    @Test(arguments: [
        ("2026-11-29", true), ("2026-11-29T15:20:01Z", true), ("2026-11-29T15:20:01.250+01:00", true),
        ("2026-11-29 15:20", true),
        ("2026-13-01", false), ("2026-11-32T00:00:00Z", false), ("2026-11-29T25:00:00Z", false), ("29.11.2026", false),
        ("yesterday", false),
    ])
    func theDateShape(value: String, accepted: Bool) {
        #expect(Redaction(regex: ".*", shape: .iso8601Date).accepts(value) == accepted)
    }

    @Test(arguments: [
        ("6F9619FF-8B86-D011-B42D-00C04FC964FF", true), ("6f9619ff-8b86-d011-b42d-00c04fc964ff", true),
        ("6F9619FF8B86D011B42D00C04FC964FF", false), ("not-a-uuid", false),
    ])
    func theUUIDShape(value: String, accepted: Bool) {
        #expect(Redaction(regex: ".*", shape: .uuid).accepts(value) == accepted)
    }

    @Test func aManifestWithAnUnusableMatcherIsRefusedWithItsPlace() throws {
        let (directory, folder) = try GoldenManifestTests.corpus(
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "redact": [{"keyPath": "created", "shape": "uuid"}], "cases": [{"input": "cases/a.txt"}]}"#
        )
        _ = directory
        let error = try #require(throws: VerificationError.self) {
            try GoldenCorpus.load(from: folder, codecs: .builtIn, routes: RouteRegistry())
        }
        #expect(error.code == "manifest.redact.invalid")
        #expect(error.location == .keyPath("redact[0]"))
    }
}
