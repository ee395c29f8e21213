import Foundation
import TestSupport
import Testing

@testable import Verification

@Suite struct VerificationReportFormatsTests {
    /// Python's `xml.etree` reads the JUnit report; it prints suites and test cases as JSON.
    static let junitReader = """
        import sys, json, xml.etree.ElementTree as ET
        root = ET.fromstring(sys.stdin.buffer.read())
        out = {"tag": root.tag, "tests": root.get("tests"), "failures": root.get("failures"), "suites": []}
        for suite in root.findall("testsuite"):
            cases = []
            for case in suite.findall("testcase"):
                failure = case.find("failure")
                cases.append({"classname": case.get("classname"), "name": case.get("name"), "file": case.get("file"),
                              "message": None if failure is None else failure.get("message"),
                              "type": None if failure is None else failure.get("type"),
                              "text": None if failure is None else failure.text})
            out["suites"].append({"name": suite.get("name"), "tests": suite.get("tests"), "failures": suite.get("failures"),
                                  "errors": suite.get("errors"), "skipped": suite.get("skipped"), "cases": cases})
        print(json.dumps(out))
        """

    struct ParsedJUnit: Decodable {
        struct Suite: Decodable {
            var name: String, tests: String, failures: String, errors: String, skipped: String
            var cases: [Case]
        }
        struct Case: Decodable {
            var classname: String, name: String, file: String
            var message: String?, type: String?, text: String?
        }
        var tag: String, tests: String, failures: String
        var suites: [Suite]
    }

    static func parseJUnit(_ xml: String) throws -> ParsedJUnit {
        let printed = try PythonOracle.run(junitReader, input: Data(xml.utf8))
        return try JSONDecoder().decode(ParsedJUnit.self, from: Data(printed.utf8))
    }

