// The seam through which the converter's walk lists a folder together with what each directory
// entry already says about its item: its kind (`d_type`) and inode number (`d_ino`). A walk of a
// tree of small files paid one `fstatat` per file only to learn that it is a regular file; the
// directory entry says so for free on ext4, XFS, Btrfs and tmpfs. Entries whose kind the file
// system leaves unknown (`DT_UNKNOWN`) are reported as such, so that the caller takes their status.
// The folder stays open while its entries are handled, so a status is looked up by name in it
// rather than by the whole path.
#if !canImport(Darwin)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder opened and listed once: its entries (raw names, without `.` and `..`, in the order the
/// file system lists them) with their kind and inode number as the directory records them.
package final class ListedFolder {
    /// One entry of the folder, as its directory entry records it.
    package struct Entry: Sendable, Equatable {
        /// The entry's name (raw bytes, no separators).
        package var name: [UInt8]
        /// The kind the directory entry records, never following a symbolic link; nil when the file
        /// system does not record it (`DT_UNKNOWN`), and the caller must take the status.
        package var kind: FileStatus.Kind?
        /// The inode number the directory entry records.
        ///
        /// It is the item's own inode number except where another file system is mounted on the
        /// entry, where it is the inode underneath the mount.
        package var inode: UInt64
    }

    /// The path the folder was opened at, for messages.
    package let path: [UInt8]
    /// The folder's entries, in the order the file system lists them.
    package let entries: [Entry]
    private let stream: OpaquePointer

    private static func cString(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

    /// Opens and lists the folder at `path` (following links to it, as `opendir` does).
    ///
    /// Throws a `FileSystemError` naming `opendir` or `readdir`, as `ByteNamedFiles.names(inFolder:)` does.
    package init(listing path: [UInt8]) throws {
        self.path = path
        guard let stream = opendir(Self.cString(path.isEmpty ? Array(".".utf8) : path)) else {
            throw FileSystemError(operation: "opendir", path: String(decoding: path, as: UTF8.self), errorNumber: errno)
        }
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                let error = errno
                if error != 0 {
                    closedir(stream)
                    throw FileSystemError(operation: "readdir", path: String(decoding: path, as: UTF8.self), errorNumber: error)
                }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in Array(buffer.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            entries.append(Entry(name: name, kind: Self.kind(entry.pointee.d_type), inode: UInt64(entry.pointee.d_ino)))
        }
        self.stream = stream
        self.entries = entries
    }

    deinit {
        closedir(stream)
    }

    /// The kind a directory entry's `d_type` records; nil for `DT_UNKNOWN`.
    static func kind(_ type: UInt8) -> FileStatus.Kind? {
        switch Int32(type) {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN): return nil
        default: return .other
        }
    }

    /// The status of the entry `name` (not following a final link), or nil when nothing is there.
    package func status(ofEntry name: [UInt8]) throws -> FileStatus? {
        var raw = stat()
        guard fstatat(dirfd(stream), Self.cString(name), &raw, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            let full = path.isEmpty ? name : (path.last == 0x2F ? path + name : path + [0x2F] + name)
            throw FileSystemError(operation: "lstat", path: String(decoding: full, as: UTF8.self), errorNumber: errno)
        }
        return FileStatus(raw)
    }
}
#endif
