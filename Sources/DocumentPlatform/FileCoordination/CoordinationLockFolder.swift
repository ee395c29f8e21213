#if !canImport(Darwin)
import Foundation

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
/// derives the same file. Lock files are empty and are never deleted: deleting one while
/// another process is about to lock it would let two processes lock two different files.
struct CoordinationLockFolder: Sendable {
    /// The environment variable that overrides the folder.
    static let environmentVariable = "DOCMIGRATE_COORDINATION_DIRECTORY"

    let path: String

    /// The folder for this process: made once, on first use.
    static let shared: Result<CoordinationLockFolder, FileCoordinationError> = {
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
    }()

    /// Makes the folder if needed and checks that it can be trusted.
    static func prepare(_ folder: String, mustBePrivate: Bool) throws -> CoordinationLockFolder {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw FileCoordinationError.lockFolderUnusable(folder, "it could not be created (\(error.localizedDescription))")
        }
        // attributesOfItem does not follow a final symbolic link, so a planted link is refused.
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try fileManager.attributesOfItem(atPath: folder)
        } catch {
            throw FileCoordinationError.lockFolderUnusable(folder, "its attributes could not be read (\(error.localizedDescription))")
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

    /// `<FNV-1a-64 hex>.lock` for a lock name.
    static func fileName(for name: String) -> String {
        let hex = String(StableDigest.of(name), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".lock"
    }

}
#endif
