import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct AnonymizeVerbTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let secret = "Meet Dr. Watson at 221B Baker Street on 14 March.\r\nPassword: hunter2\n"

    func writeSecret(in folder: TemporaryDirectory, name: String = "letter.txt") throws -> URL {
        let url = folder.appending(name)
        try Data(Self.secret.utf8).write(to: url)
        return url
    }

    @Test func writesACaseOfTheSameSizeWithoutTheText() async throws {
        let folder = try TemporaryDirectory("anonymize-verb")
        let input = try writeSecret(in: folder)
        let output = folder.appending("case.txt")
        let run = await InProcessRun.run(["anonymize", input.path, output.path])
        #expect(run.exitCode == .success, "\(run.standardError)")
        #expect(run.standardOutput == "Wrote \(output.path) (plain-text, anonymized from \(input.path))\n")
        let written = try Data(contentsOf: output)
        #expect(written.count == Self.secret.utf8.count)
        let text = try #require(String(data: written, encoding: .utf8))
        for word in ["Meet", "Watson", "221B", "Baker", "Street", "March", "Password", "hunter2"] {
            #expect(!text.contains(word), "'\(word)' survived")
        }
        #expect(Array(text.utf8)[49...50] == [0x0D, 0x0A])
        #expect(try Data(contentsOf: input) == Data(Self.secret.utf8))

        // The same seed gives the same case; another seed another one.
        let again = folder.appending("again.txt")
        let other = folder.appending("other.txt")
        #expect(await InProcessRun.run(["anonymize", input.path, again.path]).exitCode == .success)
        #expect(await InProcessRun.run(["anonymize", "--seed", "team", input.path, other.path]).exitCode == .success)
        #expect(try Data(contentsOf: again) == written)
        #expect(try Data(contentsOf: other) != written)
    }

    @Test func anonymizesANotebookNamedByItsType() async throws {
        let folder = try TemporaryDirectory("anonymize-verb")
        let input = Self.repository.appendingPathComponent("GoldenFiles/notebook/cases/Trip.notebook")
        let output = folder.appending("Case.notebook")
        let run = await InProcessRun.run(["anonymize", "--type", "com.example.notebook", input.path, output.path])
        #expect(run.exitCode == .success, "\(run.standardError)")
        let notebook = try NotebookCodec().decode(
            FileWrapper(url: output, options: .immediate), contentType: NotebookCodec.contentType)
        #expect(notebook.pages.count == 3)
        #expect(notebook.title.utf8.count == "Trip to Lisbon".utf8.count)
        #expect(!notebook.title.contains("Lisbon") && !notebook.pages.contains { $0.text.contains("arrived") })

        // Without --type the package's extension names the notebook type the built-in registry declares.
        let untyped = await InProcessRun.run(["anonymize", input.path, folder.appending("Untyped.notebook").path])
        #expect(untyped.exitCode == .success, "\(untyped.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appending("Untyped.notebook").path).sorted() == [
                "metadata.json", "pages",
            ])

        // A folder whose extension no type declares still needs --type, and the error says so.
        let unknown = folder.appending("Trip.unknownpackage")
        try FileManager.default.copyItem(at: input, to: unknown)
        let unnamed = await InProcessRun.run(["anonymize", unknown.path, folder.appending("Out.unknownpackage").path])
        #expect(unnamed.exitCode == .couldNotProceed)
        #expect(unnamed.standardError.contains("--type"))
    }

    @Test func neverWritesOverTheOriginal() async throws {
        let folder = try TemporaryDirectory("anonymize-verb")
        let input = try writeSecret(in: folder)
        for arguments in [
            [input.path, input.path], ["--force", input.path, input.path], ["--force", input.path, folder.url.path],
        ] {
            let run = await InProcessRun.run(["anonymize"] + arguments)
            #expect(run.exitCode == .couldNotProceed)
            #expect(run.standardError.contains("[anonymize.output-is-input]"), "\(run.standardError)")
        }
        let link = folder.appending("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: input)
        let throughLink = await InProcessRun.run(["anonymize", "--force", input.path, link.path])
        #expect(throughLink.standardError.contains("[anonymize.output-is-input]"))
        #expect(try Data(contentsOf: input) == Data(Self.secret.utf8))
    }

    @Test func replacesAnExistingOutputOnlyWithForce() async throws {
        let folder = try TemporaryDirectory("anonymize-verb")
        let input = try writeSecret(in: folder)
        let output = folder.appending("existing.txt")
        try Data("keep me".utf8).write(to: output)
        let refused = await InProcessRun.run(["anonymize", input.path, output.path])
        #expect(refused.exitCode == .couldNotProceed)
        #expect(
            refused.standardError
                == "Error: \(output.path): the output already exists; pass --force to replace it [anonymize.output-exists]\n"
        )
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))
        let forced = await InProcessRun.run(["anonymize", "--force", input.path, output.path])
        #expect(forced.exitCode == .success)
        #expect(try Data(contentsOf: output).count == Self.secret.utf8.count)
    }

    @Test func aBadInputOrACodecWithoutTheCapabilityExitsTwo() async throws {
        let folder = try TemporaryDirectory("anonymize-verb")
        let invalid = Self.repository.appendingPathComponent("GoldenFiles/text/plain-text/cases/invalid-utf8.txt")
        let bad = await InProcessRun.run(["anonymize", invalid.path, folder.appending("out.txt").path])
        #expect(bad.exitCode == .couldNotProceed)
        #expect(bad.standardError.hasPrefix("Error: \(invalid.path): byte "))
        #expect(bad.standardError.hasSuffix("[text.undetectable-encoding]\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appending("out.txt").path))

        var tool = CommandLineTool.docmigrate
        tool.codecs.register(TallyCodec.self)
        let tally = folder.appending("counts.tally")
        try Data("apples 3\n".utf8).write(to: tally)
        let unsupported = await InProcessRun.run(
            ["anonymize", "--type", "com.example.tally", tally.path, folder.appending("x.tally").path], tool: tool)
        #expect(unsupported.exitCode == .couldNotProceed)
        #expect(
            unsupported.standardError
                == "Error: \(tally.path): the tally codec cannot anonymize documents [anonymize.unsupported]\n")

        let missing = await InProcessRun.run([
            "anonymize", folder.appending("missing.txt").path, folder.appending("y.txt").path,
        ])
        #expect(missing.exitCode == .couldNotProceed)
        #expect(missing.standardError.contains("missing.txt"))
    }

    @Test func theBinaryAnonymizesAFile() throws {
        let folder = try TemporaryDirectory("anonymize-binary")
        let input = try writeSecret(in: folder)
        let output = folder.appending("case.txt")
        let result = try BuiltExecutable.run(["anonymize", "--seed", "ci", input.path, output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Wrote \(output.path) (plain-text, anonymized from \(input.path))\n")
        let written = try Data(contentsOf: output)
        #expect(written.count == Self.secret.utf8.count)
        #expect(!String(decoding: written, as: UTF8.self).contains("Watson"))
        #expect(try Data(contentsOf: input) == Data(Self.secret.utf8))
    }
}
