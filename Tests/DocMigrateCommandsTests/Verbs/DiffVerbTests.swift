import DocMigrateCommands
import Foundation
import Testing

/// Two sides of a comparison in a fresh temporary folder, removed when the value goes away.
final class DiffSides {
    let root: URL
    var expected: URL { root.appendingPathComponent("expected") }
    var actual: URL { root.appendingPathComponent("actual") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("docmigrate-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("expected"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("actual"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `text` at `path` below the expected or the actual side.
    func write(_ text: String, _ path: String, actual isActual: Bool) throws {
        let url = (isActual ? actual : expected).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes the same `text` at `path` on both sides.
    func writeBoth(_ text: String, _ path: String) throws {
        try write(text, path, actual: false)
        try write(text, path, actual: true)
    }
}

@Suite struct DiffVerbTests {
    @Test func equalFilesPrintNothingAndExitZero() async throws {
        let sides = try DiffSides()
        try sides.writeBoth("same\n", "a.txt")
        let run = await InProcessRun.run([
            "diff", sides.expected.appendingPathComponent("a.txt").path,
            sides.actual.appendingPathComponent("a.txt").path,
        ])
        #expect(run == InProcessRun(exitCode: .success, standardOutput: "", standardError: ""))
    }

    @Test func textFilesAreComparedAsTextWithTheCauseNamed() async throws {
        let sides = try DiffSides()
        try sides.write("one\r\ntwo\r\n", "notes.txt", actual: false)
        try sides.write("one\ntwo\n", "notes.txt", actual: true)
        let expected = sides.expected.appendingPathComponent("notes.txt").path
        let actual = sides.actual.appendingPathComponent("notes.txt").path
        let run = await InProcessRun.run(["diff", expected, actual])
        #expect(run.exitCode == .failure)
        #expect(
            run.standardOutput == """
                --- \(expected)
                +++ \(actual)
                line 1, column 4: only the line endings differ: expected CRLF, actual LF [text.line-endings-only]
                    expected: CRLF
                    actual:   LF

                """)
        // The same pair under an explicit normalising rule is equal; under --fallback bytes it is a byte difference.
        #expect(
            await InProcessRun.run(["diff", "--rule", "*.txt=text:line-endings", expected, actual]).exitCode == .success
        )
        let bytes = await InProcessRun.run(["diff", "--fallback", "bytes", expected, actual])
        #expect(bytes.standardOutput.contains("byte 3 (0x3): the bytes differ"))
    }

    @Test func packagesReportAddedRemovedRenamedAndChangedMembers() async throws {
        let sides = try DiffSides()
        try sides.writeBoth("{\"title\": \"x\"}", "Doc.notebook/same.json")
        try sides.write("{\"a\": 1, \"b\": 2}", "Doc.notebook/metadata.json", actual: false)
        try sides.write("{\"b\": 2, \"a\": 1}", "Doc.notebook/metadata.json", actual: true)
        try sides.write("page", "Doc.notebook/pages/old.txt", actual: false)
        try sides.write("page", "Doc.notebook/pages/new.txt", actual: true)
        try sides.write("gone", "Doc.notebook/gone.bin", actual: false)
        try sides.write("added", "Doc.notebook/added.bin", actual: true)
        try sides.write("abcdef", "Doc.notebook/raw.bin", actual: false)
        try sides.write("abXdef", "Doc.notebook/raw.bin", actual: true)
        let run = await InProcessRun.run(["diff", sides.expected.path, sides.actual.path])
        #expect(run.exitCode == .failure)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("the packages differ in 5 members"))
        #expect(lines.contains("  member Doc.notebook/added.bin: a file is not on the expected side [package.added]"))
        #expect(
            lines.contains("  member Doc.notebook/gone.bin: a file is missing from the actual side [package.removed]"))
        #expect(lines.contains("  member Doc.notebook/metadata.json: the contents differ under the json rule"))
        #expect(lines.contains("    the JSON values differ in 1 place [json.key-order-only]"))
        #expect(
            lines.contains(
                "  member Doc.notebook/pages/old.txt: the file was renamed to Doc.notebook/pages/new.txt with the same contents [package.renamed]"
            ))
        #expect(lines.contains("  member Doc.notebook/raw.bin: the contents differ under the bytes rule"))
        #expect(lines.contains("    byte 2 (0x2): the bytes differ from byte 2 (0x2) (expected 6 bytes, actual 6)"))
        #expect(!run.standardOutput.contains("same.json"))

