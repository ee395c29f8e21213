import Foundation
import TestSupport
import Testing

@testable import DocumentPlatform
@testable import SystemSeam

/// `FileWrapper.write(to:options: .atomic, originalContentsURL:)` killed at random moments, and
/// saves that cannot complete (a full volume, a folder the process may not write to).
@Suite(.serialized) struct FileWrapperCrashSafetyTests {
    @Test func fiftyKillsAtRandomMomentsLeaveTheOldPackageOrTheNewOne() throws {
        let setup = try SaveKillSetup("wrapper-kill")
        var generator = SeededGenerator(seed: 0x5AFE_0001)
        let harness = SaveKillHarness(
            mode: "wrapper-write-loop", package: setup.package, environment: setup.environment, maximumDelay: 0.03)
        let iterations = SaveKillHarness.iterations
        let report = try harness.run(iterations: iterations, generator: &generator)
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
        #expect(report.kills >= iterations * 9 / 10, "only \(report.kills) kills landed")
        // Kills must land inside saves, or the test proves nothing about them.
        #expect(
            report.killsDuringSave >= iterations / 2,
            "only \(report.killsDuringSave) of \(report.kills) kills landed during a save")

        // One more save completes and removes what the killed saves left beside the package.
        let final = try HelperProcess.run(
            "wrapper-write-loop", [setup.package.path, "1"], environment: setup.environment)
        #expect(final.status == 0, "\(final.standardError)")
        #expect(try setup.items() == ["Saved.genpkg"])
        guard case .whole = GenerationPackage.state(at: setup.package) else {
            Issue.record("the package is \(GenerationPackage.state(at: setup.package))")
            return
        }
    }

    @Test func killsDuringSavesThatChangeOneMemberLeaveTheOldMemberOrTheNewOneAndNoTemporaryInside() throws {
        // A partial a.txt, a temporary file inside the package or a lost member makes the package "damaged".
        let (setup, packageInode) = try killMemberSaves("member-kill", changing: 1, seed: 0x5AFE_0002)
        // Every save replaced the member in place: a rebuilt package would stand in a new folder.
        #expect(try FileTree.inode(setup.package) == packageInode)
    }

    @Test func killsDuringSavesThatChangeTwoMembersLeaveTheOldPackageOrTheNewOne() throws {
        let (setup, packageInode) = try killMemberSaves("two-member-kill", changing: 2, seed: 0x5AFE_0003)
        // Two changed members are never renamed in one by one: the whole package was swapped in.
        #expect(try FileTree.inode(setup.package) != packageInode)
    }

    /// Kills `wrapper-member-write-loop` saves that change `changing` members at random moments, checks that
    /// every kill left a whole package and that one more save completes, and returns the setup with the
    /// package folder's inode from before the first save.
    private func killMemberSaves(_ name: String, changing: Int, seed: UInt64) throws -> (SaveKillSetup, UInt64) {
        let setup = try SaveKillSetup(name, changing: changing)
        let packageInode = try FileTree.inode(setup.package)
        var generator = SeededGenerator(seed: seed)
        let harness = SaveKillHarness(
            mode: "wrapper-member-write-loop", package: setup.package, environment: setup.environment,
            maximumDelay: 0.03, changing: changing)
        let iterations = SaveKillHarness.iterations
        let report = try harness.run(iterations: iterations, generator: &generator)
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
        #expect(report.kills >= iterations * 9 / 10, "only \(report.kills) kills landed")
        #expect(
            report.killsDuringSave >= iterations / 2,
            "only \(report.killsDuringSave) of \(report.kills) kills landed during a save")

        let final = try HelperProcess.run(
            "wrapper-member-write-loop", [setup.package.path, "1", "\(changing)"], environment: setup.environment)
        #expect(final.status == 0, "\(final.standardError)")
        #expect(try setup.items() == ["Saved.genpkg"])
        let state = GenerationPackage.state(at: setup.package, changing: changing)
        guard case .whole = state else {
            Issue.record("the package is \(state)")
            return (setup, packageInode)
        }
        return (setup, packageInode)
    }

    @Test func aSaveThatRunsOutOfSpaceLeavesTheOldPackageAndNamesTheFile() throws {
        let setup = try SaveKillSetup("wrapper-full")
        let before = try FileTree.snapshot(setup.package)
        // Members are about 4 KB: the first member written passes the limit.
        let result = try HelperProcess.run(
            "wrapper-write-limited", [setup.package.path, "1000", "as-is"], environment: setup.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("failed: \(setup.package.path)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[filewrapper.write.file-too-large]"), "\(result.standardOutput)")
        #expect(try FileTree.snapshot(setup.package) == before)
        #expect(try setup.items() == ["Saved.genpkg"])
        // Without the limit the same save succeeds: the limit, not the helper, made it fail.
        let unlimited = try HelperProcess.run(
            "wrapper-write-limited", [setup.package.path, "0", "as-is"], environment: setup.environment)
        #expect(unlimited.standardOutput == "saved 1\n", "\(unlimited.standardError)")
    }

    @Test func aOneMemberSaveThatRunsOutOfSpaceLeavesTheOldPackageAndNamesTheFile() throws {
        let setup = try SaveKillSetup("member-full", changing: 1)
        let before = try FileTree.snapshot(setup.package)
        let result = try HelperProcess.run(
            "wrapper-write-limited", [setup.package.path, "1000", "as-is", "1"], environment: setup.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("failed: \(setup.package.path)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[filewrapper.write.file-too-large]"), "\(result.standardOutput)")
        #expect(try FileTree.snapshot(setup.package) == before)
        #expect(try setup.items() == ["Saved.genpkg"])
        let packageInode = try FileTree.inode(setup.package)
        let unlimited = try HelperProcess.run(
            "wrapper-write-limited", [setup.package.path, "0", "as-is", "1"], environment: setup.environment)
        #expect(unlimited.standardOutput == "saved 1\n", "\(unlimited.standardError)")
        #expect(try FileTree.inode(setup.package) == packageInode)
    }

    @Test func aOneMemberSaveIntoAPackageThatMayNotBeWrittenLeavesItAndNamesTheFile() throws {
        let setup = try SaveKillSetup("member-denied", changing: 1)
        let before = try FileTree.snapshot(setup.package)
        // Neither the member's folder (the package) nor the folder around it may be written.
        for url in [setup.documents, setup.package] {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: url.path)
        }
        defer {
            for url in [setup.documents, setup.package] {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            }
        }
        let result = try HelperProcess.run(
            "wrapper-write-limited", [setup.package.path, "0", "as-nobody", "1"], environment: setup.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "failed: \(setup.package.path): permission to write there was denied [filewrapper.write.permission-denied]"
            ),
            "\(result.standardOutput)")
        #expect(try FileTree.snapshot(setup.package) == before)
        #expect(try setup.items() == ["Saved.genpkg"])
    }

    @Test func aSaveIntoAFolderThatMayNotBeWrittenLeavesTheOldPackageAndNamesTheFile() throws {
        let setup = try SaveKillSetup("wrapper-denied")
        let before = try FileTree.snapshot(setup.package)
        // Root ignores permission bits: the helper then drops to user 65534 before it writes.
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: setup.documents.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: setup.documents.path) }
        let result = try HelperProcess.run(
            "wrapper-write-limited", [setup.package.path, "0", "as-nobody"], environment: setup.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "failed: \(setup.package.path): permission to write there was denied [filewrapper.write.permission-denied]"
            ),
            "\(result.standardOutput)")
        #expect(try FileTree.snapshot(setup.package) == before)
        #expect(try setup.items() == ["Saved.genpkg"])
    }

    @Test func aFolderLeftByAKilledSaveIsRemovedButOneInUseOrHoldingTheOldItemIsKept() throws {
        let folder = try TemporaryDirectory("save-folders")
        let parent = try FileDescriptor.openDirectory(atPath: folder.url.path)
        // A process id that is not running: the highest possible one, above pid_max.
        let abandoned = ".docmigrate-save-4194305-abc"
        let abandonedWithOldItem = ".docmigrate-save-4194305-def"
        let notOurs = ".docmigrate-save-xyz"
        for name in [abandoned, abandonedWithOldItem, notOurs] {
            try FileManager.default.createDirectory(
                at: folder.appending(name + "/Doc.pkg"), withIntermediateDirectories: true)
        }
        try Data("old".utf8).write(to: folder.appending(abandonedWithOldItem + "/previous"))
        let live = try SaveFolder(in: parent)
        #expect(live.name.hasPrefix(".docmigrate-save-\(ProcessInfo.processInfo.processIdentifier)-"))
        var names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names == [abandonedWithOldItem, live.name, notOurs].sorted())
        // A folder whose owner looks gone but whose lock is held (a process in another PID namespace) is kept.
        let locked = ".docmigrate-save-4194306-ghi"
        try FileManager.default.createDirectory(at: folder.appending(locked), withIntermediateDirectories: true)
        let holder = try FileDescriptor.openDirectory(atPath: folder.appending(locked).path)
        #expect(flock(holder.raw, LOCK_EX | LOCK_NB) == 0)
        SaveFolder.removeAbandoned(in: try FileDescriptor.openDirectory(atPath: folder.url.path))
        names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names.contains(locked) && names.contains(live.name))
        _ = holder
    }
}
