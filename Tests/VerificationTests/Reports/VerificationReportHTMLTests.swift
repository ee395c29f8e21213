import Formats
import Foundation
import TestSupport
import Testing

@testable import Verification

/// The HTML report as a real browser sees it: headless Chromium loads the file and dumps its DOM, and
/// Python's `html.parser` reads the counts back, to compare with the JSON report read by Python's `json`.
@Suite struct VerificationReportHTMLTests {
    /// Why Chromium could not render the page.
    struct BrowserFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads Chromium's DOM (argument 1) and the JSON report (argument 2); prints what both say as JSON.
    static let comparer = """
        import sys, json
        from html.parser import HTMLParser
        class Reader(HTMLParser):
            def __init__(self):
                super().__init__()
                self.ids = {}; self.current = None; self.stack = []
                self.failed_sections = 0; self.passed_items = 0; self.differences = 0; self.marks = 0
                self.hex_tables = 0; self.side_rows = 0; self.external = []; self.scripts = 0; self.corpora = {}
                self.row = None; self.cell = None
            def handle_starttag(self, tag, attrs):
                a = dict(attrs); classes = (a.get("class") or "").split()
                if a.get("id") in ("cases", "passed", "failed"): self.current = a["id"]; self.ids[self.current] = ""
                if tag == "section" and "case" in classes and "failed" in classes: self.failed_sections += 1
                if tag == "li" and "case" in classes and "passed" in classes: self.passed_items += 1
                if tag == "li" and "difference" in classes: self.differences += 1
                if tag == "table" and "hex" in classes: self.hex_tables += 1
                if tag == "mark" and "hex" in self.stack: self.marks += 1
                if tag == "tr" and "side" in self.stack: self.side_rows += 1
                if tag == "script": self.scripts += 1
                for key in ("src", "href"):
                    if a.get(key): self.external.append(a[key])
                if tag == "tr" and "corpus" in classes: self.row = a.get("data-corpus"); self.corpora[self.row] = {}
                if tag == "td" and self.row and classes: self.cell = classes[0]; self.corpora[self.row][self.cell] = ""
                if tag == "table": self.stack.append("hex" if "hex" in classes else ("side" if "side-by-side" in classes else "table"))
            def handle_endtag(self, tag):
                if tag == "span": self.current = None
                if tag == "td": self.cell = None
                if tag == "tr": self.row = None
                if tag == "table" and self.stack: self.stack.pop()
            def handle_data(self, data):
                if self.current: self.ids[self.current] += data
                if self.row and self.cell: self.corpora[self.row][self.cell] += data
        reader = Reader(); reader.feed(open(sys.argv[1], encoding="utf-8").read())
        report = json.load(open(sys.argv[2], encoding="utf-8"))
        def nodes(d): return 1 + sum(nodes(c) for c in d.get("children", []))
        def sides(d): return (1 if ("expected" in d or "actual" in d) else 0) + sum(sides(c) for c in d.get("children", []))
        def hexes(d): return (1 if "bytes" in d else 0) + sum(hexes(c) for c in d.get("children", []))
        failures = [f for c in report["cases"] for f in c["failures"]]
        differences = [f["difference"] for f in failures if "difference" in f]
        corpora = {}
        for c in report["cases"]:
            entry = corpora.setdefault(c["corpus"], {"cases": 0, "passed": 0, "failed": 0})
            entry["cases"] += 1; entry["failed" if c["failures"] else "passed"] += 1
        print(json.dumps({
            "html": {"cases": int(reader.ids["cases"]), "passed": int(reader.ids["passed"]), "failed": int(reader.ids["failed"]),
                     "failedSections": reader.failed_sections, "passedItems": reader.passed_items,
                     "differences": reader.differences, "hexTables": reader.hex_tables, "hexMarks": reader.marks,
                     "corpora": {k: {kk: int(vv) for kk, vv in v.items()} for k, v in reader.corpora.items()}},
            "json": {"cases": len(report["cases"]), "passed": sum(1 for c in report["cases"] if not c["failures"]),
                     "failed": sum(1 for c in report["cases"] if c["failures"]),
                     "failedSections": sum(1 for c in report["cases"] if c["failures"]),
                     "passedItems": sum(1 for c in report["cases"] if not c["failures"]),
                     "differences": sum(nodes(d) for d in differences), "hexTables": sum(hexes(d) for d in differences),
                     "hexMarks": 4 * sum(hexes(d) for d in differences), "corpora": corpora},
            "sideBySideRows": reader.side_rows, "sideBySideNodes": sum(sides(d) for d in differences),
            "external": reader.external, "scripts": reader.scripts}))
        """

