#if !canImport(Darwin)
import Foundation
import SystemSeam

/// The folder of sidecar lock files through which processes coordinate, and the names in it.
///
/// Lock files never go inside the user's items: a package must not gain members because it
/// was read. They live in one folder per user:
/// - `$DOCMIGRATE_COORDINATION_DIRECTORY` when that variable is set and not empty (created if
///   missing; the caller answers for its safety), otherwise
/// - `$TMPDIR/docmigrate-coordination-<uid>` (`/tmp` when `TMPDIR` is unset), created with mode
///   0700 and refused unless it is a real directory owned by this user that nobody else can write.
///
/// The folder is read from the environment once per process. **Processes coordinate only
/// if they agree on the folder**; tests set the variable to isolate themselves.
///
/// A lock file is named `<FNV-1a-64 of the lock's name, 16 lowercase hex digits>.lock`, where
/// the name is `item:<canonical path>` or `tree:<canonical path>` in UTF-8. The hash is fixed
/// and documented (never Swift's `Hasher`, which is seeded per process) so that every process
/// derives the same file. Lock files are empty.
///
/// Lock files are deleted when unused, under a protocol that keeps two processes from ever
/// locking two different files for one lock (which deleting a file another process has opened
/// but not yet locked would otherwise allow):
/// - a file is deleted (unlinked) only by a process holding an exclusive OFD lock on it, and
///   never renamed over;
/// - a process that newly locks a file checks that it is still linked (`fstat` link count above
///   zero); if not, it was deleted between the open and the lock, so the process closes it and
///   opens the path again (O_CREAT). While a process holds a lock, nobody can delete the file, so
///   a linked file it holds is the file at the path.
///
/// A process deletes a lock file when it drops it from its few idle open files (see
/// `CoordinationLockTable.idleFileLimit`), if no other process holds it; if one does, the file
/// stays for that one to delete later. What processes leave behind at exit (their idle files) is removed by the
/// sweep each process makes of the folder when it first uses it (`sweep(limit:)`), which looks at
/// a bounded number of entries, so the folder shrinks over runs without any run paying for all of it.
struct CoordinationLockFolder: Sendable {
    /// The environment variable that overrides the folder.
    static let environmentVariable = "DOCMIGRATE_COORDINATION_DIRECTORY"

    let path: String

    /// The folder for this process: made and swept (`sweep(limit:)`) once, on first use.
    static let shared: Result<CoordinationLockFolder, FileCoordinationError> = {
        let folder = locate()
        if case .success(let found) = folder { found.sweep() }
        return folder
    }()

    /// The folder the environment names, made if missing and checked.
    private static func locate() -> Result<CoordinationLockFolder, FileCoordinationError> {
        let environment = ProcessInfo.processInfo.environment
        if let configured = environment[environmentVariable], !configured.isEmpty {
            return Result { try prepare(configured, mustBePrivate: false) }
                .mapError { $0 as? FileCoordinationError ?? .lockFolderUnusable(configured, "\($0)") }
        }
        var temporary = environment["TMPDIR"] ?? "/tmp"
        if temporary.isEmpty { temporary = "/tmp" }
        let folder = URL(fileURLWithPath: temporary)
            .appendingPathComponent("docmigrate-coordination-\(POSIXFileLock.currentUserID)").path
        return Result { try prepare(folder, mustBePrivate: true) }
            .mapError { $0 as? FileCoordinationError ?? .lockFolderUnusable(folder, "\($0)") }
    }

    /// Makes the folder if needed and checks that it can be trusted.
    static func prepare(_ folder: String, mustBePrivate: Bool) throws -> CoordinationLockFolder {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw FileCoordinationError.lockFolderUnusable(
                folder, "it could not be created (\(error.localizedDescription))")
        }
        // attributesOfItem does not follow a final symbolic link, so a planted link is refused.
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try fileManager.attributesOfItem(atPath: folder)
        } catch {
            throw FileCoordinationError.lockFolderUnusable(
                folder, "its attributes could not be read (\(error.localizedDescription))")
        }
        guard attributes[.type] as? FileAttributeType == .typeDirectory else {
            throw FileCoordinationError.lockFolderUnusable(folder, "it is not a directory")
        }
        if mustBePrivate {
            let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value
            guard owner == POSIXFileLock.currentUserID else {
                throw FileCoordinationError.lockFolderUnusable(folder, "it belongs to another user")
            }
            let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
            guard permissions & 0o022 == 0 else {
                throw FileCoordinationError.lockFolderUnusable(
                    folder, "others can write to it (mode \(String(permissions, radix: 8)))")
            }
        }
        guard fileManager.isWritableFile(atPath: folder) else {
            throw FileCoordinationError.lockFolderUnusable(folder, "it is not writable")
        }
        return CoordinationLockFolder(path: folder)
    }

    /// The path of the lock file for a lock name.
    func lockFilePath(for name: String) -> String {
        path + "/" + Self.fileName(for: name)
    }

    /// How many folder entries one sweep looks at.
    ///
    /// A process leaves at most `CoordinationLockTable.idleFileLimit` files behind, so each sweep
    /// removes far more than a run adds, while looking at 1,024 entries costs a few milliseconds
    /// even in a folder that older versions filled with a million files.
    static let sweepLimit = 1024

    /// Deletes unused lock files among the first `limit` entries of the folder; how many it deleted.
    ///
    /// Each one is opened (never created), locked exclusively without waiting, and unlinked only
    /// if that lock was granted and the file is still linked; a file another process holds, or
    /// has just deleted, is left alone. Other names in the folder are never touched.
    @discardableResult
    func sweep(limit: Int = sweepLimit) -> Int {
        var removed = 0
        for name in POSIXFileLock.entryNames(in: path, endingWith: ".lock", limit: limit)
        where Self.isLockFileName(name) {
            let lockFile = path + "/" + name
            guard let file = POSIXFileLock(existingAt: lockFile) else { continue }
            if file.removeIfUnused(at: lockFile) { removed += 1 }
        }
        return removed
    }

    /// Whether `name` has the form of a lock file's name: 16 lowercase hex digits and `.lock`.
    static func isLockFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 21, name.hasSuffix(".lock") else { return false }
        return bytes.prefix(16).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `<FNV-1a-64 hex>.lock` for a lock name.
    static func fileName(for name: String) -> String {
        let hex = String(StableDigest.of(name), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".lock"
    }

}
#endif
