import Formats
import Foundation
import TestSupport
import Testing
import Verification

/// A plain-text document of a team that trims trailing spaces when it saves: a format change by accident.
@Observable
final class TrimmingTextDocument: Document {
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
            let trimmed = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
            return FileWrapper(regularFileWithContents: Data(trimmed.utf8))
        }
    }

    @MainActor func snapshot(contentType: UTType) async throws -> sending String { text }
}

/// A legacy plain-text document that never refuses input: it replaces bad UTF-8 instead.
struct LenientTextFile: FileDocument {
    static var readableContentTypes: [UTType] { [.utf8PlainText, .plainText] }
    var text = ""
    init(configuration: ReadConfiguration) throws {
        text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    }
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(text.utf8))
    }
}

@Suite struct VerificationRunnerTests {
    static let goldenFiles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "GoldenFiles")

    static func jobs(
        _ folder: URL, codecs: CodecRegistry = .builtIn, routes: RouteRegistry = RouteRegistry()
    ) throws -> [VerificationPlan.Step] {
        try GoldenCorpus.folders(at: folder).flatMap { corpusFolder in
            let corpus = try GoldenCorpus.load(from: corpusFolder, codecs: codecs, routes: routes)
            return corpus.manifest.cases.map { VerificationPlan.Step(corpus: corpus, goldenCase: $0) }
        }
    }

    /// A writable copy of the shipped corpus.
    static func copyOfShippedCorpus(in directory: TemporaryDirectory) throws -> URL {
        let copy = directory.appending("GoldenFiles")
        try FileManager.default.copyItem(at: goldenFiles, to: copy)
        return copy
    }

    @Test func theShippedCorpusHoldsThroughEveryRoute() async throws {
        let report = await VerificationRunner(codecs: .builtIn).run(try Self.jobs(Self.goldenFiles))
        #expect(report.failedCount == 0, "\(report.text())")
        #expect(report.cases.count >= 15)
        #expect(report.cases.allSatisfy { $0.routes.count == 4 })
        // Byte-wise path order, whatever finished first.
        #expect(
            report.cases.map(\.path) == report.cases.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func aChangedByteInAConversionGoldenIsNamedWithItsOffset() async throws {
        let directory = try TemporaryDirectory("verify-byte")
        let corpus = try Self.copyOfShippedCorpus(in: directory)
        let golden = corpus.appendingPathComponent("notebook/expected/Trip.txt")
        var bytes = try Data(contentsOf: golden)
        bytes[40] ^= 0x01
        try bytes.write(to: golden)
        let report = await VerificationRunner(codecs: .builtIn).run(
            try Self.jobs(corpus.appendingPathComponent("notebook")))
        let failed = try #require(report.cases.first { !$0.passed })
        #expect(report.failedCount == 1)
        #expect(failed.path == "notebook/cases/Trip.notebook → plain-text")
        let failure = try #require(failed.failures.first)
        #expect(failure.kind == .conversionDiffers)
        #expect(failure.summary.contains("notebook/expected/Trip.txt"))
        #expect(failure.difference?.location == "byte 40 (0x28)")
        #expect(report.text().contains("byte 40 (0x28)"))
    }

    @Test func aRouteThatChangesTheFormatBreaksTheGoldenAndTheMatrix() async throws {
        let directory = try TemporaryDirectory("verify-matrix")
        let corpus = directory.appending("plain-text")
        try FileManager.default.createDirectory(
            at: corpus.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try Data("trailing spaces   \nkept\n".utf8).write(to: corpus.appendingPathComponent("cases/spaces.txt"))
        try Data(
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "cases": [{"input": "cases/spaces.txt"}]}"#
                .utf8
        )
        .write(to: corpus.appendingPathComponent("manifest.json"))
        var routes = RouteRegistry()
        routes.register(.document(name: "TrimmingTextDocument", codec: "plain-text") { TrimmingTextDocument() })
        let report = await VerificationRunner(codecs: .builtIn).run(try Self.jobs(corpus, routes: routes))
        let failures = try #require(report.cases.first).failures
        #expect(failures.contains { $0.kind == .differsFromGolden && $0.route == "TrimmingTextDocument" })
        // The legacy value document reads what the new type wrote, and gets other text than from the golden.
        let incompatible = try #require(
            failures.first {
                $0.kind == .incompatibleRoutes && $0.writerRoute == "TrimmingTextDocument"
                    && $0.route == "adapter.file-document"
            })
        #expect(incompatible.difference != nil)
        #expect(
            incompatible.summary.contains("adapter.file-document")
                && incompatible.summary.contains("TrimmingTextDocument"))
        // The adapters agree among themselves.
        #expect(
            !failures.contains {
                $0.kind == .incompatibleRoutes && $0.writerRoute?.hasPrefix("adapter.") == true
                    && $0.route?.hasPrefix("adapter.") == true
            })
    }

    @Test func aRouteThatAcceptsWhatMustBeRejectedIsNamed() async throws {
        var routes = RouteRegistry()
        routes.register(.fileDocument(LenientTextFile.self, name: "LenientTextFile", codec: "plain-text"))
        let jobs = try Self.jobs(Self.goldenFiles.appendingPathComponent("text/plain-text"), routes: routes)
            .filter { $0.goldenCase.input == "cases/invalid-utf8.txt" }
        let report = await VerificationRunner(codecs: .builtIn).run(jobs)
        let failures = try #require(report.cases.first).failures
        #expect(failures.map(\.route) == ["LenientTextFile"])
        #expect(failures.first?.kind == .notRejected)
    }

    @Test func theJSONReportIsVersionedAndHoldsWholeTrees() async throws {
        let report = await VerificationRunner(codecs: .builtIn).run(
            try Self.jobs(Self.goldenFiles.appendingPathComponent("text/plain-text")))
        let object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(object["schema"] as? String == "docmigrate.verify-report")
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["cases"] as? [Any])?.count == report.cases.count)
    }
}

