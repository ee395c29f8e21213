import Foundation

@testable import Verification

/// Reports built by hand, with the awkward texts real goldens can hold: markup, quotes, control
/// characters, line breaks, and the separators of GitHub's workflow commands.
enum ReportFixtures {
    static let adapterRoutes = [
        "adapter.file-document", "adapter.reference-file-document", "adapter.wrapper", "adapter.url",
    ]

    /// A byte difference at offset 40 (`n` against `m`) with a window starting at 20.
    static let byteDifference: Difference = {
        let expected = Array("Day 1: <beach> & \"sun\"\n".utf8), actual = Array("Day 1: <beach> & \"sum\"\n".utf8)
        return Difference(
            kind: .bytes, location: "byte 40 (0x28)", summary: "the bytes differ from byte 40 (0x28) on",
            bytes: Difference.ByteEvidence(
                offset: 40, expectedLength: 44, actualLength: 44,
                expectedSHA256: SHA256.hash(expected), actualSHA256: SHA256.hash(actual),
                windowStart: 20, expectedWindow: expected.map { String(format: "%02x", $0) }.joined(),
                actualWindow: actual.map { String(format: "%02x", $0) }.joined()))
    }()

    /// A text difference under a file node: two nodes.
    static let textDifference = Difference(
        kind: .item, location: "", summary: "the file differs from its golden",
        children: [
            Difference(
                kind: .text, location: "line 2, column 5", summary: "the text differs at line 2, column 5",
                expected: "\"caf\u{1}é <b>\"", actual: "\"cafe <b>\"")
        ])

    /// The summary of the first failure: markup, quotes, a tab, CR LF, an escape and a NUL character.
    static let awkwardSummary = "output of <adapter.file-document> & \"golden\"\tdiffer\r\nsee \u{1B}[0m and \u{0}"

    static func sample() -> VerificationReport {
        VerificationReport(cases: [
            CaseResult(
                corpus: "notebook", input: "cases/Trip.notebook", expectation: .roundTrip, routes: adapterRoutes,
                failures: []),
            CaseResult(
                corpus: "notebook", input: "cases/Trip.notebook",
                expectation: .converts(codec: "plain-text", golden: "expected/Trip.txt"),
                routes: [],
                failures: [
                    CaseFailure(
                        kind: .conversionDiffers,
                        summary: "the conversion to plain-text differs from notebook/expected/Trip.txt",
                        difference: byteDifference)
                ]),
            CaseResult(
                corpus: "plain-text", input: "cases/a&b <c>.txt", expectation: .roundTrip, routes: adapterRoutes,
                failures: [
                    CaseFailure(
                        kind: .differsFromGolden, route: "adapter.file-document", summary: awkwardSummary,
                        difference: textDifference),
                    CaseFailure(
                        kind: .incompatibleRoutes, route: "adapter.url", writerRoute: "adapter.wrapper",
                        summary: "adapter.url read what adapter.wrapper wrote differently", difference: textDifference),
                ]),
            CaseResult(
                corpus: "plain-text", input: "cases/ok.txt", expectation: .roundTrip, routes: adapterRoutes,
                failures: []),
            CaseResult(
                corpus: "plain-text", input: "cases/invalid-utf8.txt",
                expectation: .rejected(code: "text.invalid-utf8"), routes: adapterRoutes,
                failures: [
                    CaseFailure(
                        kind: .notRejected, route: "adapter.wrapper",
                        summary: "adapter.wrapper accepted a document that must be rejected"),
                    CaseFailure(
                        kind: .rejectedDifferently, route: "adapter.file-document",
                        summary: "adapter.file-document rejected it differently",
                        errorCode: "text.decoding-failed"),
                ]),
        ])
    }

    /// `count` failed cases of one corpus, each with a text difference of about `differenceBytes` bytes.
    static func manyFailures(_ count: Int, differenceBytes: Int = 100) -> VerificationReport {
        VerificationReport(
            cases: (0..<count).map { index in
                CaseResult(
                    corpus: "plain-text", input: "cases/\(String(format: "%04d", index)).txt", expectation: .roundTrip,
                    routes: ["adapter.url"],
                    failures: [
                        CaseFailure(
                            kind: .differsFromGolden, route: "adapter.url", summary: "case \(index) differs",
                            difference: Difference(
                                kind: .text, location: "line 1, column 1", summary: "the text differs",
                                expected: "\"" + String(repeating: "x", count: differenceBytes) + "\"", actual: "\"y\"")
                        )
                    ])
            })
    }
}
