// The seam through which the host learns who a document's file is: on Linux through
// the system seam's file descriptors (nanosecond modification times, never following a link
// inside a package), on Apple systems through FileManager, where those descriptors do not exist.
import SystemSeam

/// What the host remembers of a document's file, to notice that another process changed it.
///
/// NSDocument compares the file's modification date before it saves; that misses a change
/// within the clock's resolution and a package whose member was rewritten in place. So the host
/// compares the device and inode (an atomic replacement makes a new one), the size, the
/// modification time to the nanosecond, and, for a package, a digest of the same facts for
/// every item inside it.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modificationDate: Date
    var isDirectory: Bool
    /// For a directory, a digest of the name, inode, size and modification time of every item below it.
    var contentsDigest: UInt64?

    /// The identity of the item at `url`, or nil when nothing is there.
    static func current(of url: URL) throws -> FileIdentity? {
        try platformIdentity(ofPath: url.path)
    }
}

#if !canImport(Darwin)
extension FileIdentity {
    fileprivate static func platformIdentity(ofPath path: String) throws -> FileIdentity? {
        guard let status = try FileDescriptor.status(atPath: path) else { return nil }
        var digest: UInt64?
        if status.kind == .directory {
            var accumulator = StableDigest()
            try addEntries(of: FileDescriptor.openDirectory(atPath: path), to: &accumulator)
            digest = accumulator.value
        }
        return FileIdentity(
            device: status.device, inode: status.inode, size: status.size,
            modificationDate: status.modificationDate, isDirectory: status.kind == .directory,
            contentsDigest: digest)
    }

    private static func addEntries(of directory: FileDescriptor, to digest: inout StableDigest) throws {
        for rawName in try directory.entryNames().sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            digest.add(rawName)
            digest.add([0])
            // A name that is not UTF-8 cannot be passed on as a String; its presence is digested all the same.
            guard let name = String(validating: rawName, as: UTF8.self),
                let status = try directory.status(ofEntry: name)
            else { continue }
            digest.add(status.inode)
            digest.add(status.size)
            digest.add(status.modificationSeconds)
            digest.add(status.modificationNanoseconds)
            if status.kind == .directory {
                digest.add([0x2F])
                try addEntries(of: directory.openDirectory(named: name), to: &digest)
                digest.add([0x2E])
            }
        }
    }
}
#else
extension FileIdentity {
    fileprivate static func platformIdentity(ofPath path: String) throws -> FileIdentity? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return nil }
        let attributes = try manager.attributesOfItem(atPath: path)
        let isDirectory = (attributes[.type] as? FileAttributeType) == .typeDirectory
        var digest: UInt64?
        if isDirectory {
            var accumulator = StableDigest()
            let relativePaths = try manager.subpathsOfDirectory(atPath: path).sorted()
            for relativePath in relativePaths {
                accumulator.add(Array(relativePath.utf8))
                accumulator.add([0])
                let member = try manager.attributesOfItem(
                    atPath: (path as NSString).appendingPathComponent(relativePath))
                accumulator.add((member[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0)
                accumulator.add((member[.size] as? NSNumber)?.int64Value ?? 0)
                let date = (member[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                accumulator.add(date.bitPattern)
            }
            digest = accumulator.value
        }
        return FileIdentity(
            device: (attributes[.systemNumber] as? NSNumber)?.uint64Value ?? 0,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            size: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
            modificationDate: attributes[.modificationDate] as? Date ?? .distantPast,
            isDirectory: isDirectory, contentsDigest: digest)
    }
}
#endif
