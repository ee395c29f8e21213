// The seam through which the batch converter reaches files by the exact bytes of their paths.
// Linux file names are bytes, not text: a name that is not valid UTF-8 cannot round-trip through
// `String` or `URL`, and a name in NFD must not be normalised on the way. The converter keeps every
// path as bytes and calls the C library here; nothing else in it touches Glibc.
#if !canImport(Darwin)
import CDocumentPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File operations on paths given as raw bytes (no terminating NUL), never following a final symbolic link.
package enum ByteNamedFiles {
    private static func cString(_ path: [UInt8]) -> [CChar] { path.map { CChar(bitPattern: $0) } + [0] }

    private static func failure(_ operation: String, _ path: [UInt8], _ errorNumber: Int32 = errno) -> FileSystemError {
        FileSystemError(operation: operation, path: String(decoding: path, as: UTF8.self), errorNumber: errorNumber)
    }

    private static func retryingInterrupts(_ call: () -> Int32) -> Int32 {
        var result: Int32
        repeat { result = call() } while result == -1 && errno == EINTR
        return result
    }

    /// The status of the item at `path` (not following a final link), or nil when nothing is there.
    package static func status(_ path: [UInt8]) throws -> FileStatus? {
        var raw = stat()
        guard lstat(cString(path), &raw) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw failure("lstat", path)
        }
        return FileStatus(raw)
    }

    /// The status of the item at `path`, following links (for a folder or file the user named), or nil.
    package static func statusFollowingLinks(_ path: [UInt8]) throws -> FileStatus? {
        var raw = stat()
        guard stat(cString(path), &raw) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw failure("stat", path)
        }
        return FileStatus(raw)
    }

    /// The whole contents of the regular file at `path` and its status when opened.
    ///
    /// A symbolic link, a FIFO or a device is refused (`EINVAL`), a folder with `EISDIR`.
    package static func contents(
        _ path: [UInt8], followingLinks: Bool = false
    ) throws -> (data: Data, status: FileStatus) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = retryingInterrupts { open(cString(path), flags) }
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw failure("fstat", path) }
        let status = FileStatus(raw)
        guard status.kind == .regular else { throw failure("open", path, status.kind == .directory ? EISDIR : EINVAL) }
        var data = Data()
        if status.size > 0 { data.reserveCapacity(Int(clamping: status.size)) }
        // One read for a small file: a chunk sized to the file (plus one byte to see the end), at most 1 MiB.
        let chunkSize = Int(clamping: min(max(status.size + 1, 4096), 1 << 20))
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return (data, status)
    }

    /// The names in the folder at `path` (raw bytes, without `.` and `..`), in the order the file system lists them.
    package static func names(inFolder path: [UInt8]) throws -> [[UInt8]] {
        guard let stream = opendir(cString(path)) else { throw failure("opendir", path) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw failure("readdir", path) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in Array(buffer.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names
    }

    /// Creates the folder at `path` and any missing parents; an existing folder is fine.
    package static func makeFolders(_ path: [UInt8], permissions: UInt16 = 0o755) throws {
        // Most calls make one new folder in one that exists (a job's output tree): one call then, rather
        // than a look at the path and at its parent first. Anything else takes the checks below, which
        // decide and name what went wrong.
        if mkdir(cString(path), mode_t(permissions)) == 0 { return }
        if let existing = try statusFollowingLinks(path) {
            guard existing.kind == .directory else { throw failure("mkdir", path, ENOTDIR) }
            return
        }
        if let slash = path.lastIndex(of: 0x2F), slash > 0 {
            try makeFolders(Array(path[..<slash]), permissions: permissions)
        }
        guard mkdir(cString(path), mode_t(permissions)) == 0 || errno == EEXIST else { throw failure("mkdir", path) }
    }

    /// Creates a new regular file at `path` holding `data`; fails with `EEXIST` if anything is there.
    package static func createFile(_ path: [UInt8], contents data: Data, permissions: UInt16 = 0o600) throws {
        let descriptor = retryingInterrupts {
            open(cString(path), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        }
        guard descriptor >= 0 else { throw failure("create", path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("write", path)
                }
                offset += written
            }
        }
    }

    /// Creates a symbolic link at `path` whose destination is the raw bytes `destination` (not checked, not followed).
    package static func makeSymbolicLink(_ path: [UInt8], destination: [UInt8]) throws {
        guard !destination.contains(0) else { throw failure("symlink", path, EINVAL) }
        guard symlink(cString(destination), cString(path)) == 0 else { throw failure("symlink", path) }
    }

    /// Renames `source` to `destination`; without `replacing`, fails with `EEXIST` when the destination exists.
    ///
    /// Where the kernel or file system cannot rename without replacing, a file is hard-linked (which
    /// refuses an existing name just as atomically) and the source unlinked.
    package static func rename(_ source: [UInt8], to destination: [UInt8], replacing: Bool) throws {
        if replacing {
            guard Glibc.rename(cString(source), cString(destination)) == 0 else { throw failure("rename", destination) }
            return
        }
        if docmigrate_rename_noreplace(AT_FDCWD, cString(source), AT_FDCWD, cString(destination)) == 0 { return }
        let error = errno
        guard error == ENOSYS || error == EINVAL else {
            throw failure("renameat2(RENAME_NOREPLACE)", destination, error)
        }
        guard link(cString(source), cString(destination)) == 0 else { throw failure("link", destination) }
        unlink(cString(source))
    }

    /// Swaps the items at two paths atomically (`renameat2(RENAME_EXCHANGE)`); throws `ENOSYS`/`EINVAL` where
    /// unsupported.
    package static func exchange(_ first: [UInt8], with second: [UInt8]) throws {
        guard docmigrate_exchange(AT_FDCWD, cString(first), AT_FDCWD, cString(second)) == 0 else {
            throw failure("renameat2(RENAME_EXCHANGE)", second)
        }
    }

    /// Removes the item at `path`, a folder with everything below it, never following a link; nothing there is fine.
    package static func removeTree(_ path: [UInt8]) throws {
        guard let status = try status(path) else { return }
        if status.kind == .directory {
            for name in try names(inFolder: path) { try removeTree(path + [0x2F] + name) }
            guard rmdir(cString(path)) == 0 || errno == ENOENT else { throw failure("rmdir", path) }
        } else {
            guard unlink(cString(path)) == 0 || errno == ENOENT else { throw failure("unlink", path) }
        }
    }

    /// Sets the permission bits of the item at `path`.
    package static func setPermissions(_ path: [UInt8], _ permissions: UInt16) throws {
        guard chmod(cString(path), mode_t(permissions)) == 0 else { throw failure("chmod", path) }
    }

    /// Sets the owner and group of the item at `path`, not following a final link.
    package static func setOwner(_ path: [UInt8], owner: UInt32, group: UInt32) throws {
        guard lchown(cString(path), owner, group) == 0 else { throw failure("lchown", path) }
    }

    /// Sets the modification time of the item at `path` (the access time too, to the same value).
    package static func setModificationTime(_ path: [UInt8], seconds: Int64, nanoseconds: Int64) throws {
        var times = [
            timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
            timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
        ]
        guard utimensat(AT_FDCWD, cString(path), &times, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw failure("utimensat", path)
        }
    }

    /// Flushes the file system holding `path` to stable storage: one `syncfs`, or `fsync` of `path` where there is
    /// none.
    package static func synchronizeFileSystem(containing path: [UInt8]) throws {
        let descriptor = retryingInterrupts { open(cString(path), O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        if docmigrate_syncfs(descriptor) == 0 { return }
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw failure("fsync", path) }
    }

    /// Flushes one item (a file's data, or a folder's entries) to stable storage.
    package static func synchronize(_ path: [UInt8]) throws {
        let descriptor = retryingInterrupts { open(cString(path), O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw failure("fsync", path) }
    }

    /// The current working directory as bytes.
    package static func currentDirectory() -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return Array(".".utf8) }
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }
}
#endif
