// The seam through which the batch converter streams one file by the exact bytes of its path: a
// large input is read a block at a time at given offsets (pread), its output written a block at a
// time, and read back the same way to verify it, so that neither is ever held whole in memory.
#if !canImport(Darwin)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An open file reached by its path bytes, read at offsets or written in order; closed when released.
///
/// A class so that the descriptor is closed exactly once, on every path out of the code that opened
/// it. Sendable: it holds only constants, and reads at an offset (`pread`) keep no position, so two
/// threads may read one file at once; writes append in order, from the one thread that writes.
package final class ByteNamedStream: Sendable {
    private let descriptor: Int32
    private let path: [UInt8]

    private init(descriptor: Int32, path: [UInt8]) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { Glibc.close(descriptor) }

    private static func cString(_ path: [UInt8]) -> [CChar] { path.map { CChar(bitPattern: $0) } + [0] }

    private static func failure(_ operation: String, _ path: [UInt8], _ errorNumber: Int32 = errno) -> FileSystemError {
        FileSystemError(operation: operation, path: String(decoding: path, as: UTF8.self), errorNumber: errorNumber)
    }

    /// Opens the item at `path` for reading, as `ByteNamedFiles.contents` does (without blocking on a FIFO).
    package static func openForReading(_ path: [UInt8], followingLinks: Bool) throws -> ByteNamedStream {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        var descriptor: Int32
        repeat { descriptor = open(cString(path), flags) } while descriptor == -1 && errno == EINTR
        guard descriptor >= 0 else { throw failure("open", path) }
        return ByteNamedStream(descriptor: descriptor, path: path)
    }

    /// Opens the regular file at `path` for reading and gives its status; anything else fails as
    /// `ByteNamedFiles.contents` fails for it.
    package static func openRegularFile(
        _ path: [UInt8], followingLinks: Bool
    ) throws -> (stream: ByteNamedStream, status: FileStatus) {
        let stream = try openForReading(path, followingLinks: followingLinks)
        let status = try stream.status()
        guard status.kind == .regular else { throw failure("open", path, status.kind == .directory ? EISDIR : EINVAL) }
        return (stream, status)
    }

    /// Opens the regular file `name` of the listed `folder` for reading, by name in the open folder and
    /// never following a link there; gives its status. Anything else fails as `openRegularFile(_:followingLinks:)`
    /// fails for it.
    package static func openRegularFile(
        named name: [UInt8], in folder: ListedFolder
    ) throws -> (stream: ByteNamedStream, status: FileStatus) {
        let path = folder.childPath(name)
        var descriptor: Int32
        repeat {
            descriptor = openat(folder.descriptor, cString(name), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        } while descriptor == -1 && errno == EINTR
        guard descriptor >= 0 else { throw failure("open", path) }
        let stream = ByteNamedStream(descriptor: descriptor, path: path)
        let status = try stream.status()
        guard status.kind == .regular else { throw failure("open", path, status.kind == .directory ? EISDIR : EINVAL) }
        return (stream, status)
    }

    /// Creates a new regular file at `path` for writing; fails with `EEXIST` if anything is there.
    package static func create(_ path: [UInt8], permissions: UInt16 = 0o600) throws -> ByteNamedStream {
        var descriptor: Int32
        repeat {
            descriptor = open(cString(path), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        } while descriptor == -1 && errno == EINTR
        guard descriptor >= 0 else { throw failure("create", path) }
        return ByteNamedStream(descriptor: descriptor, path: path)
    }

    /// Opens the existing file at `path` for reading and writing at offsets, without following a link.
    ///
    /// Tests change a written output through it, as another process would.
    package static func openForUpdating(_ path: [UInt8]) throws -> ByteNamedStream {
        var descriptor: Int32
        repeat {
            descriptor = open(cString(path), O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        } while descriptor == -1 && errno == EINTR
        guard descriptor >= 0 else { throw failure("open", path) }
        return ByteNamedStream(descriptor: descriptor, path: path)
    }

    /// The status of the open item.
    package func status() throws -> FileStatus {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw Self.failure("fstat", path) }
        return FileStatus(raw)
    }

    /// Reads from byte `offset` until `buffer` is full or the file ends; returns how many bytes it read.
    package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, base + total, buffer.count - total, off_t(offset + total))
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("read", path)
            }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Appends all of `buffer` at the file's current position, retrying short writes.
    package func write(_ buffer: UnsafeRawBufferPointer) throws {
        try writeAll(buffer) { base, count, _ in Glibc.write(descriptor, base, count) }
    }

    /// Writes all of `buffer` at byte `offset`, leaving the file's position alone.
    package func write(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        try writeAll(buffer) { base, count, done in pwrite(descriptor, base, count, off_t(offset + done)) }
    }

    /// Calls `call` with the rest of `buffer` (where it starts, how many bytes are left, how many are done)
    /// until all of it is written; retries an interrupted call, throws for any other failure.
    private func writeAll(_ buffer: UnsafeRawBufferPointer, _ call: (UnsafeRawPointer, Int, Int) -> Int) throws {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let written = call(base + done, buffer.count - done, done)
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.failure("write", path)
            }
            done += written
        }
    }

    /// Asks the kernel to start writing bytes `offset..<offset + count` to the disk now rather than at the next sync.
    ///
    /// Only a start (see ``FileWriteback``): the bytes are durable only after a sync.
    package func startWriteback(at offset: Int, count: Int) {
        FileWriteback.start(descriptor: descriptor, offset: offset, count: count)
    }
}
#endif
