// The one seam for the temporary folders that atomic saves build their new item in: making one that
// a live save owns, and removing the ones that a killed save left behind.
#if !canImport(Darwin)
#if canImport(Glibc)
import Glibc
#endif

/// A temporary folder beside a destination, owned by the running save until it is released.
///
/// A save killed at any instant leaves the old item or the new one in place, but it may also leave
/// its folder beside them. Such an abandoned folder is removed by the next save into the same
/// folder: its name carries the saving process's id, and the save holds an exclusive `flock` on
/// it for as long as it runs, so a folder is abandoned when nobody holds that lock and its process
/// is gone. Both checks are needed: the lock is taken a moment after the folder is made, and a
/// process id can belong to another PID namespace. A folder that holds `previous` or
/// `previous-item` is never removed: on a file system that cannot swap two folders, a save killed
/// between its two renames leaves the old item there, and it may be the only copy.
package final class SaveFolder: @unchecked Sendable {
    // @unchecked: every stored property is an immutable `let`, and the descriptor is used only to hold
    // the lock, which it keeps until it is closed in its own deinit; no method touches it afterwards.

    /// The name every save folder starts with (followed by the process id, `-` and a random suffix).
    package static let prefix = ".docmigrate-save-"

    /// The folder's name inside its parent.
    package let name: String
    /// The open folder, locked while this object lives.
    package let descriptor: FileDescriptor

    /// Removes the folders that killed saves left in `parent`, then makes and locks a new one.
    package init(in parent: FileDescriptor) throws {
        Self.removeAbandoned(in: parent)
        let name = try parent.makeUniqueDirectory(prefix: Self.prefix + String(getpid()) + "-")
        do {
            let descriptor = try parent.openDirectory(named: name)
            guard flock(descriptor.raw, LOCK_EX | LOCK_NB) == 0 else {
                throw FileSystemError(operation: "flock", path: descriptor.path, errorNumber: errno)
            }
            self.name = name
            self.descriptor = descriptor
        } catch {
            try? parent.removeTree(named: name)
            throw error
        }
    }

    /// Removes every save folder in `parent` whose save was killed; leaves everything else alone.
    package static func removeAbandoned(in parent: FileDescriptor) {
        guard let entries = try? parent.entryNames() else { return }
        for bytes in entries {
            guard let name = String(validating: bytes, as: UTF8.self), let owner = owner(ofFolderNamed: name),
                owner != getpid(), !isRunning(owner)
            else { continue }
            // Opened without following a link, so a link with a save folder's name is never entered.
            guard let folder = try? parent.openDirectory(named: name),
                flock(folder.raw, LOCK_EX | LOCK_NB) == 0,
                isAbsent("previous", in: folder), isAbsent("previous-item", in: folder)
            else { continue }
            try? parent.removeTree(named: name)
        }
    }

    /// The process id in a save folder's name, or nil for any other name.
    static func owner(ofFolderNamed name: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), let processID = Int32(rest[..<dash]), processID > 0 else {
            return nil
        }
        return processID
    }

    /// Whether `folder` surely has no entry `name` (an entry that cannot be checked counts as present).
    private static func isAbsent(_ name: String, in folder: FileDescriptor) -> Bool {
        do {
            return try folder.status(ofEntry: name) == nil
        } catch {
            return false
        }
    }

    /// Whether a process with this id exists (one we may not signal exists too).
    private static func isRunning(_ processID: Int32) -> Bool {
        kill(processID, 0) == 0 || errno != ESRCH
    }
}
#endif
