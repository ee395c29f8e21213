import Foundation
import TestSupport
import Testing

@testable import DocumentPlatform
@testable import SystemSeam

/// Lock files stay open, unlocked, between claims; a deleted one is never reused.
@Suite struct CoordinationLockFileReuseTests {
    /// The lock file of the item lock on `url` in this process's lock folder.
    static func itemLockFile(of url: URL) throws -> String {
        let folder = try CoordinationLockFolder.shared.get()
        return folder.lockFilePath(for: CoordinationLock(scope: .item, path: CoordinationPath.canonical(url)).name)
    }

    @Test func aReleasedClaimLeavesItsLockFileFreeForAnotherDescriptor() throws {
        let folder = try TemporaryDirectory("coordination-reuse")
        let file = folder.appending("free.txt")
        var ran = false
        NSFileCoordinator().coordinate(writingItemAt: file, error: nil) { _ in ran = true }
        #expect(ran)
        // The file stays open in this process but unlocked: a lock through another open file
        // description (what another process would hold) is granted at once.
        let other = try POSIXFileLock(path: try Self.itemLockFile(of: file))
        #expect(try other.tryLock(.exclusive) == .acquired)
        // And while that other description holds it, this process's coordinators wait for it.
        let writer = NSFileCoordinatorTests.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(writingItemAt: file, error: nil) { _ in entered.raise() }
        }
        #expect(!writer.entered, "a coordinator got in while another description held the lock file")
        try other.unlock()
        #expect(finishes(writer.done, within: 5))
    }

    @Test func aDeletedLockFileIsMadeAgainNotReused() throws {
        let folder = try TemporaryDirectory("coordination-reuse")
        let file = folder.appending("cleaned.txt")
        let lockFile = try Self.itemLockFile(of: file)
        // Checked while the claim is held: an unused lock file may be deleted at any moment after it
        // (by this process's idle cache or another process's sweep), never while someone holds it.
        var existed = false
        NSFileCoordinator().coordinate(readingItemAt: file, error: nil) { _ in
            existed = FileManager.default.fileExists(atPath: lockFile)
        }
        #expect(existed)
        // A cleaner of the temporary folder removes it; the open descriptor this process kept
        // now names a file no other process can reach.
        try? FileManager.default.removeItem(atPath: lockFile)
        NSFileCoordinator().coordinate(writingItemAt: file, error: nil) { _ in
            #expect(FileManager.default.fileExists(atPath: lockFile), "the claim locked the deleted file")
        }
    }

    @Test func defaultPurposesAreRandomVersionFourUUIDs() {
        var seen: Set<String> = []
        for _ in 0..<500 {
            let uuid = CoordinatorCore.randomUUID().uuidString
            let characters = Array(uuid)
            #expect(characters.count == 36)
            #expect(characters[14] == "4")
            #expect("89AB".contains(characters[19]))
            seen.insert(uuid)
        }
        #expect(seen.count == 500)
        #expect(NSFileCoordinator().purposeIdentifier.hasPrefix("docmigrate.file-coordinator."))
    }
}
