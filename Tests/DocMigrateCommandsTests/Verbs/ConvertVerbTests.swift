import Conversion
import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct ConvertVerbTests {
    /// A folder with a text file, a corrupt text file and an iCloud placeholder.
    private func corpus(_ label: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory(label)
        try FileManager.default.createDirectory(at: folder.appending("in/notes"), withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: folder.appending("in/notes/a.txt"))
        try Data([0x61, 0xFF]).write(to: folder.appending("in/bad.txt"))
        try Data("x".utf8).write(to: folder.appending("in/.c.txt.icloud"))
        return folder
    }

    @Test func theBinaryConvertsThroughItsWorkersAndExitsOneForAFailedItem() throws {
        let folder = try corpus("convert-binary")
        let input = folder.appending("in").path
        let output = folder.appending("out").path
        let report = folder.appending("report.json").path
        let run = try BuiltExecutable.run([
            "convert", "--to", "plain-text", "-o", output, "--report", "json:" + report, input,
        ])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("FAILED   \(input)/bad.txt: byte 1 (0x1): "), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("[text.undetectable-encoding]"), "\(run.standardOutput)")
        #expect(run.standardOutput.hasSuffix("3 items: 1 converted, 1 skipped, 1 failed\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/notes/a.txt")) == Data("hello\n".utf8))
        let decoded = try ConversionReport.decode(json: Data(contentsOf: URL(fileURLWithPath: report)))
        #expect(decoded.items.map(\.status) == [.skipped, .failed, .converted])

        // Resumed: the converted item is done, the failed one is tried again and still fails.
        let resumed = try BuiltExecutable.run(["convert", "--to", "plain-text", "-o", output, "--resume", input])
        #expect(resumed.status == 1)
        #expect(resumed.standardOutput.hasSuffix("3 items: 0 converted, 1 already done, 1 skipped, 1 failed\n"))
    }

    @Test func progressEventsAreJSONLinesOnStandardError() async throws {
        let folder = try corpus("convert-progress")
        try FileManager.default.removeItem(at: folder.appending("in/bad.txt"))
        let run = await InProcessRun.run([
            "convert", "--to", "public.utf8-plain-text", "--isolation", "none", "--progress", "json", "-o",
            folder.appending("out").path,
            folder.appending("in").path,
        ])
        #expect(run.exitCode == .success, "\(run.standardError)")
        let events = run.standardError.split(separator: "\n").map(String.init)
        #expect(events.first?.hasPrefix("{\"event\":\"started\",\"jobs\":") == true)
        #expect(events.filter { $0.contains("\"event\":\"item\"") }.count == 2)
        #expect(
            events.last
                == "{\"bytes\":6,\"converted\":1,\"event\":\"finished\",\"failed\":0,\"items\":2,\"resumed\":0,\"skipped\":1,\"warning\":0}"
        )
    }

    @Test func dryRunWritesNothingAndInPlaceKeepsABackup() async throws {
        let folder = try corpus("convert-dry")
        let dry = await InProcessRun.run([
            "convert", "--to", "plain-text", "--isolation", "none", "-n", "-o", folder.appending("out").path,
            folder.appending("in").path,
        ])
        #expect(dry.exitCode == .success)
        #expect(
            dry.standardOutput.contains(
                "plan     \(folder.appending("in/notes/a.txt").path) → \(folder.appending("out/notes/a.txt").path)"))
        #expect(!FileManager.default.fileExists(atPath: folder.appending("out").path))

        try FileManager.default.removeItem(at: folder.appending("in/bad.txt"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640], ofItemAtPath: folder.appending("in/notes/a.txt").path)
        let inPlace = await InProcessRun.run([
            "convert", "--to", "plain-text", "--isolation", "none", "--in-place", "--backup-suffix", ".bak",
            folder.appending("in").path,
        ])
        #expect(inPlace.exitCode == .success, "\(inPlace.standardError)")
        #expect(try Data(contentsOf: folder.appending("in/notes/a.txt.bak")) == Data("hello\n".utf8))
        let mode =
            try FileManager.default.attributesOfItem(atPath: folder.appending("in/notes/a.txt").path)[.posixPermissions]
            as? Int
        #expect(mode == 0o640)
    }

    @Test(
        arguments: [
            (["convert", "--to", "plain-text", "in"], "give --output FOLDER or --in-place"),
            (["convert", "--to", "plain-text", "-o", "out"], "give input paths or --files-from"),
            (
                ["convert", "--to", "plain-text", "--shard", "0/4", "-o", "out", "in"],
                "--shard takes K/N with 1 ≤ K ≤ N (1-based), not '0/4'"
            ),
            (
                ["convert", "--to", "com.example.nothing", "-o", "out", "in"],
                "no registered codec writes 'com.example.nothing'"
            ),
            (
                ["convert", "--to", "plain-text", "--jobs", "0", "-o", "out", "in"],
                "--jobs takes a positive whole number"
            ),
        ] as [([String], String)])
    func badUsageExitsSixtyFour(_ arguments: [String], _ message: String) async {
        let run = await InProcessRun.run(arguments)
        #expect(run.exitCode == .usageError)
        #expect(run.standardError.hasPrefix("Error: " + message))
        #expect(run.standardError.hasSuffix("See 'docmigrate convert --help'.\n"))
    }

    @Test func aJobThatCannotRunExitsTwo() async throws {
        let folder = try corpus("convert-cannot-run")
        try Data("a file".utf8).write(to: folder.appending("blocker"))
        let run = await InProcessRun.run([
            "convert", "--to", "plain-text", "--isolation", "none", "-o", folder.appending("blocker/out").path,
            folder.appending("in").path,
        ])
        #expect(run.exitCode == .couldNotProceed)
        #expect(run.standardError.contains("[convert.output-unwritable]"))
    }

    @Test func mergeReportsJoinsShardsAndRefusesOverlaps() async throws {
        let folder = try corpus("convert-merge")
        var paths: [String] = []
        for shard in 1...2 {
            let path = folder.appending("shard\(shard).json").path
            paths.append(path)
            let run = await InProcessRun.run([
                "convert", "--to", "plain-text", "--isolation", "none", "--shard", "\(shard)/2", "--report",
                "json:" + path,
                "-o", folder.appending("out").path, folder.appending("in").path,
            ])
            #expect([ExitCode.success, .failure].contains(run.exitCode), "\(run.standardError)")
        }
        let merged = await InProcessRun.run(["merge-reports"] + paths)
        #expect(merged.exitCode == .failure)
        #expect(merged.standardOutput.hasSuffix("3 items: 1 converted, 1 skipped, 1 failed\n"))
        let twice = await InProcessRun.run(["merge-reports", paths[0], paths[0]])
        let firstHasItems = try !ConversionReport.decode(json: Data(contentsOf: URL(fileURLWithPath: paths[0]))).items
            .isEmpty
        #expect(twice.exitCode == (firstHasItems ? .couldNotProceed : .success))
        // Another kind of report is refused by name, with the file that holds it.
        let verifyReport = folder.appending("verify.json").path
        try Data(#"{"schema": "docmigrate.verify-report", "schemaVersion": 1, "cases": []}"#.utf8).write(
            to: URL(fileURLWithPath: verifyReport))
        let wrong = await InProcessRun.run(["merge-reports", paths[0], verifyReport])
        #expect(wrong.exitCode == .couldNotProceed)
        #expect(wrong.standardError.contains(verifyReport))
        #expect(wrong.standardError.contains("[report.wrong-schema]"), "\(wrong.standardError)")
    }

    @Test func theWorkersDecodeWithTheCodecOptionsOfTheCommandLine() throws {
        let folder = try TemporaryDirectory("convert-options")
        try FileManager.default.createDirectory(at: folder.appending("in"), withIntermediateDirectories: true)
        // "Crème brûlée" in Mac OS Roman with a classic Mac line ending: not UTF-8, so only a declared fallback reads
        // it.
        try Data([0x43, 0x72, 0x8F, 0x6D, 0x65, 0x20, 0x62, 0x72, 0x9E, 0x6C, 0x8E, 0x65, 0x0D]).write(
            to: folder.appending("in/recipe.txt"))
        // A forced encoding too, with the output read back and compared (its UTF-8 is read back as UTF-8,
        // not in the encoding forced on the inputs).
        for option in ["--fallback-encoding", "--encoding"] {
            let output = folder.appending("out" + option).path
            let run = try BuiltExecutable.run([
                "convert", "--to", "plain-text", option, "macintosh", "-o", output, folder.appending("in").path,
            ])
            #expect(run.status == 0, "\(option): \(run.standardOutput)\(run.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/recipe.txt")) == Data("Crème brûlée\n".utf8))
        }
    }
}
