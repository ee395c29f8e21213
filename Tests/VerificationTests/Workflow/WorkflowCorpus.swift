import Formats
import Foundation
import TestSupport
import Verification

/// Writable corpora for the workflow tests, and a way to run them under a record mode.
enum WorkflowCorpus {
    /// A writable copy of one shipped corpus (`notebook` or `plain-text`).
    static func copy(_ name: String, in directory: TemporaryDirectory) throws -> URL {
        let copy = directory.appending(name)
        try FileManager.default.copyItem(at: VerificationRunnerTests.goldenFiles.appendingPathComponent(name), to: copy)
        return copy
    }

    /// A plain-text corpus of one round-trip case, `cases/doc.txt`, with the manifest's extra keys spliced in.
    static func plainText(_ text: String, manifestExtras: String = "", in directory: TemporaryDirectory) throws -> URL {
        let folder = directory.appending("plain-text")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("cases/doc.txt"))
        let manifest =
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.utf8-plain-text", "#
            + manifestExtras + #" "cases": [{"input": "cases/doc.txt"}]}"#
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        return folder
    }

    /// Runs the cases of `folder` that `include` keeps (the conversion case alone, say, to keep tests short).
    static func run(
        _ folder: URL, recording: RecordMode, routes: RouteRegistry = RouteRegistry(),
        include: (GoldenCase) -> Bool = { _ in true }
    ) async throws -> VerificationReport {
        let jobs = try VerificationRunnerTests.jobs(folder, routes: routes).filter { include($0.goldenCase) }
        return await VerificationRunner(codecs: .builtIn, jobs: 2, recording: recording).run(jobs)
    }

    /// Whether a case is a conversion.
    static func isConversion(_ goldenCase: GoldenCase) -> Bool {
        if case .converts? = goldenCase.expect { true } else { false }
    }

    /// The report's only case converting to plain text (the notebook corpus's Trip case).
    static func conversionCase(_ report: VerificationReport) -> CaseResult? {
        report.cases.first { if case .converts = $0.expectation { true } else { false } }
    }
}
