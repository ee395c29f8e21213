import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct ReviewVerbTests {
    /// A writable copy of the shipped corpora, or of the named ones only (to keep whole runs short).
    static func goldenFiles(_ directory: TemporaryDirectory, only names: [String]? = nil) throws -> URL {
        let shipped = VerifyVerbTests.repository.appendingPathComponent("GoldenFiles")
        let copy = directory.appending("GoldenFiles")
        guard let names else {
            try FileManager.default.copyItem(at: shipped, to: copy)
            return copy
        }
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in names {
            let destination = copy.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: shipped.appendingPathComponent(name), to: destination)
        }
        return copy
    }

    /// Runs `arguments` in-process with the given environment (never the test process's `CI`) and input lines.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: [String] = []
    ) async -> InProcessRun {
        let output = CapturedText()
        let error = CapturedText()
        let code = await CommandLineTool.docmigrate.run(
            arguments: arguments, environment: environment,
            output: CommandOutput(standardOutput: output, standardError: error),
            input: .lines(input))
        return InProcessRun(exitCode: code, standardOutput: output.text, standardError: error.text)
    }

    /// Three pending round-trip outputs for plain-text cases, stored as a run under `--record failed` would.
    static func pendThree(in goldenFiles: URL) throws -> [String: Data] {
        let corpus = goldenFiles.appendingPathComponent("text/plain-text")
        let area = PendingArea(corpusFolder: corpus)
        let scratch = goldenFiles.deletingLastPathComponent().appendingPathComponent("outputs")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var outputs: [String: Data] = [:]
        for name in ["crlf", "hello", "unicode"] {
            let golden = "cases/\(name).txt"
            let output = scratch.appendingPathComponent("\(name).txt")
            let bytes = Data("changed \(name)\n".utf8)
            try bytes.write(to: output)
            let difference = try Comparator().compare(
                expectedAt: corpus.appendingPathComponent(golden), actualAt: output)
            try area.store(
                output,
                as: PendingEntry(
                    corpus: "plain-text", golden: golden, caseInput: golden, route: "adapter.file-document",
                    summary: "what adapter.file-document saved differs from the golden", difference: difference))
            outputs[golden] = bytes
        }
        return outputs
    }

    // MARK: Record modes through the verb

    @Test func underCIAMissingGoldenFailsAndNothingIsWritten() async throws {
        let directory = try TemporaryDirectory("verb-ci")
        let goldenFiles = try Self.goldenFiles(directory)
        let golden = goldenFiles.appendingPathComponent("notebook/expected/Trip.txt")
        try FileManager.default.removeItem(at: golden)
        let before = try FileTree.snapshot(goldenFiles)
        let run = await Self.run(
            ["verify", goldenFiles.path, "--format", "notebook", "--case", "cases/Trip.notebook"],
            environment: ["CI": "1"])
        #expect(run.exitCode == .failure)
        #expect(run.standardOutput.contains("the golden notebook/expected/Trip.txt does not exist"))
        #expect(try FileTree.snapshot(goldenFiles) == before)
        // Given explicitly, a mode wins over the CI default.
        let explicit = await Self.run(
            [
                "verify", goldenFiles.path, "--format", "notebook", "--case", "cases/Trip.notebook", "--record",
                "missing",
            ], environment: ["CI": "1"])
        #expect(explicit.exitCode == .failure)
        #expect(FileManager.default.fileExists(atPath: golden.path))
    }

    @Test func locallyAMissingGoldenIsRecordedAndTheRunStillExitsOne() async throws {
        let directory = try TemporaryDirectory("verb-local")
        let goldenFiles = try Self.goldenFiles(directory)
        let golden = goldenFiles.appendingPathComponent("notebook/expected/Trip.txt")
        try FileManager.default.removeItem(at: golden)
        let report = directory.appending("report.json")
        let first = await Self.run(
            ["verify", goldenFiles.path, "--format", "notebook", "--report", "json:" + report.path],
            environment: ["CI": "false"])
        #expect(first.exitCode == .failure)
        #expect(first.standardOutput.contains("recorded  notebook/expected/Trip.txt\n"))
        #expect(FileManager.default.fileExists(atPath: golden.path))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.compactMap { $0["recorded"] as? [String] }.flatMap { $0 } == ["expected/Trip.txt"])
        let second = await Self.run(["verify", goldenFiles.path, "--format", "notebook"])
        #expect(second.exitCode == .success, "\(second.standardOutput)")
    }

    @Test func failedModeLeavesAPendingItemThatAcceptTakes() async throws {
        let directory = try TemporaryDirectory("verb-failed")
        let goldenFiles = try Self.goldenFiles(directory)
        let golden = goldenFiles.appendingPathComponent("notebook/expected/Trip.txt")
        let original = try Data(contentsOf: golden)
        try Data("not the conversion\n".utf8).write(to: golden)
        let run = await Self.run([
            "verify", goldenFiles.path, "--format", "notebook", "--case", "cases/Trip.notebook", "--record", "failed",
        ])
        #expect(run.exitCode == .failure)
        #expect(run.standardOutput.contains("pending   notebook/expected/Trip.txt"))
        let list = await Self.run(["review", "--list", "--corpus", goldenFiles.path])
        #expect(list.exitCode == .success)
        #expect(list.standardOutput.hasPrefix("[1/1] notebook/expected/Trip.txt (from the conversion)\n"))
        let accept = await Self.run(["accept", "--corpus", goldenFiles.path, "notebook/expected/*.txt"])
        #expect(accept.exitCode == .success)
        #expect(accept.standardOutput == "accepted  notebook/expected/Trip.txt\n")
        #expect(try Data(contentsOf: golden) == original)
        #expect(
            await Self.run(["verify", goldenFiles.path, "--format", "notebook", "--record", "never"]).exitCode
                == .success)
    }

    // MARK: Review, accept, reject

    @Test func reviewAcceptsSkipsAndRejectsFromInputLines() async throws {
        let directory = try TemporaryDirectory("verb-review")
        let goldenFiles = try Self.goldenFiles(directory)
        let outputs = try Self.pendThree(in: goldenFiles)
        let corpus = goldenFiles.appendingPathComponent("text/plain-text")
        let hello = try Data(contentsOf: corpus.appendingPathComponent("cases/hello.txt"))
        let unicode = try Data(contentsOf: corpus.appendingPathComponent("cases/unicode.txt"))
        // An unknown answer asks again; then accept crlf, skip hello, reject unicode.
        let run = await Self.run(["review", "--corpus", goldenFiles.path], input: ["x", "a", "s", "r"])
        #expect(run.exitCode == .success, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                "[1/3] plain-text/cases/crlf.txt (from adapter.file-document)\n  what adapter.file-document saved differs from the golden\n"
            ))
        #expect(run.standardOutput.contains("Answer a, r, s or q.\n"))
        #expect(run.standardOutput.contains("accepted  plain-text/cases/crlf.txt\n"))
        #expect(run.standardOutput.contains("skipped   plain-text/cases/hello.txt\n"))
        #expect(run.standardOutput.contains("rejected  plain-text/cases/unicode.txt\n"))
        #expect(run.standardOutput.hasSuffix("1 accepted, 1 rejected, 1 skipped\n"))
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/crlf.txt")) == outputs["cases/crlf.txt"])
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/hello.txt")) == hello)
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/unicode.txt")) == unicode)
        #expect(try PendingArea(corpusFolder: corpus).entries().map(\.golden) == ["cases/hello.txt"])
    }

    /// The binary under a real pseudo-terminal (util-linux `script`), answers typed into it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func reviewRunsThroughAPseudoTerminal() async throws {
        let directory = try TemporaryDirectory("verb-review-pty")
        let goldenFiles = try Self.goldenFiles(directory)
        let outputs = try Self.pendThree(in: goldenFiles)
        let answers = directory.appending("answers")
        try Data("r\na\nq\n".utf8).write(to: answers)
        let transcript = directory.appending("transcript")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = "'\(try BuiltExecutable.url().path)' review --corpus '\(goldenFiles.path)'; echo \"exit $?\""
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: answers)
        try Data().write(to: transcript)
        process.standardOutput = try FileHandle(forWritingTo: transcript)
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: try Data(contentsOf: transcript), as: UTF8.self).replacingOccurrences(
            of: "\r\n", with: "\n")
        #expect(text.contains("rejected  plain-text/cases/crlf.txt"), "\(text)")
        #expect(text.contains("accepted  plain-text/cases/hello.txt"))
        #expect(text.contains("1 accepted, 1 rejected, 1 skipped"))
        #expect(text.contains("exit 0"))
        let corpus = goldenFiles.appendingPathComponent("text/plain-text")
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/hello.txt")) == outputs["cases/hello.txt"])
        #expect(try PendingArea(corpusFolder: corpus).entries().map(\.golden) == ["cases/unicode.txt"])
    }

    @Test func theEndOfInputQuitsAndKeepsEverything() async throws {
        let directory = try TemporaryDirectory("verb-review-eof")
        let goldenFiles = try Self.goldenFiles(directory)
        _ = try Self.pendThree(in: goldenFiles)
        let run = await Self.run(["review", "--corpus", goldenFiles.path], input: ["s"])
        #expect(run.exitCode == .success)
        #expect(run.standardOutput.hasSuffix("0 accepted, 0 rejected, 3 skipped\n"))
        #expect(
            try PendingArea(corpusFolder: goldenFiles.appendingPathComponent("text/plain-text")).entries().count == 3)
    }

    @Test func acceptAndRejectTakeGlobs() async throws {
        let directory = try TemporaryDirectory("verb-globs")
        let goldenFiles = try Self.goldenFiles(directory)
        let outputs = try Self.pendThree(in: goldenFiles)
        let corpus = goldenFiles.appendingPathComponent("text/plain-text")
        let crlf = try Data(contentsOf: corpus.appendingPathComponent("cases/crlf.txt"))
        let accept = await Self.run(["accept", "--corpus", goldenFiles.path, "cases/h*.txt"])
        #expect(accept.exitCode == .success)
        #expect(accept.standardOutput == "accepted  plain-text/cases/hello.txt\n")
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/hello.txt")) == outputs["cases/hello.txt"])
        let reject = await Self.run(["reject", "--corpus", goldenFiles.path, "plain-text/cases/crlf.txt", "nothing/*"])
        #expect(reject.exitCode == .failure)
        #expect(reject.standardError == "Error: no pending item matches 'nothing/*'\n")
        #expect(try Data(contentsOf: corpus.appendingPathComponent("cases/crlf.txt")) == crlf)
        #expect(try PendingArea(corpusFolder: corpus).entries().map(\.golden) == ["cases/unicode.txt"])
        let rest = await Self.run(["reject", "--corpus", goldenFiles.path])
        #expect(rest.standardOutput == "rejected  plain-text/cases/unicode.txt\n")
        #expect(try PendingArea(corpusFolder: corpus).entries().isEmpty)
    }

    // MARK: Orphans

    @Test func orphansWarnFailOrAreDeleted() async throws {
        let directory = try TemporaryDirectory("verb-orphans")
        let goldenFiles = try Self.goldenFiles(directory, only: ["text/plain-text"])
        let stray = goldenFiles.appendingPathComponent("text/plain-text/cases/stray.txt")
        try Data("stray\n".utf8).write(to: stray)
        let report = directory.appending("report.json")
        let warn = await Self.run(["verify", goldenFiles.path, "--report", "json:" + report.path])
        #expect(warn.exitCode == .success)
        #expect(warn.standardOutput.hasSuffix("orphan    plain-text/cases/stray.txt\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect(json["orphans"] as? [String] == ["plain-text/cases/stray.txt"])
        let fail = await Self.run(["verify", goldenFiles.path, "--orphans", "fail"])
        #expect(fail.exitCode == .failure)
        let refusedOnCI = await Self.run(["verify", goldenFiles.path, "--orphans", "delete"], environment: ["CI": "1"])
        #expect(refusedOnCI.exitCode == .usageError)
        #expect(FileManager.default.fileExists(atPath: stray.path))
        let delete = await Self.run(["verify", goldenFiles.path, "--orphans", "delete"])
        #expect(delete.exitCode == .success)
        #expect(delete.standardOutput.hasSuffix("deleted 1 orphan\n"))
        #expect(!FileManager.default.fileExists(atPath: stray.path))
    }

    @Test(arguments: [["--case", "cases/hello.txt"], ["--format", "plain-text"]])
    func theOrphanCheckIsRefusedOnFilteredRuns(_ filter: [String]) async throws {
        let directory = try TemporaryDirectory("verb-orphans-filtered")
        let goldenFiles = try Self.goldenFiles(directory, only: ["text/plain-text"])
        try Data("stray\n".utf8).write(to: goldenFiles.appendingPathComponent("text/plain-text/cases/stray.txt"))
        let refused = await Self.run(["verify", goldenFiles.path, "--orphans", "warn"] + filter)
        #expect(refused.exitCode == .usageError)
        #expect(refused.standardError.hasPrefix("Error: --orphans needs a run of every case"))
        // Without --orphans, a filtered run skips the check.
        let skipped = await Self.run(["verify", goldenFiles.path] + filter)
        #expect(skipped.exitCode == .success)
        #expect(!skipped.standardOutput.contains("orphan"))
    }
}
