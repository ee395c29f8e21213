import DocumentModels
import Foundation
import TestSupport
import Testing

/// `DocumentHost` saves of a package document (in the helper process) killed at random moments,
/// and saves that cannot complete.
@Suite(.serialized) struct DocumentHostCrashSafetyTests {
    @Test func fiftyKillsAtRandomMomentsLeaveADocumentThatOpensAsBeforeOrAfterTheSave() throws {
        let setup = try SaveKillSetup("host-kill")
        var generator = SeededGenerator(seed: 0x5AFE_0002)
        let harness = SaveKillHarness(
            mode: "host-save-loop", package: setup.package, environment: setup.environment, maximumDelay: 0.03)
        // Each run's `opened G` line proves that DocumentHost opened what the previous kill left.
        let iterations = SaveKillHarness.iterations
        let report = try harness.run(iterations: iterations, generator: &generator)
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
        #expect(report.kills >= iterations * 9 / 10, "only \(report.kills) kills landed")
        #expect(
            report.killsDuringSave >= iterations / 2,
            "only \(report.killsDuringSave) of \(report.kills) kills landed during a save")

        let final = try HelperProcess.run("host-save-loop", [setup.package.path, "1"], environment: setup.environment)
        #expect(final.status == 0, "\(final.standardError)")
        #expect(final.standardOutput.contains("saved "))
        #expect(try setup.items() == ["Saved.genpkg"])
        guard case .whole = GenerationPackage.state(at: setup.package) else {
            Issue.record("the package is \(GenerationPackage.state(at: setup.package))")
            return
        }
    }

    @Test func aSaveThatRunsOutOfSpaceLeavesTheOldDocumentAndNamesTheFile() throws {
        let setup = try SaveKillSetup("host-full")
        let before = try FileTree.snapshot(setup.package)
        let result = try HelperProcess.run(
            "host-save-limited", [setup.package.path, "1000", "as-is"], environment: setup.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        // The host names the document and the member being written when the limit was reached.
        #expect(result.standardOutput.contains("failed: \(setup.package.path): member "), "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains(
                ".txt: the writer failed; the file was left as it was: the file would grow past the largest size"),
            "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains("[filewrapper.write.file-too-large] [host.save.write-failed]"),
            "\(result.standardOutput)")
        #expect(try FileTree.snapshot(setup.package) == before)
        #expect(try setup.items() == ["Saved.genpkg"])
        let unlimited = try HelperProcess.run(
            "host-save-limited", [setup.package.path, "0", "as-is"], environment: setup.environment)
        #expect(
            unlimited.standardOutput.hasSuffix("saved 1\n"), "\(unlimited.standardOutput) \(unlimited.standardError)")
    }

    @Test func aSaveIntoAFolderThatMayNotBeWrittenLeavesTheOldDocumentAndNamesTheFile() throws {
        let setup = try SaveKillSetup("host-denied")
        let before = try FileTree.snapshot(setup.package)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: setup.documents.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: setup.documents.path) }
        let result = try HelperProcess.run(
            "host-save-limited", [setup.package.path, "0", "as-nobody"], environment: setup.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "failed: \(setup.package.path): no temporary location could be made beside the file"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[host.save.write-failed]"), "\(result.standardOutput)")
        #expect(try FileTree.snapshot(setup.package) == before)
        #expect(try setup.items() == ["Saved.genpkg"])
    }
}