    @Test func junitCountsNamesAndFailureTextsReadByPython() throws {
        let parsed = try Self.parseJUnit(ReportFixtures.sample().junit(pathPrefix: "GoldenFiles/"))
        #expect(parsed.tag == "testsuites")
        #expect(parsed.tests == "17" && parsed.failures == "5")
        #expect(parsed.suites.map(\.name) == ["notebook", "plain-text"])
        let notebook = try #require(parsed.suites.first), plainText = try #require(parsed.suites.last)
        #expect([notebook.tests, notebook.failures, notebook.errors, notebook.skipped] == ["5", "1", "0", "0"])
        #expect([plainText.tests, plainText.failures] == ["12", "4"])
        #expect(
            notebook.cases.map(\.name) == [
                "cases/Trip.notebook::adapter.file-document", "cases/Trip.notebook::adapter.reference-file-document",
                "cases/Trip.notebook::adapter.wrapper", "cases/Trip.notebook::adapter.url",
                "cases/Trip.notebook → plain-text::case",
            ])
        #expect(
            plainText.cases.map(\.name).prefix(5) == [
                "cases/a&b <c>.txt::adapter.file-document", "cases/a&b <c>.txt::adapter.reference-file-document",
                "cases/a&b <c>.txt::adapter.wrapper", "cases/a&b <c>.txt::adapter.url",
                "cases/invalid-utf8.txt::adapter.file-document",
            ])
        #expect(Set(parsed.suites.flatMap(\.cases).map(\.classname)) == ["notebook", "plain-text"])
        #expect(plainText.cases.first?.file == "GoldenFiles/plain-text/cases/a&b <c>.txt")

        // The conversion's failure belongs to no route and carries the rendered byte difference.
        let conversion = try #require(notebook.cases.last)
        #expect(conversion.message == "the conversion to plain-text differs from notebook/expected/Trip.txt")
        #expect(conversion.type == "conversion-differs")
        #expect(conversion.text?.contains("byte 40 (0x28)") == true)
        #expect(conversion.text?.contains("[6e]") == true)  // the hex window marks the differing byte

        // Markup, quotes, tab and CR LF come back exactly; what XML 1.0 cannot hold is shown visibly.
        let awkward = try #require(plainText.cases.first)
        let visible = ReportFixtures.awkwardSummary.replacingOccurrences(of: "\u{1B}", with: "[U+001B]")
            .replacingOccurrences(of: "\u{0}", with: "[U+0000]")
        #expect(awkward.message == visible)
        #expect(awkward.text?.contains("line 2, column 5: the text differs") == true)
        #expect(awkward.text?.contains("\"caf[U+0001]é <b>\"") == true)
        #expect(plainText.cases[1].message == nil)

        // Two failures of two routes of one case are two failed test cases, each with its own text.
        let rejected = plainText.cases.filter { $0.name.hasPrefix("cases/invalid-utf8.txt") }
        #expect(
            rejected.compactMap(\.message) == [
                "adapter.file-document rejected it differently",
                "adapter.wrapper accepted a document that must be rejected",
            ])
        #expect(rejected.first?.text?.contains("[text.decoding-failed]") == true)
    }

    /// Valid against the Surefire/Jenkins schema, but for the `file` attributes it does not declare.
    @Test func junitIsValidAgainstTheJUnitSchema() throws {
        let xml = ReportFixtures.sample().junit(pathPrefix: "GoldenFiles/")
        #expect(xml.contains(#"<testsuites name="docmigrate verify" tests="#) && xml.contains(#" errors="0""#))
        try JUnitSchema.validate(JUnitSchema.withoutFileAttributes(xml))
    }

    @Test func junitOfAPassingRunHasNoFailures() throws {
        let report = VerificationReport(cases: [
            CaseResult(
                corpus: "plain-text", input: "cases/ok.txt", expectation: .roundTrip,
                routes: ReportFixtures.adapterRoutes, failures: [])
        ])
        let parsed = try Self.parseJUnit(report.junit())
        #expect(parsed.tests == "4" && parsed.failures == "0")
        #expect(
            parsed.suites.first?.cases.allSatisfy { $0.message == nil && $0.file == "plain-text/cases/ok.txt" } == true)
    }

    @Test func githubAnnotationsEscapeDataAndProperties() throws {
        let report = VerificationReport(cases: [
            CaseResult(
                corpus: "plain-text", input: "cases/we,ird:na%me.txt", expectation: .roundTrip, routes: ["adapter.url"],
                failures: [
                    CaseFailure(
                        kind: .routeFailed, route: "adapter.url", summary: "50% read,\r\nthen: failed",
                        errorCode: "text.x")
                ])
        ])
        let output = report.githubAnnotations(pathPrefix: "GoldenFiles/")
        #expect(
            output == "::error file=GoldenFiles/plain-text/cases/we%2Cird%3Ana%25me.txt,"
                + "title=docmigrate verify%3A plain-text/cases/we%2Cird%3Ana%25me.txt failed::"
                + "[adapter.url] 50%25 read,%0D%0Athen: failed [text.x]\n")
        #expect(try report.render(format: "github", pathPrefix: "GoldenFiles/") == Data(output.utf8))
    }

    @Test func githubAnnotationsStopAtTenAndCountTheRest() throws {
        let lines = ReportFixtures.manyFailures(13).githubAnnotations().split(separator: "\n").map(String.init)
        #expect(lines.count == 11)
        #expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error file=plain-text/cases/") })
        // The first ten in path order, each once.
        #expect(
            lines.prefix(10).map { $0.contains("cases/\(String(format: "%04d", lines.firstIndex(of: $0) ?? -1)).txt") }
                .allSatisfy { $0 })
        #expect(
            lines.last?.hasPrefix("::notice title=docmigrate verify::3 more failed cases are not annotated") == true)
        #expect(ReportFixtures.manyFailures(10).githubAnnotations().split(separator: "\n").count == 10)
        #expect(ReportFixtures.manyFailures(0).githubAnnotations().isEmpty)
    }

    @Test func markdownHasTheCorpusTableAndFencedDifferences() throws {
        let markdown = ReportFixtures.sample().markdown()
        #expect(markdown.hasPrefix("## docmigrate verify: 2 passed, 3 failed\n"))
        #expect(markdown.contains("| notebook | 2 | 1 | 1 |\n"))
        #expect(markdown.contains("| plain-text | 3 | 1 | 2 |\n"))
        #expect(markdown.components(separatedBy: "\n### ❌ ").count - 1 == 3)
        #expect(markdown.contains("### ❌ plain-text/cases/a\\&b \\<c\\>.txt\n"))
        #expect(
            markdown.contains(
                "  ```text\n  the file differs from its golden\n    line 2, column 5: the text differs at line 2, column 5\n"
            ))
        // Line breaks would end the list item; control characters are shown, not sent.
        #expect(
            markdown.contains(
                "- `adapter.file-document`: output of \\<adapter.file-document\\> \\& \"golden\" differ  see [U+001B]\\[0m and [U+0000]\n"
            ))
        #expect(
            markdown.contains(
                "- `adapter.file-document`: adapter.file-document rejected it differently `[text.decoding-failed]`\n"))
        #expect(!markdown.contains("Summary truncated"))
        // A difference holding a fence gets a longer one.
        let fenced = MarkdownEscaper.fenced("a ```` b\n", indent: "")
        #expect(fenced == "`````text\na ```` b\n`````\n")
    }

    @Test func markdownStaysUnderItsLimitAndSaysWhatItLeftOut() throws {
        let report = ReportFixtures.manyFailures(300, differenceBytes: 10_000)
        let markdown = report.markdown()
        let size = markdown.utf8.count
        #expect(size <= VerificationReport.markdownByteLimit && size > VerificationReport.markdownByteLimit - 20_000)
        let shown = markdown.components(separatedBy: "\n### ❌ ").count - 1
        #expect(shown > 50 && shown < 300)
        #expect(
            markdown.hasSuffix(
                "\(300 - shown) more failed cases are not shown (a step summary must stay under 1 MiB); the JSON report lists every case.\n"
            ))

        // One difference bigger than the whole budget is cut, and the case is still shown.
        let huge = ReportFixtures.manyFailures(1, differenceBytes: 3_000_000).markdown()
        #expect(huge.utf8.count <= VerificationReport.markdownByteLimit)
        #expect(huge.contains("… difference cut here"))
        #expect(huge.contains("### ❌ plain-text/cases/0000.txt"))
    }

    @Test func colourOnlyAddsEscapesAndFollowsTerminalAndNoColor() throws {
        let report = ReportFixtures.sample()
        #expect(report.text(colour: false) == report.text())
        let coloured = report.text(colour: true)
        #expect(coloured.contains("\u{1B}[31mFAIL\u{1B}[0m  notebook/cases/Trip.notebook → plain-text"))
        #expect(coloured.contains("\u{1B}[32mok\u{1B}[0m    notebook/cases/Trip.notebook\n"))
        #expect(coloured.contains("\u{1B}[1m2 passed, 3 failed\u{1B}[0m\n"))
        let stripped = coloured.replacingOccurrences(of: #"\u{1B}\[[0-9]+m"#, with: "", options: .regularExpression)
        // The fixture's own summary holds an escape sequence; only the added ones may differ.
        #expect(
            stripped
                == report.text().replacingOccurrences(of: #"\u{1B}\[[0-9]+m"#, with: "", options: .regularExpression))

        #expect(VerificationReport.wantsColour(environment: [:], standardOutputIsTerminal: true))
        #expect(VerificationReport.wantsColour(environment: ["NO_COLOR": ""], standardOutputIsTerminal: true))
        #expect(!VerificationReport.wantsColour(environment: ["NO_COLOR": "1"], standardOutputIsTerminal: true))
        #expect(!VerificationReport.wantsColour(environment: [:], standardOutputIsTerminal: false))
    }

    @Test func everyFormatRenders() throws {
        let report = ReportFixtures.sample()
        for format in VerificationReport.formats {
            #expect(try !report.render(format: format).isEmpty, "\(format)")
        }
        #expect(try report.render(format: "junit") == Data(report.junit().utf8))
        #expect(try report.render(format: "text") == Data(report.text().utf8))
    }
}
