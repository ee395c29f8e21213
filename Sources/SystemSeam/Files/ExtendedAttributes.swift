// The seam for extended attributes (listxattr, getxattr, setxattr), never following a symbolic link.
// The batch converter copies an input's attributes (Finder tags, quarantine flags, a sync engine's
// identifiers) onto its output, as `cp -a` and `rsync -X` do. Swift's Glibc module does not export
// <sys/xattr.h>, so the three calls are looked up in the C library by name (they exist in every glibc
// since 2.3 and in musl).
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes the extended attributes of an item given by its path bytes.
package enum ExtendedAttributes {
    #if os(Linux)
    private typealias ListFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetFunction =
        @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetFunction =
        @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    private static let llistxattr = function("llistxattr", as: ListFunction.self)
    private static let lgetxattr = function("lgetxattr", as: GetFunction.self)
    private static let lsetxattr = function("lsetxattr", as: SetFunction.self)
    #endif

    /// The attributes of the item at `path` (bytes, without a terminating NUL), name → value.
    ///
    /// A file system without attributes gives an empty list; other failures throw `FileSystemError`.
    package static func all(atPath path: [UInt8]) throws -> [(name: String, value: [UInt8])] {
        #if os(Linux)
        guard let llistxattr, let lgetxattr else { return [] }
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        return try readAll(
            list: { llistxattr(cPath, $0, $1) }, get: { lgetxattr(cPath, $0, $1, $2) },
            failure: {
                FileSystemError(operation: "listxattr", path: String(decoding: path, as: UTF8.self), errorNumber: $0)
            })
        #else
        return []
        #endif
    }

    #if os(Linux)
    /// The list-then-read loop of both forms: `list` and `get` are `llistxattr`/`lgetxattr` on a path, or
    /// `flistxattr`/`fgetxattr` on a descriptor (`ByteNamedOpenFile`). A file system without attributes
    /// gives an empty list; an attribute that vanishes while it is read is left out; a failure to list
    /// throws what `failure` makes of its errno.
    package static func readAll(
        list: (UnsafeMutablePointer<CChar>?, Int) -> Int,
        get: (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int,
        failure: (Int32) -> any Error
    ) throws -> [(name: String, value: [UInt8])] {
        let size = list(nil, 0)
        if size < 0 {
            if errno == ENOTSUP || errno == ENOSYS { return [] }
            throw failure(errno)
        }
        if size == 0 { return [] }
        var names = [CChar](repeating: 0, count: size)
        let listed = list(&names, size)
        guard listed >= 0 else { throw failure(errno) }
        var result: [(String, [UInt8])] = []
        for nameBytes in names[0..<listed].split(separator: 0) {
            let name = String(decoding: nameBytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let cName = Array(nameBytes) + [0]
            let valueSize = get(cName, nil, 0)
            guard valueSize >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: valueSize)
            let read = get(cName, &value, valueSize)
            guard read >= 0 else { continue }
            result.append((name, Array(value[0..<read])))
        }
        return result
    }
    #endif

    /// Sets one attribute on the item at `path`; throws `FileSystemError` (e.g. not supported, not permitted).
    package static func set(_ name: String, value: [UInt8], atPath path: [UInt8]) throws {
        #if os(Linux)
        guard let lsetxattr else {
            throw FileSystemError(
                operation: "setxattr", path: String(decoding: path, as: UTF8.self),
                errorNumber: SystemErrorText.notSupported)
        }
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        let result = value.withUnsafeBytes { buffer in lsetxattr(cPath, name, buffer.baseAddress, buffer.count, 0) }
        guard result == 0 else {
            throw FileSystemError(
                operation: "setxattr", path: String(decoding: path, as: UTF8.self), errorNumber: errno)
        }
        #endif
    }
}