        // A rule that accepts key order drops that member, and the count follows.
        let ruled = await InProcessRun.run([
            "diff", "--rule", "**/metadata.json=json:key-order", sides.expected.path, sides.actual.path,
        ])
        #expect(ruled.standardOutput.contains("the packages differ in 4 members"))
        #expect(!ruled.standardOutput.contains("metadata.json"))
    }

    @Test func theFirstMatchingRuleWinsAndBadRulesAreUsageErrors() async throws {
        let sides = try DiffSides()
        try sides.write("{\"a\": 1, \"b\": 2}", "m.json", actual: false)
        try sides.write("{\"b\": 2, \"a\": 1}", "m.json", actual: true)
        let paths = [sides.expected.path, sides.actual.path]
        let first = await InProcessRun.run(
            ["diff", "--rule", "m.json=json:key-order", "--rule", "*.json=bytes"] + paths)
        #expect(first.exitCode == .success)
        let second = await InProcessRun.run(
            ["diff", "--rule", "*.json=bytes", "--rule", "m.json=json:key-order"] + paths)
        #expect(second.exitCode == .failure)
        #expect(second.standardOutput.contains("member m.json: the contents differ under the bytes rule"))

        let bad: [(arguments: [String], message: String)] = [
            (
                ["--rule", "m.json"],
                "Error: --rule takes GLOB=RULE, such as 'metadata.json=json:key-order', not 'm.json'"
            ),
            (
                ["--rule", "=bytes"],
                "Error: --rule takes GLOB=RULE, such as 'metadata.json=json:key-order', not '=bytes'"
            ),
            (["--rule", "*.json=json:whitespace"], "Error: --rule: 'json:whitespace' is not a rule;"),
            (["--rule", "[a=bytes"], "Error: --rule: the glob pattern '[a' is malformed"),
            (
                ["--fallback", "semantic"],
                "Error: --fallback: a semantic rule names a registered codec, as semantic:CODEC (registered: plain-text, markdown"
            ),
            (["--fallback", "semantic:sketch"], "Error: --fallback: a semantic rule names a registered codec"),
            (["--limit", "0"], "Error: --limit takes a positive whole number, not '0'"),
        ]
        for (arguments, message) in bad {
            let run = await InProcessRun.run(["diff"] + arguments + paths)
            #expect(run.exitCode == .usageError, "\(arguments)")
            #expect(run.standardError.hasPrefix(message), "\(run.standardError)")
            #expect(run.standardError.hasSuffix("See 'docmigrate diff --help'.\n"))
        }
    }

    @Test func jsonPrintsTheVersionedEnvelopeWithNullWhenEqual() async throws {
        let sides = try DiffSides()
        try sides.writeBoth("x", "a.bin")
        let equal = await InProcessRun.run(["diff", "--format", "json", sides.expected.path, sides.actual.path])
        #expect(equal.exitCode == .success)
        #expect(
            equal.standardOutput == """
                {
                  "actual" : "\(sides.actual.path)",
                  "difference" : null,
                  "expected" : "\(sides.expected.path)",
                  "schema" : "docmigrate.diff",
                  "schemaVersion" : 1
                }

                """)
        try sides.write("y", "b.bin", actual: true)
        let different = await InProcessRun.run(["diff", "--format", "json", sides.expected.path, sides.actual.path])
        #expect(different.exitCode == .failure)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(different.standardOutput.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "docmigrate.diff")
        let difference = try #require(object["difference"] as? [String: Any])
        #expect(difference["kind"] as? String == "item")
        let children = try #require(difference["children"] as? [[String: Any]])
        #expect(children.count == 1)
        #expect(children.first?["cause"] as? String == "package.added")
        #expect(children.first?["location"] as? String == "member b.bin")
    }

    @Test func quietLimitAndMissingInputs() async throws {
        let sides = try DiffSides()
        for index in 0..<25 { try sides.write("\(index)", "added-\(index < 10 ? "0" : "")\(index).bin", actual: true) }
        let quiet = await InProcessRun.run(["diff", "-q", sides.expected.path, sides.actual.path])
        #expect(quiet == InProcessRun(exitCode: .failure, standardOutput: "", standardError: ""))
        let limited = await InProcessRun.run(["diff", "--limit", "3", sides.expected.path, sides.actual.path])
        #expect(
            limited.standardOutput.hasSuffix(
                """
                  member added-02.bin: a file is not on the expected side [package.added]
                  … 22 more differences

                """))
        let missing = sides.root.appendingPathComponent("nowhere").path
        let run = await InProcessRun.run(["diff", sides.expected.path, missing])
        #expect(
            run
                == InProcessRun(
                    exitCode: .couldNotProceed, standardOutput: "",
                    standardError: "Error: \(missing): there is no file or folder here [comparison.missing]\n"))
    }

    @Test func semanticComparesPackagesThroughTheirCodec() async throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "GoldenFiles/notebook/cases")
        let trip = golden.appendingPathComponent("Trip.notebook").path
        let compact = golden.appendingPathComponent("Compact.notebook").path
        let semantic = await InProcessRun.run(["diff", "--semantic", trip, compact])
        #expect(semantic.exitCode == .failure)
        #expect(semantic.standardOutput.contains("  title: the title differs"))
        let members = await InProcessRun.run(["diff", trip, compact])
        #expect(members.exitCode == .failure)
        #expect(members.standardOutput.contains("member metadata.json: the contents differ under the json rule"))
        #expect(await InProcessRun.run(["diff", "--semantic", trip, trip]).exitCode == .success)
    }

    @Test func theBinaryExitsZeroOneAndTwo() throws {
        let sides = try DiffSides()
        try sides.writeBoth("same", "a.txt")
        #expect(try BuiltExecutable.run(["diff", sides.expected.path, sides.actual.path]).status == 0)
        try sides.write("other", "a.txt", actual: true)
        let different = try BuiltExecutable.run(["diff", sides.expected.path, sides.actual.path])
        #expect(different.status == 1)
        #expect(different.standardOutput.contains("member a.txt: the contents differ under the text rule"))
        let missing = try BuiltExecutable.run([
            "diff", sides.expected.path, sides.root.appendingPathComponent("none").path,
        ])
        #expect(missing.status == 2)
        #expect(missing.standardError.hasSuffix("[comparison.missing]\n"))
    }
}
