import DocMigrateCommands
import Foundation
import TestSupport
import Testing

/// `Documentation/json-schemas.md` against what the verbs really print: every schema a verb prints has a
/// section of the same version, and every key of its JSON is named in that section, so a field added to a
/// report without a word in the documentation fails here.
@Suite struct JSONSchemaDocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documentation's `## …` sections by heading, each with the text up to the next `## `; the text
    /// before the first heading is the section "".
    static func sections() throws -> [String: String] {
        let text = try String(
            contentsOf: repository.appendingPathComponent("Documentation/json-schemas.md"), encoding: .utf8)
        var sections: [String: String] = [:]
        var heading: String? = ""
        var body = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                if let heading { sections[heading] = body }
                heading = String(line.dropFirst(3))
                body = ""
            } else {
                body += line + "\n"
            }
        }
        if let heading { sections[heading] = body }
        return sections
    }

    /// Every object key anywhere in `value`, with the first path it was met at.
    static func keys(in value: Any, path: String = "$", into found: inout [String: String]) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                if found[key] == nil { found[key] = path + "." + key }
                keys(in: member, path: path + "." + key, into: &found)
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() { keys(in: element, path: "\(path)[\(index)]", into: &found) }
        }
    }

    /// Checks one printed report against its section (and the shared sections it builds on).
    static func check(
        _ json: String, sharing shared: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            "not a JSON object: \(json.prefix(200))",
            sourceLocation: sourceLocation)
        let schema = try #require(object["schema"] as? String, sourceLocation: sourceLocation)
        let version = try #require(object["schemaVersion"] as? Int, sourceLocation: sourceLocation)
        let sections = try sections()
        let heading = "`\(schema)`, version \(version)"
        let section = try #require(
            sections[heading], "json-schemas.md has no section '## \(heading)'", sourceLocation: sourceLocation)
        let overview = try #require(
            sections.values.first { $0.contains("| schema | printed by | version |") }, sourceLocation: sourceLocation)
        #expect(
            overview.contains("| `\(schema)` |") && overview.contains(" | \(version) |"),
            "the overview table does not list \(schema)", sourceLocation: sourceLocation)
        let documentation = ([section] + shared.compactMap { sections[$0] }).joined()
        var found: [String: String] = [:]
        keys(in: object, into: &found)
        for (key, path) in found.sorted(by: { $0.key < $1.key }) {
            #expect(
                documentation.contains("`\(key)`") || documentation.contains("\"\(key)\""),
                "\(schema) prints the key '\(key)' (at \(path)), which its section does not name",
                sourceLocation: sourceLocation)
        }
    }

    @Test func theAuditReportIsDocumented() async throws {
        let fixtures = Self.repository.appendingPathComponent("Tests/SourceAuditTests/Fixtures/Legacy").path
        let run = await InProcessRun.run(["audit", "--format", "json", fixtures])
        #expect(run.standardOutput.contains("\"typeName\""), "the fixture no longer gives a finding of a type")
        try Self.check(run.standardOutput)
    }

    @Test func theLintPlistReportIsDocumentedForXMLAndBinaryFiles() async throws {
        let plist = Self.repository.appendingPathComponent("Tests/MigrationGuidesTests/Fixtures/lint-plist/Info.plist")
        let run = await InProcessRun.run(["lint-plist", "--format", "json", plist.path])
        #expect(run.exitCode == .failure)
        try Self.check(run.standardOutput)

        let folder = try TemporaryDirectory("schema-doc-lint")
        let binary = folder.appending("Info.plist")
        let converted = try PythonOracle.run(
            "import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps(plistlib.loads(sys.stdin.buffer.read()), fmt=plistlib.FMT_BINARY).hex().encode())",
            input: try Data(contentsOf: plist))
        try Data(hexadecimal: converted).write(to: binary)
        let binaryRun = await InProcessRun.run(["lint-plist", "--format", "json", binary.path])
        #expect(binaryRun.standardOutput.contains("\"format\" : \"binary\""))
        try Self.check(binaryRun.standardOutput)
    }

    @Test func theDiffReportIsDocumented() async throws {
        let folder = try TemporaryDirectory("schema-doc-diff")
        for (name, expected, actual) in [
            ("a.json", #"{"a": [1, 2], "b": "x"}"#, #"{"b": "y", "a": [1, 2, 3]}"#),
            ("b.bin", "abcdef", "abXdef"),
            ("c.txt", "one\ntwo\n", "one\r\ntwo\n"),
        ] {
            for side in ["expected", "actual"] {
                try FileManager.default.createDirectory(at: folder.appending(side), withIntermediateDirectories: true)
            }
            try Data(expected.utf8).write(to: folder.appending("expected/" + name))
            try Data(actual.utf8).write(to: folder.appending("actual/" + name))
        }
        try Data("only here".utf8).write(to: folder.appending("actual/d.txt"))
        let run = await InProcessRun.run([
            "diff", "--format", "json", folder.appending("expected").path, folder.appending("actual").path,
        ])
        #expect(run.exitCode == .failure)
        #expect(run.standardOutput.contains("\"bytes\" : {"), "the trees no longer give byte evidence")
        try Self.check(run.standardOutput, sharing: ["The difference tree (shared)"])
    }

    @Test(arguments: [
        "GoldenFiles/notebook/cases/Trip.notebook", "GoldenFiles/keyed-archive/cases/foundation-values.plist",
    ])
    func theInspectReportIsDocumented(document: String) async throws {
        let run = await InProcessRun.run([
            "inspect", "--format", "json", Self.repository.appendingPathComponent(document).path,
        ])
        #expect(run.exitCode == .success, "\(run.standardError)")
        try Self.check(run.standardOutput)
    }

    @Test func theConvertReportIsDocumentedWithEveryStatusButResumed() async throws {
        // A shard (1/1, so every item) of a corpus whose items convert, fail with a byte offset and are
        // skipped; then a conversion that loses something (a warning) and a dry run (planned items).
        let folder = try TemporaryDirectory("schema-doc-convert")
        let input = folder.appending("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: input.appendingPathComponent("good.txt"))
        try Data([0x61, 0x62, 0xFF, 0x0A]).write(to: input.appendingPathComponent("bad.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: input.appendingPathComponent("link.txt").path, withDestinationPath: "good.txt")
        let report = folder.appending("report.json")
        let run = await InProcessRun.run([
            "convert", "--to", "plain-text", "--isolation", "none", "--shard", "1/1", "--report", "json:" + report.path,
            "-o", folder.appending("out").path, input.path,
        ])
        #expect(run.exitCode == .failure, "\(run.standardError)")
        let json = try String(contentsOf: report, encoding: .utf8)
        for status in ["converted", "failed", "skipped"] {
            #expect(json.contains("\"status\" : \"\(status)\""), "no \(status) item in \(json)")
        }
        #expect(json.contains("\"byteOffset\" : 2") && json.contains("\"shard\" : \"1/1\""), "\(json)")
        try Self.check(json)

        let notebook = Self.repository.appendingPathComponent("GoldenFiles/notebook-v1/cases/Trip.notebookv1").path
        for (options, status) in [([String](), "warning"), (["--dry-run"], "planned")] {
            let lossy = folder.appending("lossy-\(status).json")
            let lossyRun = await InProcessRun.run(
                [
                    "convert", "--to", "notebook", "--isolation", "none", "--report", "json:" + lossy.path, "-o",
                    folder.appending("out-\(status)").path,
                ]
                    + options + [notebook])
            #expect(lossyRun.exitCode == .success, "\(lossyRun.standardError)")
            let lossyJSON = try String(contentsOf: lossy, encoding: .utf8)
            #expect(lossyJSON.contains("\"status\" : \"\(status)\""), "\(lossyJSON)")
            try Self.check(lossyJSON)
        }
    }

    @Test func theVerifyReportIsDocumentedWithItsFailures() async throws {
        // A copy of the keyed-archive corpus with one conversion golden changed and one rejection expecting
        // another code, so the report carries failures (with a difference tree and an error code), not only
        // passing cases.
        let folder = try TemporaryDirectory("schema-doc-verify")
        let corpus = folder.url.appendingPathComponent("keyed-archive", isDirectory: true)
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("GoldenFiles/keyed-archive"), to: corpus)
        func edit(_ path: String, replacing old: String, with new: String) throws {
            let url = corpus.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "\(path) no longer holds \(old)")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
        try edit(
            "expected/cpython-keyed-archive.plist", replacing: "<string>NSString</string>",
            with: "<string>NSText</string>")
        try edit(
            "manifest.json", replacing: "\"keyed-archive.unreachable-object\"", with: "\"keyed-archive.bad-version\"")
        let report = folder.appending("report.json")
        let run = await InProcessRun.run([
            "verify", "--record", "never", "--report", "json:" + report.path, folder.url.path,
        ])
        #expect(run.exitCode == .failure, "\(run.standardOutput)")
        let json = try String(contentsOf: report, encoding: .utf8)
        #expect(
            json.contains("\"failures\" : [\n") && json.contains("\"kind\" : \"conversion-differs\"")
                && json.contains("\"kind\" : \"rejected-differently\""), "no failure in \(json.prefix(400))")
        try Self.check(json, sharing: ["The difference tree (shared)"])
    }
}

extension Data {
    /// The bytes that `hexadecimal` spells two lowercase hex digits each (what Python's `bytes.hex()` prints).
    init(hexadecimal: String) throws {
        let digits = Array(hexadecimal.utf8)
        guard digits.count.isMultiple(of: 2) else { throw HexadecimalError(text: hexadecimal) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                throw HexadecimalError(text: hexadecimal)
            }
            bytes.append(byte)
        }
        self.init(bytes)
    }
}

/// Text that is not an even number of hex digits.
struct HexadecimalError: Error {
    var text: String
}
