import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Conversion

@Suite struct ConversionReportTests {
    private func sampleReport(_ names: [String], target: String = "plain-text") -> ConversionReport {
        var report = ConversionReport(target: target)
        for name in names {
            switch name.first {
            case "f":
                report.add(
                    ConversionReport.Item(
                        input: ItemPath(name), status: .failed,
                        error: ConversionError(
                            code: "plain-text.invalid-utf8", message: "bad <byte> & more", file: name,
                            location: .inMember("x", .byte(500)))))
            case "s":
                report.add(
                    ConversionReport.Item(
                        input: ItemPath(name), status: .skipped,
                        error: ConversionError(code: "convert.skipped.symbolic-link", message: "a link")))
            case "w":
                report.add(
                    ConversionReport.Item(
                        input: ItemPath(name), status: .warning,
                        warnings: [ConversionWarning(code: "uppercase.sharp-s", message: "ß became SS")]))
            default:
                report.add(
                    ConversionReport.Item(
                        input: ItemPath(bytes: Array(name.utf8) + [0xFF]), output: ItemPath("out/" + name),
                        status: .converted, route: ["a", "b"]), inputBytes: 10)
            }
        }
        report.sort()
        return report
    }

    @Test func jsonRoundTripsAndNamesCodesAndOffsets() throws {
        let report = sampleReport(["c1", "f1", "s1", "w1"])
        let data = try report.json()
        #expect(try ConversionReport.decode(json: data) == report)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"byteOffset\" : 500"))
        #expect(text.contains("\"code\" : \"plain-text.invalid-utf8\""))
        #expect(text.contains("base64:"))
    }

    @Test func jsonNamesItsSchemaAndVersionAndRefusesOthers() throws {
        let report = sampleReport(["c1", "f1"])
        let object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(object["schema"] as? String == "docmigrate.convert-report")
        #expect(object["schemaVersion"] as? Int == 1)
        let empty = try #require(
            try JSONSerialization.jsonObject(with: ConversionReport(target: "json").json()) as? [String: Any])
        #expect(empty["schema"] as? String == "docmigrate.convert-report")
        #expect(empty["schemaVersion"] as? Int == 1)

