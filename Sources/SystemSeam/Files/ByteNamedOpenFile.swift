// The seam through which the batch converter works on one open regular file named by path bytes.
// A converter reads an input and, later, gives its temporary output the input's metadata. Doing each
// step by path walks the whole path again (a dozen components in a deep corpus) for every call; on
// the open descriptor the kernel does no lookup at all. Here: the reads, the write, and `fchmod`,
// `futimens`, `flistxattr`, `fgetxattr`, `fsetxattr`. Swift's Glibc module does not export
// <sys/xattr.h>, so the three attribute calls are looked up in the C library by name, as
// `ExtendedAttributes` does for their path forms.
#if !canImport(Darwin)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A regular file opened by its path bytes, closed when the last reference goes away.
///
/// A class rather than a non-copyable struct so that it can be returned and held like any value
/// while an item is converted; it is never shared across threads.
package final class ByteNamedOpenFile {
    /// The raw descriptor.
    package let raw: Int32
    /// The path it was opened at, for messages only (never reopened by path).
    private let path: [UInt8]

    private init(raw: Int32, path: [UInt8]) {
        self.raw = raw
        self.path = path
    }

    deinit { close(raw) }

    private static func cString(_ path: [UInt8]) -> [CChar] { path.map { CChar(bitPattern: $0) } + [0] }

    private static func failure(_ operation: String, _ path: [UInt8], _ errorNumber: Int32 = errno) -> FileSystemError {
        FileSystemError(operation: operation, path: String(decoding: path, as: UTF8.self), errorNumber: errorNumber)
    }

    private func failure(_ operation: String, _ errorNumber: Int32 = errno) -> FileSystemError {
        Self.failure(operation, path, errorNumber)
    }

    private static func retryingInterrupts(_ call: () -> Int32) -> Int32 {
        var result: Int32
        repeat { result = call() } while result == -1 && errno == EINTR
        return result
    }

    // MARK: Opening

    /// Opens the regular file at `path` for reading; returns it with its status when opened.
    ///
    /// Refuses what `ByteNamedFiles.contents` refuses, with the same errors: a symbolic link (unless
    /// `followingLinks`), a FIFO or a device (`EINVAL`), a folder (`EISDIR`).
    package static func openForReading(
        _ path: [UInt8], followingLinks: Bool = false
    ) throws -> (file: ByteNamedOpenFile, status: FileStatus) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = retryingInterrupts { open(cString(path), flags) }
        guard descriptor >= 0 else { throw failure("open", path) }
        let file = ByteNamedOpenFile(raw: descriptor, path: path)
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw failure("fstat", path) }
        let status = FileStatus(raw)
        guard status.kind == .regular else { throw failure("open", path, status.kind == .directory ? EISDIR : EINVAL) }
        return (file, status)
    }

    /// Creates a new regular file at `path`, open for reading and writing; fails with `EEXIST` if anything is there.
    package static func create(_ path: [UInt8], permissions: UInt16 = 0o600) throws -> ByteNamedOpenFile {
        let descriptor = retryingInterrupts {
            open(cString(path), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        }
        guard descriptor >= 0 else { throw failure("create", path) }
        return ByteNamedOpenFile(raw: descriptor, path: path)
    }

    // MARK: Contents

    /// The whole contents, read from the start whatever was read or written before.
    ///
    /// `expectedSize` (the size when opened, or the bytes written) sizes one read for a small file,
    /// plus one byte to see the end, at most 1 MiB a read.
    package func contents(expectedSize: Int64) throws -> Data {
        var data = Data()
        if expectedSize > 0 { data.reserveCapacity(Int(clamping: expectedSize)) }
        let chunkSize = Int(clamping: min(max(expectedSize + 1, 4096), 1 << 20))
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var offset = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                pread(raw, buffer.baseAddress, chunkSize, off_t(offset))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read")
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
            offset += count
        }
        return data
    }

    /// The whole contents, read from the start, in one read when the file still ends at `size` (its size when opened,
    /// or the bytes written).
    ///
    /// ``contents(expectedSize:)`` reads until a read returns nothing: two reads for a small file.
    /// A read of a regular file returns fewer bytes than asked only at the end of the file, so one
    /// read of `size + 1` bytes that returns exactly `size` has seen the end. When it returns another
    /// count (the file grew or shrank since its size was taken), or the file is larger than one read
    /// of ``contents(expectedSize:)``, this reads the whole file again from the start as that does.
    package func contents(endingAtSize size: Int64) throws -> Data {
        guard size >= 0, size < Self.largestSingleRead else { return try contents(expectedSize: size) }
        let expected = Int(size)
        var data = Data(count: expected + 1)
        let count = try data.withUnsafeMutableBytes { buffer in
            var count: Int
            repeat { count = pread(raw, buffer.baseAddress, buffer.count, 0) } while count < 0 && errno == EINTR
            guard count >= 0 else { throw failure("read") }
            return count
        }
        guard count == expected else { return try contents(expectedSize: Int64(count)) }
        data.count = expected
        return data
    }

    /// The largest chunk ``contents(expectedSize:)`` reads at a time.
    private static let largestSingleRead: Int64 = 1 << 20

    /// Writes all of `data` at the current offset, retrying short writes.
    package func write(_ data: Data) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(raw, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("write")
                }
                offset += written
            }
        }
    }

    // MARK: Metadata

    /// Sets the permission bits.
    package func setPermissions(_ permissions: UInt16) throws {
        guard fchmod(raw, mode_t(permissions)) == 0 else { throw failure("fchmod") }
    }

    /// Sets the modification time, and the access time to the same value (as `ByteNamedFiles.setModificationTime` does
    /// by path).
    package func setModificationTime(seconds: Int64, nanoseconds: Int64) throws {
        var times = [
            timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
            timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
        ]
        guard futimens(raw, &times) == 0 else { throw failure("futimens") }
    }

    private typealias ListFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetFunction = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetFunction =
        @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    private static let flistxattr = function("flistxattr", as: ListFunction.self)
    private static let fgetxattr = function("fgetxattr", as: GetFunction.self)
    private static let fsetxattr = function("fsetxattr", as: SetFunction.self)

    /// The file's extended attributes, name → value, as `ExtendedAttributes.all(atPath:)` lists them by path.
    ///
    /// A file system without attributes gives an empty list; an attribute that vanishes while it is read is
    /// left out; other failures throw `FileSystemError`.
    package func extendedAttributes() throws -> [(name: String, value: [UInt8])] {
        guard let flistxattr = Self.flistxattr, let fgetxattr = Self.fgetxattr else { return [] }
        return try ExtendedAttributes.readAll(
            list: { flistxattr(raw, $0, $1) }, get: { fgetxattr(raw, $0, $1, $2) },
            failure: { failure("listxattr", $0) })
    }

    /// Sets one extended attribute; throws `FileSystemError` (e.g. not supported, not permitted).
    ///
    /// For a `user.*` attribute the kernel checks the file's permission bits, not how it was opened:
    /// set attributes before permission bits that forbid writing.
    package func setExtendedAttribute(_ name: String, value: [UInt8]) throws {
        guard let fsetxattr = Self.fsetxattr else { throw failure("setxattr", SystemErrorText.notSupported) }
        let result = value.withUnsafeBytes { buffer in fsetxattr(raw, name, buffer.baseAddress, buffer.count, 0) }
        guard result == 0 else { throw failure("setxattr") }
    }
}
#endif
