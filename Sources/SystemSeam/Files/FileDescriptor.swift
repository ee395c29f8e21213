// The one seam through which FileWrapper and the atomic writers reach the file system.
// Every call is relative to an open directory and refuses to follow symbolic links, so
// a package member can never lead a read or a write outside the package.
#if !canImport(Darwin)
import CDocumentPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `lstat` says about an item, in the units the callers need.
package struct FileStatus: Sendable, Equatable {
    /// The kind of item, never following a symbolic link.
    package enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    package var kind: Kind
    /// The permission bits (`mode & 0o7777`).
    package var permissions: UInt16
    package var size: Int64
    /// Seconds since 1970 of the last modification, whole part.
    package var modificationSeconds: Int64
    /// Nanoseconds part of the last modification.
    package var modificationNanoseconds: Int64
    package var device: UInt64
    package var inode: UInt64
    package var linkCount: UInt64
    package var owner: UInt32
    package var group: UInt32

    /// The modification time as a `Date`, with the sub-second part.
    package var modificationDate: Date {
        Date(timeIntervalSince1970: Double(modificationSeconds) + Double(modificationNanoseconds) / 1e9)
    }

    init(_ raw: stat) {
        switch raw.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        permissions = UInt16(truncatingIfNeeded: raw.st_mode & 0o7777)
        size = Int64(raw.st_size)
        modificationSeconds = Int64(raw.st_mtim.tv_sec)
        modificationNanoseconds = Int64(raw.st_mtim.tv_nsec)
        device = UInt64(raw.st_dev)
        inode = UInt64(raw.st_ino)
        linkCount = UInt64(raw.st_nlink)
        owner = raw.st_uid
        group = raw.st_gid
    }
}

