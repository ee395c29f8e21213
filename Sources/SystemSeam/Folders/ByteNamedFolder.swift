// The seam through which the batch converter renames entries of a folder it opened once, by name alone.
// A job renames thousands of outputs into a few folders: renaming by full path looks every component of
// both paths up again each time, while `renameat2` on an open folder looks up the two names only. The
// folder is the one that was there when it was opened: a folder swapped for a symbolic link afterwards
// is not followed to wherever the link leads.
#if !canImport(Darwin)
import CDocumentPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An open folder whose entries are renamed by their names (raw bytes, no separators).
package final class ByteNamedFolder {
    /// The path the folder was opened at, for messages.
    package let path: [UInt8]
    private let descriptor: Int32

    private static func cString(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

    private func failure(_ operation: String, _ name: [UInt8], _ errorNumber: Int32 = errno) -> FileSystemError {
        let full = path.isEmpty ? name : (path.last == 0x2F ? path + name : path + [0x2F] + name)
        return FileSystemError(
            operation: operation, path: String(decoding: full, as: UTF8.self), errorNumber: errorNumber)
    }

    /// Opens the folder at `path` (following links to it, as a path given by the user is followed).
    package init(opening path: [UInt8]) throws {
        self.path = path
        var descriptor: Int32
        repeat {
            descriptor = open(Self.cString(path.isEmpty ? Array(".".utf8) : path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        } while descriptor == -1 && errno == EINTR
        guard descriptor >= 0 else {
            throw FileSystemError(operation: "open", path: String(decoding: path, as: UTF8.self), errorNumber: errno)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Renames the entry `name` to `newName` in this folder; fails with `EEXIST` when `newName` exists.
    ///
    /// Where the kernel or file system cannot rename without replacing, a file is hard-linked (which
    /// refuses an existing name just as atomically) and the old name unlinked, as `ByteNamedFiles.rename` does.
    package func renameWithoutReplacing(_ name: [UInt8], to newName: [UInt8]) throws {
        let source = Self.cString(name)
        let destination = Self.cString(newName)
        if docmigrate_rename_noreplace(descriptor, source, descriptor, destination) == 0 { return }
        let error = errno
        guard error == ENOSYS || error == EINVAL else { throw failure("renameat2(RENAME_NOREPLACE)", newName, error) }
        guard linkat(descriptor, source, descriptor, destination, 0) == 0 else { throw failure("link", newName) }
        unlinkat(descriptor, source, 0)
    }

    /// The status of the entry `name` (not following a final link), or nil when nothing is there.
    package func status(ofEntry name: [UInt8]) throws -> FileStatus? {
        var raw = stat()
        guard fstatat(descriptor, Self.cString(name), &raw, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw failure("lstat", name)
        }
        return FileStatus(raw)
    }
}
#endif
