#if !canImport(Darwin)
import Foundation
@testable import SystemSeam
import TestSupport
import Testing

@testable import DocumentPlatform

/// Lock files are deleted when unused, and deleting them never lets two processes hold one lock.
@Suite struct CoordinationLockFileDeletionTests {
    /// The lock files (`<16 hex>.lock`) in `folder`.
    static func lockFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(CoordinationLockFolder.isLockFileName)
            .sorted()
    }

    /// A claim on each of `items`, each taken and released in turn through `table`.
    static func claimEach(_ items: [URL], table: CoordinationLockTable, folder: CoordinationLockFolder) throws {
        for item in items {
            var claim = CoordinationClaim()
            claim.add(path: CoordinationPath.canonical(item), mode: .exclusive, excludesContents: false)
            let token = table.makeToken()
            try table.acquire(claim, token: token, purpose: "deletion-test", folder: folder, isCancelled: { false })
            table.release(claim, token: token)
        }
    }

    @Test func releasedClaimsLeaveOnlyTheIdleFilesAndThoseCanBeRemoved() throws {
        let folder = try TemporaryDirectory("coordination-deletion")
        let locks = folder.appending("locks")
        let lockFolder = try CoordinationLockFolder.prepare(locks.path, mustBePrivate: false)
        let table = CoordinationLockTable()
        // 40 items in one folder: 40 item locks plus the tree locks of the shared ancestors.
        let items = (0..<40).map { folder.appending("item-\($0).txt") }
        try Self.claimEach(items, table: table, folder: lockFolder)
        #expect(table.entryCount == 0)
        // Without deletion there would be one file per lock, over 40; the evicted ones are gone.
        let left = try Self.lockFiles(in: locks)
        #expect(left.count == CoordinationLockTable.idleFileLimit, "\(left.count) lock files left")
        // The most recently released item's lock file is among the idle ones kept for reuse.
        let newest = lockFolder.lockFilePath(
            for: CoordinationLock(scope: .item, path: CoordinationPath.canonical(items[39])).name)
        #expect(FileManager.default.fileExists(atPath: newest))
        #expect(table.removeIdleFiles() == CoordinationLockTable.idleFileLimit)
        #expect(try Self.lockFiles(in: locks) == [])
        // Claims after the cleanup make their files again and work as before.
        try Self.claimEach([items[0]], table: table, folder: lockFolder)
        #expect(table.removeIdleFiles() > 0)
        #expect(try Self.lockFiles(in: locks) == [])
    }

    @Test func anIdleFileAnotherDescriptionHoldsIsNotDeleted() throws {
        let folder = try TemporaryDirectory("coordination-deletion")
        let locks = folder.appending("locks")
        let lockFolder = try CoordinationLockFolder.prepare(locks.path, mustBePrivate: false)
        let table = CoordinationLockTable()
        let item = folder.appending("held.txt")
        try Self.claimEach([item], table: table, folder: lockFolder)
        let lockFile = lockFolder.lockFilePath(
            for: CoordinationLock(scope: .item, path: CoordinationPath.canonical(item)).name)
        // Another open file description (as another process would have) holds it shared.
        let other = try POSIXFileLock(path: lockFile)
        #expect(try other.tryLock(.shared) == .acquired)
        table.removeIdleFiles()
        #expect(FileManager.default.fileExists(atPath: lockFile), "a lock file someone held was deleted")
        #expect(
            try Self.lockFiles(in: locks) == [
                CoordinationLockFolder.fileName(
                    for: CoordinationLock(scope: .item, path: CoordinationPath.canonical(item)).name)
            ])
    }

    @Test func aLockTakenOnADeletedFileIsRetakenOnTheFileAtThePath() throws {
        let folder = try TemporaryDirectory("coordination-deletion")
        let locks = folder.appending("locks")
        let lockFolder = try CoordinationLockFolder.prepare(locks.path, mustBePrivate: false)
        let table = CoordinationLockTable()
        let item = folder.appending("raced.txt")
        let lockFile = lockFolder.lockFilePath(
            for: CoordinationLock(scope: .item, path: CoordinationPath.canonical(item)).name)
        var building = CoordinationClaim()
        building.add(path: CoordinationPath.canonical(item), mode: .exclusive, excludesContents: false)
        let claim = building
        // Another holder keeps the file busy, so the table's waiting writer keeps it open unlocked.
        var holder: POSIXFileLock? = try POSIXFileLock(path: lockFile)
        #expect(try holder?.tryLock(.exclusive) == .acquired)
        let token = table.makeToken()
        let acquired = Flag()
        startThread {
            try? table.acquire(claim, token: token, purpose: "waiting", folder: lockFolder, isCancelled: { false })
            acquired.raise()
        }
        Thread.sleep(forTimeInterval: 0.05)
        // The holder deletes the file and lets go; a third description makes the path's new file and holds it.
        #expect(holder?.removeIfUnused(at: lockFile) == true)
        let newcomer = try POSIXFileLock(path: lockFile)
        #expect(try newcomer.tryLock(.exclusive) == .acquired)
        holder = nil
        // The waiter's old file is free now, but locking it would be locking a file nobody else can see.
        #expect(!acquired.wait(seconds: 0.3), "the table took a lock on a deleted file while the path's file was held")
        try newcomer.unlock()
        #expect(acquired.wait(seconds: 5))
        table.release(claim, token: token)
    }

    @Test func theSweepRemovesStaleFilesAndLeavesHeldOnesAndOtherNames() throws {
        let folder = try TemporaryDirectory("coordination-deletion")
        let locks = folder.appending("locks")
        let lockFolder = try CoordinationLockFolder.prepare(locks.path, mustBePrivate: false)
        // Another process holds a read of an item, and with it its item and tree lock files.
        let item = folder.appending("held.txt")
        let child = try CoordinationChild("coordinated-hold-read", [item.path, "3000"], lockFolder: locks)
        defer { _ = child.finish(within: 10) }
        #expect(child.waitForLine("holding"))
        // Made after the child's own first sweep of the folder.
        let stale = (0..<5).map { lockFolder.lockFilePath(for: "item:/stale/\($0)") }
        for path in stale { try Data().write(to: URL(fileURLWithPath: path)) }
        try Data("keep".utf8).write(to: locks.appendingPathComponent("notes.lock.txt"))
        try Data("keep".utf8).write(to: locks.appendingPathComponent("NOT-HEX-NAME-16C.lock"))
        let heldItemFile = CoordinationLockFolder.fileName(
            for: CoordinationLock(scope: .item, path: CoordinationPath.canonical(item)).name)
        let before = try Self.lockFiles(in: locks)
        #expect(before.contains(heldItemFile))
        let removed = lockFolder.sweep()
        let after = try Self.lockFiles(in: locks)
        #expect(removed >= stale.count)
        for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "stale \(path) survived") }
        #expect(after.contains(heldItemFile), "the sweep deleted a lock file another process holds")
        #expect(FileManager.default.fileExists(atPath: locks.appendingPathComponent("notes.lock.txt").path))
        #expect(FileManager.default.fileExists(atPath: locks.appendingPathComponent("NOT-HEX-NAME-16C.lock").path))
        // A sweep that may look at only one entry looks at no more.
        for path in stale { try Data().write(to: URL(fileURLWithPath: path)) }
        #expect(lockFolder.sweep(limit: 1) <= 1)
    }

    /// Two processes write and read the same items while each deletes its idle lock files after every claim.
    @Test func deletingLockFilesNeverLetsTwoProcessesInAtOnce() throws {
        let folder = try TemporaryDirectory("coordination-deletion")
        let locks = folder.appending("locks")
        let items = 2
        for index in 0..<items {
            try Data("-".utf8).write(to: folder.appending("item-\(index)"))
            try Data("0".utf8).write(to: folder.appending("item-\(index).count"))
        }
        let iterations = "900"
        let first = try CoordinationChild(
            "coordinated-churn", [folder.url.path, "\(items)", iterations], lockFolder: locks)
        let second = try CoordinationChild(
            "coordinated-churn", [folder.url.path, "\(items)", iterations], lockFolder: locks)
        let firstResult = first.finish(within: 60)
        let secondResult = second.finish(within: 60)
        #expect(!firstResult.timedOut && !secondResult.timedOut)
        #expect(firstResult.status == 0 && secondResult.status == 0, "\(firstResult.error) \(secondResult.error)")
        #expect(count("violations", in: firstResult.output) == 0, "\(firstResult.output)")
        #expect(count("violations", in: secondResult.output) == 0, "\(secondResult.output)")
        let writes = (count("writes", in: firstResult.output) ?? 0) + (count("writes", in: secondResult.output) ?? 0)
        #expect(writes == 1200)
        var counted = 0
        for index in 0..<items {
            counted +=
                Int(String(decoding: try Data(contentsOf: folder.appending("item-\(index).count")), as: UTF8.self)) ?? 0
        }
        // A lost update means two writers were inside at once.
        #expect(counted == writes, "counters add up to \(counted) after \(writes) writes")
    }
}
#endif