/// An open file or directory descriptor, closed when the last reference goes away.
///
/// A class rather than a non-copyable struct so that it can sit in ordinary collections
/// while a tree is walked; it is never shared across threads.
package final class FileDescriptor {
    /// The raw descriptor.
    package let raw: Int32
    /// The path it was opened at, for messages only (never reopened by path).
    package let path: String

    private init(raw: Int32, path: String) {
        self.raw = raw
        self.path = path
    }

    deinit { close(raw) }

    private func childPath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    private static func failure(_ operation: String, _ path: String, _ errorNumber: Int32 = errno) -> FileSystemError {
        FileSystemError(operation: operation, path: path, errorNumber: errorNumber)
    }

    /// Refuses a name that the kernel would read as a path rather than one entry.
    private static func checkEntryName(_ name: String, in path: String) throws {
        if name.isEmpty || name == "." || name == ".." || name.utf8.contains(0x2F) || name.utf8.contains(0) {
            throw failure("open", path + "/" + name, EINVAL)
        }
    }

    private static func retryingInterrupts(_ call: () -> Int32) -> Int32 {
        var result: Int32
        repeat { result = call() } while result == -1 && errno == EINTR
        return result
    }

    // MARK: Opening

    /// Opens a directory by path without following a symbolic link in its last component.
    package static func openDirectory(atPath path: String) throws -> FileDescriptor {
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure("open", path) }
        return FileDescriptor(raw: descriptor, path: path)
    }

    /// Opens a directory by path, following symbolic links (for a destination folder the user named).
    package static func openDirectory(followingLinksAtPath path: String) throws -> FileDescriptor {
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure("open", path) }
        return FileDescriptor(raw: descriptor, path: path)
    }

    /// The status of the item at `path`, not following a symbolic link; nil when nothing is there.
    package static func status(atPath path: String) throws -> FileStatus? {
        var raw = stat()
        guard lstat(path, &raw) == 0 else {
            if errno == ENOENT { return nil }
            throw failure("lstat", path)
        }
        return FileStatus(raw)
    }

    /// Whether the current user may read the item at `path`.
    package static func isReadable(atPath path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// The destination of the symbolic link at `path`, as raw bytes.
    package static func symbolicLinkDestination(atPath path: String) throws -> [UInt8] {
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = readlink(path, &buffer, capacity)
            if count < 0 { throw failure("readlink", path) }
            if count < capacity { return buffer[0..<count].map { UInt8(bitPattern: $0) } }
            capacity *= 2
        }
    }

    /// Opens the directory entry `name` inside this directory, never following a symbolic link.
    package func openDirectory(named name: String) throws -> FileDescriptor {
        try Self.checkEntryName(name, in: path)
        let descriptor = Self.retryingInterrupts { openat(raw, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let error = errno
            // Linux reports a refused link here as "not a directory"; say what really stood in the way.
            if error == ENOTDIR, (try? status(ofEntry: name))??.kind == .symbolicLink {
                throw Self.failure("open", childPath(name), ELOOP)
            }
            throw Self.failure("open", childPath(name), error)
        }
        return FileDescriptor(raw: descriptor, path: childPath(name))
    }

    /// Opens a regular file by path for reading; a symbolic link, a FIFO or a device is refused.
    package static func openRegularFile(atPath path: String) throws -> FileDescriptor {
        // O_NONBLOCK keeps a FIFO swapped in by someone else from blocking the open.
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure("open", path) }
        let file = FileDescriptor(raw: descriptor, path: path)
        try file.requireRegularFile()
        return file
    }

    /// Opens the regular file `name` inside this directory for reading.
    package func openRegularFile(named name: String) throws -> FileDescriptor {
        try Self.checkEntryName(name, in: path)
        let descriptor = Self.retryingInterrupts { openat(raw, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Self.failure("open", childPath(name)) }
        let file = FileDescriptor(raw: descriptor, path: childPath(name))
        try file.requireRegularFile()
        return file
    }

    private func requireRegularFile() throws {
        let status = try self.status()
        guard status.kind == .regular else {
            throw Self.failure("open", path, status.kind == .directory ? EISDIR : EINVAL)
        }
    }

    /// Creates the regular file `name` inside this directory; fails if anything is already there.
    package func createFile(named name: String, permissions: UInt16) throws -> FileDescriptor {
        try Self.checkEntryName(name, in: path)
        let descriptor = Self.retryingInterrupts {
            openat(raw, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        }
        guard descriptor >= 0 else { throw Self.failure("create", childPath(name)) }
        return FileDescriptor(raw: descriptor, path: childPath(name))
    }

    /// Opens a regular file by path for overwriting, creating it if needed, never through a symbolic link.
    package static func openForOverwriting(atPath path: String, permissions: UInt16) throws -> FileDescriptor {
        let descriptor = retryingInterrupts {
            open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        }
        guard descriptor >= 0 else { throw failure("open", path) }
        return FileDescriptor(raw: descriptor, path: path)
    }

    // MARK: Reading and writing

    /// The status of the open item.
    package func status() throws -> FileStatus {
        var raw = stat()
        guard fstat(self.raw, &raw) == 0 else { throw Self.failure("fstat", path) }
        return FileStatus(raw)
    }

    /// The status of the entry `name` inside this directory, or nil when there is none.
    package func status(ofEntry name: String) throws -> FileStatus? {
        try Self.checkEntryName(name, in: path)
        var raw = stat()
        guard fstatat(self.raw, name, &raw, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw Self.failure("lstat", childPath(name))
        }
        return FileStatus(raw)
    }

    /// Reads the whole file from its current offset.
    ///
    /// A file that another process extends, truncates or rewrites while it is read would give bytes
    /// that were never its contents at any one moment: the size and modification time are compared
    /// before and after (and the size with the count of bytes read), and a change throws
    /// `FileSystemError.changedWhileReading`. A file whose size the kernel reports as 0 but which
    /// has contents (as under `/proc`) is read as it is.
    package func readToEnd() throws -> Data {
        let before = try status()
        let expected = before.size
        // The bytes go straight into one malloc'd buffer that the Data then owns: a zero-filled
        // staging chunk (1 MiB memset for every file, however small) and a copy of every chunk
        // into the result were a tenth of `verify`'s time. One byte beyond the expected size lets
        // the read that meets the end of the file return 0 without growing the buffer.
        var capacity =
            expected > 0 ? Int(clamping: expected).addingReportingOverflow(1).partialValue : Self.initialCapacity
        if capacity <= 0 { capacity = Self.initialCapacity }
        guard var buffer = malloc(capacity) else { throw Self.failure("read", path, ENOMEM) }
        var count = 0
        do {
            while true {
                if count == capacity {
                    let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2)
                    guard !overflow, let grown = realloc(buffer, doubled) else {
                        throw Self.failure("read", path, ENOMEM)
                    }
                    buffer = grown
                    capacity = doubled
                }
                // At most one chunk per call, so that a change made between chunks is seen by the checks below.
                let wanted = min(capacity - count, Self.chunkSize)
                let target = buffer + count
                let read = Self.retryingInterrupts { Int32(clamping: Glibc.read(raw, target, wanted)) }
                if read < 0 { throw Self.failure("read", path) }
                if read == 0 { break }
                count += Int(read)
                ReadObservation.chunkWasRead(path: path, bytesSoFar: count)
            }
            let after = try status()
            if after.size != before.size || after.modificationSeconds != before.modificationSeconds
                || after.modificationNanoseconds != before.modificationNanoseconds
                || (expected > 0 && Int64(count) != expected)
            {
                throw FileSystemError.changedWhileReading(path)
            }
        } catch {
            free(buffer)
            throw error
        }
        if count == 0 {
            free(buffer)
            return Data()
        }
        // A file the kernel sized as 0 (under /proc) may leave most of a doubled buffer unused.
        if capacity - count > 4096, let shrunk = realloc(buffer, count) { buffer = shrunk }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// The most one `read` call of `readToEnd` asks for; observers of a read see one call per chunk.
    private static let chunkSize = 1 << 20

    /// The first buffer for a file whose size the kernel reports as 0.
    private static let initialCapacity = 1 << 14

    /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at the end of the file.
    package func readSome(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let count = read(raw, base, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Self.failure("read", path) }
        }
    }

    /// Writes all of `data`, retrying short writes.
    package func writeAll(_ data: Data) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(raw, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.failure("write", path)
                }
                offset += written
            }
        }
    }

    /// Flushes the item's data and metadata to stable storage.
    package func synchronize() throws {
        guard Self.retryingInterrupts({ fsync(raw) }) == 0 else { throw Self.failure("fsync", path) }
    }

    /// Flushes the whole file system that holds this item (one pass for a batch of files).
    ///
    /// Throws with `notSupported` where the kernel has no `syncfs`; the caller then falls back to `fsync` per item.
    package func synchronizeFileSystem() throws {
        guard docmigrate_syncfs(raw) == 0 else { throw Self.failure("syncfs", path) }
    }

    /// Sets the permission bits.
    package func setPermissions(_ permissions: UInt16) throws {
        guard fchmod(raw, mode_t(permissions)) == 0 else { throw Self.failure("fchmod", path) }
    }

    /// Sets the modification time, leaving the access time as it is.
    package func setModificationDate(_ date: Date) throws {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e15 else { throw Self.failure("futimens", path, EINVAL) }
        var seconds = interval.rounded(.down)
        var nanoseconds = ((interval - seconds) * 1e9).rounded()
        if nanoseconds >= 1e9 {
            seconds += 1
            nanoseconds -= 1e9
        }
        var times = [
            timespec(tv_sec: 0, tv_nsec: docmigrate_utime_omit()),
            timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
        ]
        guard futimens(raw, &times) == 0 else { throw Self.failure("futimens", path) }
    }

    // MARK: Directory entries

    /// The names in this directory, as raw bytes (Linux names need not be UTF-8), without `.` and `..`.
    package func entryNames() throws -> [[UInt8]] {
        let copy = dup(raw)
        guard copy >= 0 else { throw Self.failure("dup", path) }
        guard let stream = fdopendir(copy) else {
            let error = errno
            close(copy)
            throw Self.failure("fdopendir", path, error)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw Self.failure("readdir", path) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                Array(buffer.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names
    }

    /// Creates the directory `name` inside this directory.
    package func makeDirectory(named name: String, permissions: UInt16) throws {
        try Self.checkEntryName(name, in: path)
        guard mkdirat(raw, name, mode_t(permissions)) == 0 else { throw Self.failure("mkdir", childPath(name)) }
    }

    /// The destination of the symbolic link `name` inside this directory, as raw bytes.
    package func symbolicLinkDestination(named name: String) throws -> [UInt8] {
        try Self.checkEntryName(name, in: path)
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = readlinkat(raw, name, &buffer, capacity)
            if count < 0 { throw Self.failure("readlink", childPath(name)) }
            if count < capacity { return buffer[0..<count].map { UInt8(bitPattern: $0) } }
            capacity *= 2
        }
    }

    /// Creates the symbolic link `name` inside this directory pointing at `destination`.
    package func makeSymbolicLink(named name: String, destination: String) throws {
        try Self.checkEntryName(name, in: path)
        guard !destination.utf8.contains(0) else { throw Self.failure("symlink", childPath(name), EINVAL) }
        guard symlinkat(destination, raw, name) == 0 else { throw Self.failure("symlink", childPath(name)) }
    }

    /// Hard-links `sourceName` in `sourceDirectory` as `name` in this directory (no symbolic link is followed).
    package func makeHardLink(named name: String, to sourceName: String, in sourceDirectory: FileDescriptor) throws {
        try Self.checkEntryName(name, in: path)
        try Self.checkEntryName(sourceName, in: sourceDirectory.path)
        guard linkat(sourceDirectory.raw, sourceName, raw, name, 0) == 0 else {
            throw Self.failure("link", childPath(name))
        }
    }

    /// Removes the entry `name` and, for a directory, everything below it, without following links.
    package func removeTree(named name: String) throws {
        try Self.checkEntryName(name, in: path)
        guard let status = try status(ofEntry: name) else { return }
        if status.kind == .directory {
            let directory = try openDirectory(named: name)
            for entry in try directory.entryNames() {
                guard let entryName = String(validating: entry, as: UTF8.self) else {
                    try directory.removeRawEntry(entry)
                    continue
                }
                try directory.removeTree(named: entryName)
            }
            guard unlinkat(raw, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
                throw Self.failure("rmdir", childPath(name))
            }
        } else {
            guard unlinkat(raw, name, 0) == 0 || errno == ENOENT else { throw Self.failure("unlink", childPath(name)) }
        }
    }

    /// Removes an entry whose name is not UTF-8 (and so cannot be a `String`), recursively.
    private func removeRawEntry(_ name: [UInt8]) throws {
        let cName = name.map { CChar(bitPattern: $0) } + [0]
        var raw = stat()
        guard fstatat(self.raw, cName, &raw, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        if raw.st_mode & S_IFMT == S_IFDIR {
            let descriptor = openat(self.raw, cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.failure("open", path) }
            let directory = FileDescriptor(raw: descriptor, path: path + "/?")
            for entry in try directory.entryNames() { try directory.removeRawEntry(entry) }
            guard unlinkat(self.raw, cName, AT_REMOVEDIR) == 0 else { throw Self.failure("rmdir", path + "/?") }
        } else {
            guard unlinkat(self.raw, cName, 0) == 0 else { throw Self.failure("unlink", path + "/?") }
        }
    }

    // MARK: Renaming

    /// Swaps the entries `name` here and `otherName` in `otherDirectory` atomically.
    ///
    /// Throws with `notSupported` or `invalidArgument` when the kernel or file system cannot swap.
    package func exchange(_ name: String, with otherName: String, in otherDirectory: FileDescriptor) throws {
        guard docmigrate_exchange(raw, name, otherDirectory.raw, otherName) == 0 else {
            throw Self.failure("renameat2(RENAME_EXCHANGE)", otherDirectory.childPath(otherName))
        }
    }

    /// Renames `name` here to `newName` in `newDirectory`, replacing a file (or an empty directory) there.
    package func rename(_ name: String, to newName: String, in newDirectory: FileDescriptor) throws {
        guard renameat(raw, name, newDirectory.raw, newName) == 0 else {
            throw Self.failure("rename", newDirectory.childPath(newName))
        }
    }

    /// Renames `name` here to `newName` in `newDirectory`, failing with `exists` if anything is there.
    ///
    /// Throws with `notSupported` or `invalidArgument` when the kernel or file system cannot do it.
    package func renameWithoutReplacing(_ name: String, to newName: String, in newDirectory: FileDescriptor) throws {
        guard docmigrate_rename_noreplace(raw, name, newDirectory.raw, newName) == 0 else {
            throw Self.failure("renameat2(RENAME_NOREPLACE)", newDirectory.childPath(newName))
        }
    }

    /// Creates a uniquely named directory inside this one, for a write to build its new item in.
    package func makeUniqueDirectory(prefix: String) throws -> String {
        for _ in 0..<100 {
            var generator = SystemRandomNumberGenerator()
            let suffix = String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 36)
            let name = prefix + suffix
            if mkdirat(raw, name, 0o700) == 0 { return name }
            if errno != EEXIST { throw Self.failure("mkdir", childPath(name)) }
        }
        throw Self.failure("mkdir", childPath(prefix), EEXIST)
    }
}

/// The process's file-creation mask, read without changing it.
package enum FileCreationMask {
    /// The mask from `/proc/self/status`; `umask(2)` cannot be read without setting it, which would race other threads.
    package static let current: UInt16 = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
            for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
                let value = line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
                if let mask = UInt16(value, radix: 8) { return mask }
            }
        }
        return 0o022
    }()
}
#endif
