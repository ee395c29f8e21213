import Conversion
import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct MergeReportsVerbTests {
    /// A corpus of text files with names that need escaping in JSON and XML, some that fail (not UTF-8 text),
    /// and an iCloud placeholder (skipped), converted in three shards by the built binary.
    private func shardReports(_ label: String) throws -> (folder: TemporaryDirectory, paths: [String]) {
        let folder = try TemporaryDirectory(label)
        let input = folder.appending("in")
        try FileManager.default.createDirectory(
            at: input.appendingPathComponent("sub folder"), withIntermediateDirectories: true)
        let names = [
            "a.txt", "quote\"d.txt", "back\\slash.txt", "amp&<lt>.txt", "café.txt", "emoji😀.txt", "tab\tname.txt",
            "new\nline.txt", "sub folder/x.txt",
        ]
        for (index, name) in names.enumerated() {
            try Data("text \(index)\n".utf8).write(to: input.appendingPathComponent(name))
        }
        for index in 0..<30 {
            try Data("note \(index)\n".utf8).write(to: input.appendingPathComponent("note\(index).txt"))
        }
        try Data([0x61, 0xFF]).write(to: input.appendingPathComponent("bad \"one\".txt"))
        try Data([0x62, 0xFF]).write(to: input.appendingPathComponent("sub folder/bad two.txt"))
        try Data("x".utf8).write(to: input.appendingPathComponent(".c.txt.icloud"))
        var paths: [String] = []
        for shard in 1...3 {
            let path = folder.appending("shard\(shard).json").path
            let run = try BuiltExecutable.run([
                "convert", "--to", "plain-text", "--shard", "\(shard)/3", "--report", "json:" + path, "-o",
                folder.appending("out").path, input.path,
            ])
            #expect([0, 1].contains(run.status), "\(run.standardError)")
            paths.append(path)
        }
        return (folder, paths)
    }

    /// What `merge-reports` wrote before it streamed: each report decoded whole and merged in memory.
    private func mergedInMemory(_ paths: [String]) throws -> ConversionReport {
        try ConversionReport.merged(
            paths.map { try ConversionReport.decode(json: Data(contentsOf: URL(fileURLWithPath: $0))) })
    }

    /// `docmigrate` reading reports `blockSize` bytes at a time.
    private func tool(blockSize: Int) -> CommandLineTool {
        var tool = CommandLineTool.docmigrate
        tool.reportMergeBlockSize = blockSize
        return tool
    }

    @Test(arguments: [5, 131072])
    func writesWhatTheInMemoryMergeWroteByteForByte(_ blockSize: Int) async throws {
        let (folder, paths) = try shardReports("merge-verb-same")
        let whole = try mergedInMemory(paths)
        #expect(whole.totals.items == 42)
        #expect(whole.totals.failed == 2 && whole.totals.skipped == 1)
        let json = folder.appending("merged.json").path
        let junit = folder.appending("merged.xml").path
        let run = await InProcessRun.run(
            ["merge-reports", "--report", "json:" + json, "--report", "junit:" + junit, "--report", "text:-"] + paths,
            tool: tool(blockSize: blockSize))
        #expect(run.exitCode == .failure, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput == whole.text() + whole.text())
        #expect(try Data(contentsOf: URL(fileURLWithPath: json)) == whole.render(format: "json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: junit)) == whole.render(format: "junit"))
        #expect(run.standardOutput.contains("FAILED   "))
    }

    @Test func theBinaryWritesWhatTheInMemoryMergeWrote() throws {
        let (folder, paths) = try shardReports("merge-verb-binary")
        let whole = try mergedInMemory(paths)
        let json = folder.appending("merged.json").path
        let run = try BuiltExecutable.run(["merge-reports", "--report", "json:" + json, "--report", "junit:-"] + paths)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput == whole.text() + whole.junit())
        #expect(try Data(contentsOf: URL(fileURLWithPath: json)) == whole.render(format: "json"))
        // A report merged with itself is refused, by the binary too, before anything is written.
        let twice = try BuiltExecutable.run([
            "merge-reports", "--report", "json:" + folder.appending("twice.json").path, paths[0], paths[1], paths[0],
        ])
        #expect(twice.status == 2)
        #expect(twice.standardOutput.isEmpty)
        #expect(twice.standardError.contains("is in two reports"), "\(twice.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appending("twice.json").path))
    }

    @Test func aBrokenReportExitsTwoNamingTheFileAndThePlace() async throws {
        let (folder, paths) = try shardReports("merge-verb-broken")
        let data = try Data(contentsOf: URL(fileURLWithPath: paths[1]))
        for (label, broken) in [
            ("truncated", data.prefix(data.count / 2)), ("garbage after", data + Data("}".utf8)), ("empty", Data()),
        ] {
            let path = folder.appending("broken.json").path
            try broken.write(to: URL(fileURLWithPath: path))
            let run = await InProcessRun.run(["merge-reports", paths[0], path, paths[2]], tool: tool(blockSize: 7))
            #expect(run.exitCode == .couldNotProceed, "\(label)")
            #expect(run.standardOutput.isEmpty, "\(label)")
            #expect(run.standardError.hasPrefix("Error: \(path): byte "), "\(label): \(run.standardError)")
            #expect(run.standardError.contains("[merge.not-a-report]"), "\(label): \(run.standardError)")
            #expect(run.standardError.contains(", column "), "\(label): \(run.standardError)")
        }
        let missing = await InProcessRun.run(["merge-reports", paths[0], folder.appending("missing.json").path])
        #expect(missing.exitCode == .couldNotProceed)
        #expect(missing.standardError.contains("[merge.unreadable]"))
    }
}
