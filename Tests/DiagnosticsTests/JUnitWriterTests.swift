import Diagnostics
import Foundation
import TestSupport
import Testing

@Suite struct JUnitWriterTests {
    /// A document with every piece the writer has, and names that need escaping.
    static func sample() -> String {
        var bytes: [UInt8] = []
        let counts = JUnitWriter.Counts(tests: 3, failures: 1, skipped: 1)
        JUnitWriter.appendDocumentStart(name: "docmigrate <verb>", counts: counts, to: &bytes)
        JUnitWriter.appendSuiteStart(name: "suite \"one\"", counts: counts, to: &bytes)
        JUnitWriter.appendEmptyTestCase(classname: "suite", name: "a&b::route", file: "Golden/a&b", to: &bytes)
        JUnitWriter.appendTestCaseStart(classname: "suite", name: "bad\u{1}name", to: &bytes)
        JUnitWriter.appendFailure(type: "x.bad", message: "two\nlines", text: "all <of> it\r\n", to: &bytes)
        JUnitWriter.appendTestCaseEnd(to: &bytes)
        var name = "skipped"
        name.withUTF8 { JUnitWriter.appendTestCaseStart(classname: "suite", name: $0, to: &bytes) }
        JUnitWriter.appendSkipped(message: "not a document", to: &bytes)
        JUnitWriter.appendTestCaseEnd(to: &bytes)
        JUnitWriter.appendSuiteEnd(to: &bytes)
        JUnitWriter.appendDocumentEnd(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func writesTheDocumentLineByLine() {
        #expect(
            Self.sample() == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="docmigrate &lt;verb&gt;" tests="3" failures="1" errors="0">
                  <testsuite name="suite &quot;one&quot;" tests="3" failures="1" errors="0" skipped="1">
                    <testcase classname="suite" name="a&amp;b::route" file="Golden/a&amp;b"/>
                    <testcase classname="suite" name="bad[U+0001]name">
                      <failure type="x.bad" message="two&#10;lines">all &lt;of&gt; it&#13;
                </failure>
                    </testcase>
                    <testcase classname="suite" name="skipped">
                      <skipped message="not a document"/>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func isValidAgainstTheJUnitSchemaButForTheFileAttribute() throws {
        let xml = Self.sample()
        #expect(throws: JUnitSchema.Invalid.self) { try JUnitSchema.validate(xml) }
        try JUnitSchema.validate(JUnitSchema.withoutFileAttributes(xml))
    }

    /// The validator can fail: a suite without `errors` is what the schema refuses.
    @Test func theSchemaRefusesASuiteWithoutErrors() throws {
        let xml = JUnitSchema.withoutFileAttributes(Self.sample())
            .replacingOccurrences(of: " failures=\"1\" errors=\"0\" skipped", with: " failures=\"1\" skipped")
        #expect(xml != JUnitSchema.withoutFileAttributes(Self.sample()))
        let error = try #require(throws: JUnitSchema.Invalid.self) { try JUnitSchema.validate(xml) }
        #expect(error.description.contains("errors"))
    }

    @Test func pythonReadsTheCountsAndTexts() throws {
        let program = """
            import sys, json
            import xml.etree.ElementTree as ET
            root = ET.fromstring(sys.stdin.buffer.read())
            suite = root.find("testsuite")
            failure = suite.find("testcase/failure")
            print(json.dumps([root.get("errors"), suite.get("errors"), suite.get("skipped"),
                failure.get("message"), failure.text, [c.get("name") for c in suite]]))
            """
        let printed = try PythonOracle.run(program, input: Data(Self.sample().utf8))
        let names = #"["a&b::route", "bad[U+0001]name", "skipped"]"#
        #expect(printed == #"["0", "0", "1", "two\nlines", "all <of> it\r\n", "# + names + "]\n")
    }
}
