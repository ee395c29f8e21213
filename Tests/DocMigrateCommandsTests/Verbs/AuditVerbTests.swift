import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct AuditVerbTests {
    static func write(_ source: String, named name: String, in folder: TemporaryDirectory) throws {
        try Data(source.utf8).write(to: folder.appending(name))
    }

    @Test func errorsExitOneAndCleanSourcesExitZero() async throws {
        let folder = try TemporaryDirectory("audit-verb")
        try Self.write(
            "struct Notes: FileDocument {\n  init(configuration: ReadConfiguration) throws { text = x ?? \"\" }\n}\n",
            named: "Notes.swift", in: folder)
        let failing = await InProcessRun.run(["audit", folder.url.path])
        #expect(failing.exitCode == .failure)
        #expect(failing.standardOutput.contains("Notes.swift:2:60: error: [empty-fallback-on-read]"))
        #expect(failing.standardOutput.hasSuffix("1 document type in 1 file: 1 error, 0 warnings, 1 note\n"))

        try Self.write("struct Notes: FileDocument {}\n", named: "Notes.swift", in: folder)
        let passing = await InProcessRun.run(["audit", folder.url.path])
        #expect(passing.exitCode == .success, "\(passing.standardOutput)")
    }

    @Test func printsJSONAndGitHubAnnotations() async throws {
        let folder = try TemporaryDirectory("audit-verb-formats")
        try Self.write("struct S: Document {}\n", named: "S.swift", in: folder)
        let json = await InProcessRun.run(["audit", "--format", "json", folder.url.path])
        #expect(json.exitCode == .failure)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "docmigrate.audit")
        let github = await InProcessRun.run(["audit", "--format", "github", folder.url.path])
        #expect(
            github.standardOutput.contains(
                "::error file=\(folder.url.path)/S.swift,line=1,col=1,title=docmigrate audit [document-must-be-class]::"
            ))
    }

    @Test func aMissingPathExitsTwoNamingIt() async {
        let run = await InProcessRun.run(["audit", "/no/such/sources"])
        #expect(run.exitCode == .couldNotProceed)
        #expect(run.standardError == "Error: /no/such/sources: there is no file or folder here [audit.missing]\n")
    }
}