        func edited(_ change: (inout [String: Any]) -> Void) throws -> Data {
            var copy = object
            change(&copy)
            return try JSONSerialization.data(withJSONObject: copy)
        }
        let other = try #require(throws: ConversionError.self) {
            try ConversionReport.decode(json: edited { $0["schema"] = "docmigrate.verify-report" })
        }
        #expect(other.code == "report.wrong-schema")
        #expect(other.message.contains("'docmigrate.verify-report'"))
        let later = try #require(throws: ConversionError.self) {
            try ConversionReport.decode(json: edited { $0["schemaVersion"] = 2 })
        }
        #expect(later.code == "report.unsupported-version")
        // A report written before the fields existed is still read.
        let older = try ConversionReport.decode(
            json: edited {
                $0["schema"] = nil
                $0["schemaVersion"] = nil
            })
        #expect(older == report)
    }

    @Test func mergingShardsGivesTheWholeReport() throws {
        let whole = sampleReport(["c1", "c2", "f1", "s1", "w1"])
        let merged = try ConversionReport.merged([sampleReport(["c2", "s1"]), sampleReport(["w1", "f1", "c1"])])
        #expect(merged.items == whole.items)
        #expect(merged.totals == whole.totals)
        let duplicate = try #require(throws: ConversionError.self) {
            try ConversionReport.merged([sampleReport(["c1"]), sampleReport(["c1"])])
        }
        #expect(duplicate.code == "merge.duplicate-item")
        let mismatch = try #require(throws: ConversionError.self) {
            try ConversionReport.merged([sampleReport(["c1"]), sampleReport(["c2"], target: "json")])
        }
        #expect(mismatch.code == "merge.target-mismatch")
    }

    @Test func junitIsWellFormedWithOneCasePerItem() throws {
        let junit = sampleReport(["c1", "f1", "s1", "w1"]).junit()
        let program = """
            import sys, xml.etree.ElementTree as tree
            root = tree.fromstring(sys.stdin.buffer.read())
            cases = root.findall(".//testcase")
            print(len(cases), len(root.findall(".//failure")), len(root.findall(".//skipped")), root.get("tests"), root.get("failures"))
            """
        #expect(
            try PythonOracle.run(program, input: Data(junit.utf8)).trimmingCharacters(in: .whitespacesAndNewlines)
                == "4 2 1 4 2")
    }

    @Test func textListsProblemsAndTotals() {
        let text = sampleReport(["c1", "f1", "s1", "w1"]).text()
        #expect(text.contains("FAILED   f1: member x: byte 500 (0x1f4): bad <byte> & more [plain-text.invalid-utf8]"))
        #expect(text.contains("warning  w1: ß became SS [uppercase.sharp-s]"))
        #expect(text.hasSuffix("4 items: 1 converted, 1 with warnings, 1 skipped, 1 failed\n"))
    }

    @Test(arguments: [0, 1, 2, 40])
    func streamedJSONIsWhatJSONEncoderWritesForTheWholeReport(_ count: Int) throws {
        var report = ConversionReport(target: "plain-text", shard: count == 2 ? "2/3" : nil)
        for item in ItemSpillTests.items(count: count) { report.add(item, inputBytes: 3) }
        report.sort()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let whole = try encoder.encode(report) + Data("\n".utf8)
        let streamed = String(decoding: try report.json(), as: UTF8.self)
        #expect(
            streamed == String(decoding: whole, as: UTF8.self),
            "\(streamed.debugDescription)\n\(String(decoding: whole, as: UTF8.self).debugDescription)")
        #expect(try ConversionReport.decode(json: try report.json()) == report)
    }

    @Test func aSpilledReportWritesWhatTheSameReportInMemoryWrites() throws {
        let items = ItemSpillTests.items(count: 500)
        var inMemory = ConversionReport(target: "plain-text", shard: "1/2")
        for item in items { inMemory.add(item, inputBytes: 2) }
        inMemory.sort()
        let spill = try ItemSpill(runByteLimit: 2000)
        for item in items { try spill.add(item) }
        try spill.finish()
        let spilled = ConversionReport(
            target: "plain-text", shard: "1/2", totals: inMemory.totals, hasWarnings: inMemory.hasWarnings, spill: spill
        )
        #expect(spilled == inMemory)
        for format in ConversionReport.formats {
            var pieces = 0
            var streamed = Data()
            try spilled.write(format: format) { piece in
                pieces += 1
                streamed.append(piece)
            }
            #expect(streamed == (try inMemory.render(format: format)), "\(format)")
            // Written in pieces, not built whole in memory.
            if format != "text" { #expect(pieces > 1, "\(format)") }
        }
    }

    @Test(arguments: [1 << 20, 3000, 150])
    func aSpilledReportOfEveryStatusWritesWhatTheReportInMemoryWrites(_ runByteLimit: Int) throws {
        // All in one buffer kept in memory, a few runs and the buffer, more runs than are merged at once.
        let items = ItemSpillTests.items(count: 300)
        var inMemory = ConversionReport(target: "plain-text")
        for item in items { inMemory.add(item, inputBytes: 5) }
        inMemory.sort()
        let spill = try ItemSpill(runByteLimit: runByteLimit)
        for item in items { try spill.add(item) }
        try spill.finish()
        let spilled = ConversionReport(
            target: "plain-text", shard: nil, totals: inMemory.totals, hasWarnings: inMemory.hasWarnings, spill: spill)
        for format in ConversionReport.formats {
            #expect(try spilled.render(format: format) == (try inMemory.render(format: format)), "\(format)")
        }
        let text = spilled.text()
        #expect(text.contains("plan     "), "planned items are listed")
        #expect(!text.contains("out/0.txt"), "converted items are not listed")
    }

    @Test func theTextReportIsSpelledAsBefore() throws {
        let spill = try ItemSpill()
        let items = [
            ConversionReport.Item(
                input: ItemPath("z/converted.txt"), output: ItemPath("out/converted.txt"), status: .converted,
                route: ["plain-text"]),
            ConversionReport.Item(
                input: ItemPath(bytes: Array("b/bad".utf8) + [0xFF, 0x22]), output: ItemPath("out/bad"),
                status: .failed, sourceType: "public.plain-text",
                error: ConversionError(
                    code: "text.undetectable-encoding", message: "the byte 0xFF here is not UTF-8",
                    file: "b/bad\\xff\"", location: .byte(10))),
            ConversionReport.Item(
                input: ItemPath("a/link"), status: .skipped,
                error: ConversionError(code: "convert.skipped.symbolic-link", message: "a link")),
            ConversionReport.Item(
                input: ItemPath("c/lossy.txt"), output: ItemPath("out/lossy.txt"), status: .warning,
                warnings: [
                    ConversionWarning(code: "w.one", path: "$.a", message: "lost"),
                    ConversionWarning(code: "w.two", message: "ß"),
                ]),
            ConversionReport.Item(input: ItemPath("d/again.txt"), output: ItemPath("out/again.txt"), status: .resumed),
            ConversionReport.Item(
                input: ItemPath("e/plan.json"), output: ItemPath("out/plan.txt"), status: .planned,
                sourceType: "public.json", route: ["json", "plain-text"]),
            ConversionReport.Item(input: ItemPath("f/plan"), status: .planned),
            ConversionReport.Item(input: ItemPath("g/failed-without-error"), status: .failed),
        ]
        var totals = ConversionReport.Totals()
        for item in items {
            // `JobState.record` makes a converted item with warnings a warning; these come as they are.
            try spill.add(item)
            totals.count(item.status)
        }
        try spill.finish()
        let report = ConversionReport(target: "plain-text", shard: nil, totals: totals, hasWarnings: true, spill: spill)
        let expected = """
            skipped  a/link: a link [convert.skipped.symbolic-link]
            FAILED   b/bad\\xff": byte 10 (0xa): the byte 0xFF here is not UTF-8 [text.undetectable-encoding]
            warning  c/lossy.txt: $.a: lost [w.one]
            warning  c/lossy.txt: ß [w.two]
            plan     e/plan.json → out/plan.txt (public.json via json → plain-text)
            plan     f/plan → ? (? via )
            FAILED   g/failed-without-error
            8 items: 1 converted, 1 already done, 1 with warnings, 1 skipped, 2 failed, 2 planned (dry run: nothing written)

            """
        #expect(report.text() == expected)
    }

    @Test func theJUnitReportIsSpelledAsBefore() throws {
        var report = ConversionReport(target: "plain<text>")
        let converted: [[UInt8]] = [
            Array("a/plain.txt".utf8), Array("b/a&b'c\"<d>.txt".utf8), [0x63, 0xFF, 0x2F], [0x64, 0x01, 0x09],
        ]
        for path in converted {
            report.add(
                ConversionReport.Item(
                    input: ItemPath(bytes: path), output: ItemPath("out"), status: .converted, route: ["x"]))
        }
        report.add(ConversionReport.Item(input: ItemPath("e/again"), status: .resumed))
        report.add(ConversionReport.Item(input: ItemPath("f/plan"), status: .planned))
        report.add(
            ConversionReport.Item(
                input: ItemPath("g/bad"), status: .failed,
                error: ConversionError(code: "x.bad", message: "a <bad> \"one\"", file: "g/bad")))
        report.add(
            ConversionReport.Item(
                input: ItemPath("h/link"), status: .skipped,
                error: ConversionError(code: "convert.skipped.symbolic-link", message: "a link")))
        report.add(
            ConversionReport.Item(
                input: ItemPath("i/lossy"), status: .warning,
                warnings: [
                    ConversionWarning(code: "w.one", message: "lost"),
                    ConversionWarning(code: "w.two", path: "p", message: "ß"),
                ]))
        report.sort()
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="docmigrate convert" tests="9" failures="2" errors="0">
              <testsuite name="convert to plain&lt;text&gt;" tests="9" failures="2" errors="0" skipped="1">
                <testcase classname="convert.plain&lt;text&gt;" name="a/plain.txt">
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="b/a&amp;b'c&quot;&lt;d&gt;.txt">
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="c\\xff/">
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="d[U+0001]&#9;">
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="e/again">
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="f/plan">
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="g/bad">
                  <failure type="x.bad" message="a &lt;bad&gt; &quot;one&quot;">g/bad: a &lt;bad&gt; "one" [x.bad]</failure>
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="h/link">
                  <skipped message="a link"/>
                </testcase>
                <testcase classname="convert.plain&lt;text&gt;" name="i/lossy">
                  <failure type="w.one" message="lossy conversion">lost [w.one]
            p: ß [w.two]</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """
        #expect(report.junit() == expected)
        try JUnitSchema.validate(expected)
    }
}