    struct Comparison: Decodable {
        struct Counts: Decodable, Equatable {
            var cases: Int, passed: Int, failed: Int, failedSections: Int, passedItems: Int
            var differences: Int, hexTables: Int, hexMarks: Int
            var corpora: [String: [String: Int]]
        }
        var html: Counts, json: Counts
        var sideBySideRows: Int, sideBySideNodes: Int
        var external: [String], scripts: Int
    }

    /// Chromium's binary, installed from Debian when missing (the tests run as root, as in CI).
    static func chromium() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/bin/sh")
        install.arguments = [
            "-c",
            "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)",
        ]
        try install.run()
        install.waitUntilExit()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw BrowserFailure("Chromium is not installed and could not be installed (.ci/run installs it)")
        }
        return "/usr/bin/chromium"
    }

    /// The DOM Chromium builds from `page`, after loading it as a file.
    static func renderedDOM(of page: URL, in directory: TemporaryDirectory) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chromium())
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=" + directory.appending("chromium-profile").path, "--dump-dom", page.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: timer)
        let dom = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationStatus == 0 else {
            throw BrowserFailure("chromium exited with \(process.terminationStatus)")
        }
        return String(decoding: dom, as: UTF8.self)
    }

    static func compare(_ report: VerificationReport, in directory: TemporaryDirectory) throws -> Comparison {
        let page = directory.appending("report.html")
        try Data(report.html().utf8).write(to: page)
        let dom = directory.appending("dom.html")
        let rendered = try renderedDOM(of: page, in: directory)
        #expect(rendered.contains("<body>"), "Chromium printed no DOM")
        try Data(rendered.utf8).write(to: dom)
        let json = directory.appending("report.json")
        try report.json().write(to: json)
        let printed = try PythonOracle.run(
            "import sys; sys.argv = ['', '\(dom.path)', '\(json.path)']\n" + comparer)
        return try JSONDecoder().decode(Comparison.self, from: Data(printed.utf8))
    }

    @Test func chromiumShowsTheCountsOfTheJSONReport() async throws {
        // A real run over the shipped corpora, with one golden byte changed.
        let directory = try TemporaryDirectory("report-html")
        let corpus = try VerificationRunnerTests.copyOfShippedCorpus(in: directory)
        let golden = corpus.appendingPathComponent("notebook/expected/Trip.txt")
        var bytes = try Data(contentsOf: golden)
        bytes[40] ^= 0x01
        try bytes.write(to: golden)
        let report = await VerificationRunner(codecs: .builtIn).run(try VerificationRunnerTests.jobs(corpus))
        // Merge in the hand-made cases, whose texts are the awkward ones.
        let merged = VerificationReport(
            cases: report.cases
                + ReportFixtures.sample().cases.map { result in
                    var renamed = result
                    renamed.corpus = "hand-made"
                    return renamed
                })
        #expect(report.failedCount == 1)

        let comparison = try Self.compare(merged, in: directory)
        #expect(comparison.html == comparison.json)
        #expect(comparison.html.failed == 4 && comparison.html.passed == merged.cases.count - 4)
        #expect(comparison.html.hexTables == 2)  // the changed golden and the hand-made byte difference
        #expect(comparison.html.corpora["hand-made"] == ["cases": 5, "passed": 2, "failed": 3])
        #expect(comparison.sideBySideRows > 0 && comparison.sideBySideRows >= 2 * comparison.sideBySideNodes)
        #expect(comparison.external.isEmpty && comparison.scripts == 0)
    }

    @Test func everyTextIsEscaped() throws {
        let html = ReportFixtures.sample().html()
        #expect(html.contains("cases/a&amp;b &lt;c&gt;.txt"))
        #expect(html.contains("output of &lt;adapter.file-document&gt; &amp; &quot;golden&quot;"))
        #expect(!html.contains("<c>") && !html.contains("<b>"))
        #expect(html.contains("[U+001B]") && !html.contains("\u{1B}") && !html.contains("\u{0}"))
        // The side-by-side view marks what differs between the common prefix and suffix.
        #expect(
            html.contains(
                "<td class=\"line\">2</td><td class=\"expected\">&quot;caf<mark>[U+0001]é</mark> &lt;b&gt;&quot;</td>"
                    + "<td class=\"actual\">&quot;caf<mark>e</mark> &lt;b&gt;&quot;</td>"))
        // The hex window marks byte 40, `n` (0x6e) expected and `m` (0x6d) actual.
        #expect(html.contains("<mark>6e</mark>") && html.contains("<mark>6d</mark>"))
    }
}
