import DocMigrateCommands
import Foundation
import TestSupport
import Testing

/// `--encoding`, `--fallback-encoding` and `--replace-invalid` on `verify` and `inspect`.
@Suite struct CodecOptionsVerbTests {
    static let macRoman = Data([0x43, 0x61, 0x66, 0x8E, 0x0D, 0xD2, 0x71, 0xD3, 0x0D])  // "Café\r“q”\r"

    /// A corpus of one Mac OS Roman case whose manifest declares no options.
    static func corpus(_ directory: TemporaryDirectory) throws -> URL {
        let folder = directory.appending("classic")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try macRoman.write(to: folder.appendingPathComponent("cases/a.txt"))
        try Data(
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "cases": [{"input": "cases/a.txt"}]}"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("manifest.json"))
        return folder
    }

    @Test func verifyAppliesTheFallbackEncodingToEveryRoute() async throws {
        let directory = try TemporaryDirectory("options-verify")
        let folder = try Self.corpus(directory)
        let refused = await InProcessRun.run(["verify", folder.path])
        #expect(refused.exitCode == .failure)
        #expect(refused.standardOutput.contains("text.undetectable-encoding"))
        let passed = await InProcessRun.run(["verify", "--fallback-encoding", "macintosh", folder.path])
        #expect(passed.exitCode == .success, "\(passed.standardOutput)\(passed.standardError)")
        #expect(passed.standardOutput.hasSuffix("1 passed, 0 failed\n"))
        let forced = await InProcessRun.run([
            "verify", "--encoding", "us-ascii", "--fallback-encoding", "macintosh", folder.path,
        ])
        #expect(forced.exitCode == .failure)
        #expect(forced.standardOutput.contains("text.invalid-bytes"))
    }

    @Test func aBadValueIsAUsageErrorAndACodecWithoutOptionsIsNamed() async throws {
        let directory = try TemporaryDirectory("options-errors")
        let folder = try Self.corpus(directory)
        let unknown = await InProcessRun.run(["verify", "--encoding", "klingon", folder.path])
        #expect(unknown.exitCode == .usageError)
        #expect(unknown.standardError.hasPrefix("Error: --encoding: 'klingon' is not an encoding the text codecs know"))
        let notebook = VerifyVerbTests.repository.appendingPathComponent("GoldenFiles/notebook").path
        let unsupported = await InProcessRun.run(["verify", "--replace-invalid", notebook])
        #expect(unsupported.exitCode == .couldNotProceed)
        #expect(
            unsupported.standardError.contains(
                "the notebook codec takes no options (given: replace-invalid=true) [codec.options.unsupported]"))
    }

    @Test func inspectShowsTheEncodingAndLineEndingsItWasToldToRead() async throws {
        let directory = try TemporaryDirectory("options-inspect")
        let file = directory.appending("classic.txt")
        try Self.macRoman.write(to: file)
        let refused = await InProcessRun.run(["inspect", file.path])
        #expect(refused.exitCode == .couldNotProceed)
        #expect(
            refused.standardError.contains("--fallback-encoding")
                && refused.standardError.hasSuffix("[text.undetectable-encoding]\n"))
        let read = await InProcessRun.run(["inspect", "--fallback-encoding", "macintosh", file.path])
        #expect(read.exitCode == .success, "\(read.standardError)")
        #expect(
            read.standardOutput.contains(
                "  text: \"Café\\r“q”\\r\"\n  encoding: \"macintosh\"\n  hasByteOrderMark: false\n  lineEndingStyle: \"cr\"\n"
            ))
        let replaced = await InProcessRun.run(["inspect", "--encoding", "utf-8", "--replace-invalid", file.path])
        #expect(replaced.standardOutput.contains("replacedSequenceCount: 3"), "\(replaced.standardOutput)")
        let help = await InProcessRun.run(["inspect", "--help"])
        #expect(
            help.standardOutput.contains("--fallback-encoding <name>")
                && help.standardOutput.contains("--replace-invalid"))
    }

    @Test func theBinaryVerifiesTheShippedTextCorpora() throws {
        let result = try BuiltExecutable.run([
            "verify", VerifyVerbTests.repository.appendingPathComponent("GoldenFiles/text").path,
        ])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("ok    macintosh/cases/macintosh-cr.txt → plain-text"))
        #expect(result.standardOutput.contains("ok    plain-text/cases/latin-1.txt"))
        #expect(result.standardOutput.contains("ok    iso-8859-1/cases/latin-1.txt\n"))
    }
}