@Suite struct GoldenManifestTests {
    static func corpus(_ manifest: String, files: [String] = ["cases/a.txt"]) throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory("manifest")
        let folder = directory.appending("plain-text")
        for file in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("a\n".utf8).write(to: url)
        }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        return (directory, folder)
    }

    @Test(arguments: [
        (#"{"manifestVersion": 2, "codec": "plain-text"}"#, "manifest.version.unsupported", "manifestVersion"),
        (#"{"codec": "plain-text"}"#, "manifest.version.missing", "manifestVersion"),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "cases": [{"inputs": "x"}]}"#,
            "manifest.invalid", "cases[0].input"
        ),
        (
            #"{"manifestVersion": 1, "codec": "nope", "contentType": "public.utf8-plain-text", "cases": []}"#,
            "manifest.codec.unknown", "codec"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.png", "cases": []}"#,
            "manifest.content-type.unknown", "contentType"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "routes": ["adapter.nope"], "cases": []}"#,
            "manifest.route.unknown", "routes[0]"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "cases": [{"input": "../escape.txt"}]}"#,
            "manifest.path.invalid", "cases[0].input"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "cases": [{"input": "cases/none.txt"}]}"#,
            "manifest.path.missing", "cases[0].input"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "cases": [{"input": "cases/a.txt", "expect": {"converts": {"codec": "notebook", "golden": "cases/a.txt"}}}]}"#,
            "manifest.conversion.unknown", "cases[0].expect.converts"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "compare": {"members": [], "fallback": "sometimes"}, "cases": []}"#,
            "manifest.invalid", "compare.fallback"
        ),
        ("not json", "manifest.invalid-json", ""),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "codecOptions": {"colour": "red"}, "cases": []}"#,
            "manifest.codec-options.invalid", "codecOptions.colour"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "codecOptions": {"fallback-encoding": "klingon"}, "cases": []}"#,
            "manifest.codec-options.invalid", "codecOptions.fallback-encoding"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "codecOptions": {"fallback-encoding": "utf-16le"}, "cases": []}"#,
            "manifest.codec-options.invalid", "codecOptions.fallback-encoding"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "codecOptions": {"replace-invalid": "maybe"}, "cases": []}"#,
            "manifest.codec-options.invalid", "codecOptions.replace-invalid"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "codecOptions": {"encoding": 8}, "cases": []}"#,
            "manifest.invalid", "codecOptions.encoding"
        ),
        (
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "cases": [{"input": "cases/a.txt", "codecOptions": {"encoding": "utf-8"}}]}"#,
            "manifest.codec-options.invalid", "cases[0].codecOptions"
        ),
        (
            #"{"manifestVersion": 1, "codec": "notebook", "contentType": "com.example.notebook", "codecOptions": {"encoding": "utf-8"}, "cases": []}"#,
            "manifest.codec-options.invalid", "codecOptions"
        ),
    ])
    func aBadManifestIsAnErrorNamingTheKeyPath(_ manifest: String, _ code: String, _ keyPath: String) throws {
        let (directory, folder) = try Self.corpus(manifest)
        defer { _ = directory }
        let error = try #require(throws: VerificationError.self) {
            try GoldenCorpus.load(from: folder, codecs: .builtIn, routes: RouteRegistry())
        }
        #expect(error.code == code)
        #expect(error.location == (keyPath.isEmpty ? nil : .keyPath(keyPath)))
        #expect(error.file?.hasSuffix("plain-text/manifest.json") == true)
    }
}
