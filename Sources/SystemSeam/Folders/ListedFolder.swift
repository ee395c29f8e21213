// The seam through which the converter's walk lists a folder together with what each directory
// entry already says about its item: its kind (`d_type`) and inode number (`d_ino`). A walk of a
// tree of small files paid one `fstatat` per file only to learn that it is a regular file; the
// directory entry says so for free on ext4, XFS, Btrfs and tmpfs. Entries whose kind the file
// system leaves unknown (`DT_UNKNOWN`) are reported as such, so that the caller takes their status.
// The folder stays open while its entries are handled, so a status is looked up by name in it
// rather than by the whole path. The job's streamed digest and copy of a package walk it the same
// way, member folders listed, files opened and links read by name in their open folder and never
// through a link, as `FileWrapper` reads a package.
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
        self.entries = try Self.entries(of: stream, path: path)
        self.stream = stream
    }

    /// Opens and lists the folder `name` of `parent`, by name in the open parent and never following a
    /// link there, so that a walk of a package stays inside it whatever is renamed meanwhile.
    ///
    /// A link (or anything else but a folder) at `name` fails `open` with `ELOOP` or `ENOTDIR`, as
    /// `FileWrapper` reading a package refuses it.
    package init(listing name: [UInt8], in parent: ListedFolder) throws {
        let path = parent.childPath(name)
        self.path = path
        var descriptor: Int32
        repeat {
            descriptor = openat(parent.descriptor, Self.cString(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        } while descriptor == -1 && errno == EINTR
        guard descriptor >= 0 else {
            throw FileSystemError(operation: "open", path: String(decoding: path, as: UTF8.self), errorNumber: errno)
        }
        guard let stream = fdopendir(descriptor) else {
            let error = errno
            close(descriptor)
            throw FileSystemError(
                operation: "fdopendir", path: String(decoding: path, as: UTF8.self), errorNumber: error)
        }
        self.entries = try Self.entries(of: stream, path: path)
        self.stream = stream
    }

    /// Reads every entry of the open `stream` but `.` and `..`; closes it when reading fails.
    private static func entries(of stream: OpaquePointer, path: [UInt8]) throws -> [Entry] {
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                let error = errno
                if error != 0 {
                    closedir(stream)
                    throw FileSystemError(
                        operation: "readdir", path: String(decoding: path, as: UTF8.self), errorNumber: error)
                }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in Array(buffer.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            entries.append(Entry(name: name, kind: Self.kind(entry.pointee.d_type), inode: UInt64(entry.pointee.d_ino)))
        }
        return entries
    }

    /// The open folder's descriptor, for opening its entries by name (see
    /// `ByteNamedStream.openRegularFile(named:in:)`).
    var descriptor: Int32 { dirfd(stream) }

    /// The path of the entry `name`, for messages.
    func childPath(_ name: [UInt8]) -> [UInt8] {
        path.isEmpty ? name : (path.last == 0x2F ? path + name : path + [0x2F] + name)
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
        guard fstatat(descriptor, Self.cString(name), &raw, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileSystemError(
                operation: "lstat", path: String(decoding: childPath(name), as: UTF8.self), errorNumber: errno)
        }
        return FileStatus(raw)
    }

    /// The status of the open folder itself: the one listed, whatever its path names now.
    package func status() throws -> FileStatus {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else {
            throw FileSystemError(operation: "fstat", path: String(decoding: path, as: UTF8.self), errorNumber: errno)
        }
        return FileStatus(raw)
    }

    /// The destination of the symbolic link `name` in this folder, as raw bytes.
    package func symbolicLinkDestination(ofEntry name: [UInt8]) throws -> [UInt8] {
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = readlinkat(descriptor, Self.cString(name), &buffer, capacity)
            if count < 0 {
                throw FileSystemError(
                    operation: "readlink", path: String(decoding: childPath(name), as: UTF8.self), errorNumber: errno)
            }
            if count < capacity { return buffer[0..<count].map { UInt8(bitPattern: $0) } }
            capacity *= 2
        }
    }
}
#endif
