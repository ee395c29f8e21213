// The seam through which a folder comparison lists two trees and compares two files' bytes.
// FileManager answers the same questions far more slowly (about nine stat calls, a listxattr and
// user-name look-ups per item, plus URL building), which made listing most of `docmigrate diff`'s
// time on a tree of small files. On Linux this file reads directories with readdir relative to
// open descriptors, takes an entry's kind from d_type, stats only regular files (for their size)
// and entries whose kind the file system leaves unknown, and never follows a symbolic link.
// On Apple systems it keeps a portable FileManager implementation with the same results.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Every item below a folder, listed once, with the kind and size a comparison needs.
///
/// Symbolic links are reported as links and never followed, so a walk cannot leave its folder.
/// The order of `entries` is the order the file system lists them in; callers sort.
package struct DirectoryWalk: Sendable {
    /// One item below the folder.
    package struct Entry: Sendable, Equatable {
        /// What stands at a path, never following a symbolic link.
        package enum Kind: Sendable, Equatable {
            case regular, directory, symbolicLink
            /// A FIFO, a socket, a device: neither file, folder nor link.
            case other
            /// The item vanished or could not be examined while it was listed.
            case unknown
        }

        /// The path relative to the walked folder, components joined by `/`.
        ///
        /// A name that is not UTF-8 is decoded with replacement characters, so such an item is listed
        /// but cannot be opened again by this path; reading it fails and is reported, never guessed.
        package var path: String
        package var kind: Kind
        /// The size in bytes of a regular file; 0 for every other kind.
        ///
        /// `Entry.unknownSize` for a regular file a walk listed without reading sizes
        /// (`init(folderAtPath:descendingInto:sizes:)` with `.skipped`).
        package var size: Int64
        /// Where a symbolic link points; nil for other kinds or when the link cannot be read.
        package var linkDestination: String?

        /// The size of a regular file a walk listed without reading sizes.
        package static let unknownSize: Int64 = -1

        package init(path: String, kind: Kind, size: Int64 = 0, linkDestination: String? = nil) {
            self.path = path
            self.kind = kind
            self.size = size
            self.linkDestination = linkDestination
        }
    }

    /// Every item below the folder (never the folder itself).
    package private(set) var entries: [Entry] = []
    /// The folders whose members could not be listed, relative to the walked folder (`""` for the folder itself).
    package private(set) var unlistedFolders: [String] = []

    /// A walk that listed nothing, to stand in until a real walk replaces it.
    package init() {}

    /// How many folders deep a walk goes; a folder nested deeper is reported in `unlistedFolders`.
    ///
    /// Each level holds its folder open (members are opened relative to it, never by a path that
    /// could exceed PATH_MAX or pass through a link), and two walks run at once under the usual
    /// limit of 1,024 open files. Documents nest a few levels; a tree deeper than this is hostile
    /// or broken, and is reported as a folder that could not be listed rather than crashing.
    package static let maximumDepth = 255

    /// Whether the walk goes below a folder, given its relative path.
    package typealias DescentDecision = (String) -> Bool

    /// Whether the walk reads each regular file's size.
    ///
    /// Reading a size costs one `fstatat` per file, a name lookup in the kernel that is a large part of
    /// listing a tree of small files; a caller that reads the files anyway can learn what it needs then.
    package enum SizeReading: Sendable {
        /// Every regular file's size is read while listing.
        case read
        /// A regular file the file system names as such (`d_type`) is listed with `Entry.unknownSize`.
        case skipped
    }

    fileprivate static func joined(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : prefix + "/" + name
    }
}

#if !canImport(Darwin)
extension DirectoryWalk {
    /// Lists everything below the folder at `root`, going into a subfolder only when `shouldDescend` says so.
    ///
    /// Never throws: a folder that cannot be opened or read is recorded in `unlistedFolders`, as the
    /// comparison reports it as a member it could not read.
    package init(folderAtPath root: String, descendingInto shouldDescend: DescentDecision) {
        self.init(folderAtPath: root, descendingInto: shouldDescend, sizes: .read)
    }

    /// Lists everything below the folder at `root` like `init(folderAtPath:descendingInto:)`, reading
    /// regular files' sizes only when `sizes` says so.
    ///
    /// With `.skipped`, a file whose kind the directory entry gives as regular is not examined at all: its
    /// size is `Entry.unknownSize`, and a file that could not have been examined (a folder that may be
    /// listed but not searched) is listed as regular rather than as `.unknown`, to fail when it is opened.
    /// Entries of unknown kind are still examined, and their size comes with their kind.
    package init(folderAtPath root: String, descendingInto shouldDescend: DescentDecision, sizes: SizeReading) {
        // The root is the folder the caller named, so a link there is followed like any path a user types.
        let descriptor = Self.retryingInterrupts { open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0, let rootFolder = Self.openFolder(descriptor, prefix: "", unlisted: &unlistedFolders)
        else {
            if descriptor < 0 { unlistedFolders = [""] }
            return
        }
        // Depth first with an explicit stack, so a deep tree cannot exhaust the thread's stack.
        var stack = [rootFolder]
        while let top = stack.last {
            guard top.nextIndex < top.names.count else {
                closedir(top.stream)
                stack.removeLast()
                continue
            }
            let name = top.names[top.nextIndex]
            stack[stack.count - 1].nextIndex += 1
            let folder = dirfd(top.stream)
            let path = Self.joined(top.prefix, name.text)
            var isFolder = false
            switch Int(name.type) {
            case Int(DT_DIR):
                isFolder = true
            case Int(DT_REG) where sizes == .skipped:
                entries.append(Entry(path: path, kind: .regular, size: Entry.unknownSize))
            case Int(DT_REG), Int(DT_UNKNOWN):
                // A regular file needs its size; an unknown type needs its kind: one fstatat answers both.
                var status = stat()
                guard fstatat(folder, name.bytes, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                    entries.append(Entry(path: path, kind: .unknown))
                    continue
                }
                switch status.st_mode & S_IFMT {
                case S_IFREG: entries.append(Entry(path: path, kind: .regular, size: Int64(status.st_size)))
                case S_IFDIR: isFolder = true
                case S_IFLNK:
                    entries.append(
                        Entry(path: path, kind: .symbolicLink, linkDestination: Self.linkDestination(name, in: folder)))
                default: entries.append(Entry(path: path, kind: .other))
                }
            case Int(DT_LNK):
                entries.append(
                    Entry(path: path, kind: .symbolicLink, linkDestination: Self.linkDestination(name, in: folder)))
            default:
                entries.append(Entry(path: path, kind: .other))
            }
            guard isFolder else { continue }
            entries.append(Entry(path: path, kind: .directory))
            guard shouldDescend(path) else { continue }
            guard stack.count <= Self.maximumDepth else {
                unlistedFolders.append(path)
                continue
            }
            let child = Self.retryingInterrupts {
                openat(folder, name.bytes, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard child >= 0 else {
                unlistedFolders.append(path)
                continue
            }
            if let frame = Self.openFolder(child, prefix: path, unlisted: &unlistedFolders) { stack.append(frame) }
        }
    }

    fileprivate static func retryingInterrupts(_ call: () -> Int32) -> Int32 {
        var result: Int32
        repeat { result = call() } while result == -1 && errno == EINTR
        return result
    }

    /// A directory entry's name as read: the bytes for the C library (NUL-terminated) and the decoded text.
    private struct Name {
        var bytes: [CChar]
        var text: String
        var type: UInt8
    }

    /// One folder being listed: its open stream, its path, its members' names and the next one to look at.
    private struct OpenFolder {
        var stream: OpaquePointer
        var prefix: String
        var names: [Name]
        var nextIndex = 0
    }

    /// Reads the names in the folder open at `descriptor`, which the result takes over (closed with its stream).
    ///
    /// Nil when the folder cannot be read; its path is then added to `unlisted`.
    private static func openFolder(_ descriptor: Int32, prefix: String, unlisted: inout [String]) -> OpenFolder? {
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            unlisted.append(prefix)
            return nil
        }
        var names: [Name] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { unlisted.append(prefix) }
                break
            }
            let type = entry.pointee.d_type
            let name: Name? = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                let length = buffer.firstIndex(of: 0) ?? buffer.count
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<length])
                if length == 0 || (length <= 2 && bytes.allSatisfy { $0 == 0x2E }) { return nil }
                return Name(
                    bytes: bytes.map { CChar(bitPattern: $0) } + [0], text: String(decoding: bytes, as: UTF8.self),
                    type: type)
            }
            if let name { names.append(name) }
        }
        return OpenFolder(stream: stream, prefix: prefix, names: names)
    }

    private static func linkDestination(_ name: Name, in folder: Int32) -> String? {
        var capacity = 256
        while capacity <= 1 << 16 {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = readlinkat(folder, name.bytes, &buffer, capacity)
            if count < 0 { return nil }
            if count < capacity {
                return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity *= 2
        }
        return nil
    }
}

extension DirectoryWalk {
    /// Compares the bytes of two regular files in step, stopping at the first difference.
    ///
    /// Holds two read buffers, reused from one pair of files to the next, and optionally two open folders
    /// that relative paths are resolved from (sparing the kernel the lookup of the folders' own path for
    /// every file). One comparer per thread: it is deliberately not `Sendable`.
    package final class ContentsComparer {
        /// The number of bytes read from each file per step.
        package static let chunkByteCount = 1 << 17

        private let leftBuffer: UnsafeMutableRawPointer
        private let rightBuffer: UnsafeMutableRawPointer
        /// Where relative left and right paths start: open folders, or the current directory.
        private let leftFolder: Int32, rightFolder: Int32
        private let leftFolderPath: String, rightFolderPath: String

        /// A comparer that resolves relative paths from the current directory.
        package init() {
            leftBuffer = UnsafeMutableRawPointer.allocate(byteCount: Self.chunkByteCount, alignment: 16)
            rightBuffer = UnsafeMutableRawPointer.allocate(byteCount: Self.chunkByteCount, alignment: 16)
            (leftFolder, rightFolder) = (AT_FDCWD, AT_FDCWD)
            (leftFolderPath, rightFolderPath) = ("", "")
        }

        /// A comparer that resolves relative left paths from `leftFolder` and right ones from `rightFolder`.
        ///
        /// Throws `FileSystemError` when either folder cannot be opened.
        package init(leftFolder leftPath: String, rightFolder rightPath: String) throws {
            let left = DirectoryWalk.retryingInterrupts { open(leftPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard left >= 0 else { throw FileSystemError(operation: "open", path: leftPath, errorNumber: errno) }
            let right = DirectoryWalk.retryingInterrupts { open(rightPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard right >= 0 else {
                let error = errno
                close(left)
                throw FileSystemError(operation: "open", path: rightPath, errorNumber: error)
            }
            leftBuffer = UnsafeMutableRawPointer.allocate(byteCount: Self.chunkByteCount, alignment: 16)
            rightBuffer = UnsafeMutableRawPointer.allocate(byteCount: Self.chunkByteCount, alignment: 16)
            (leftFolder, rightFolder) = (left, right)
            (leftFolderPath, rightFolderPath) = (leftPath, rightPath)
        }

        deinit {
            leftBuffer.deallocate()
            rightBuffer.deallocate()
            if leftFolder != AT_FDCWD { close(leftFolder) }
            if rightFolder != AT_FDCWD { close(rightFolder) }
        }

        /// Whether the files at the two paths hold the same bytes.
        ///
        /// The last component of neither path may be a symbolic link (it is refused, not followed). Throws
        /// `FileSystemError` naming the file that cannot be opened or read, including a folder where a file was listed.
        package func contentsAreEqual(atPath leftPath: String, andPath rightPath: String) throws -> Bool {
            try contentsAreEqual(atPath: leftPath, andPath: rightPath, comparingSizes: false)
        }

        /// Whether the files at the two paths hold the same bytes, for files whose sizes the caller does not know.
        ///
        /// Files that fit in one chunk are read to their ends at once, which tells different sizes apart
        /// as well. Files larger than one chunk have their sizes compared, from the open descriptors (no
        /// second lookup of their names), before anything past the first chunk is read, so two large files
        /// of different sizes cost one chunk each, as a caller that knew the sizes would have spent none.
        /// Otherwise as `contentsAreEqual(atPath:andPath:)`.
        package func contentsOfUnknownSizesAreEqual(atPath leftPath: String, andPath rightPath: String) throws -> Bool {
            try contentsAreEqual(atPath: leftPath, andPath: rightPath, comparingSizes: true)
        }

        /// Compares the files at the two paths as `contentsAreEqual(atPath:andPath:)` does (or, when
        /// `sizesAreKnown` is false, as `contentsOfUnknownSizesAreEqual(atPath:andPath:)` does), and hands
        /// on the bytes of two files that differ and both fit in one chunk.
        ///
        /// A caller that explains the files that differ would otherwise open and read each of them a
        /// second time; the bytes are in the buffers already. Larger files that differ come back as
        /// `.different`, and the caller reads them again itself.
        package func compareContents(
            atPath leftPath: String, andPath rightPath: String, sizesAreKnown: Bool
        ) throws -> ContentsComparison {
            let left = try Self.openForReading(leftPath, in: leftFolder, named: leftFolderPath)
            defer { close(left) }
            let right = try Self.openForReading(rightPath, in: rightFolder, named: rightFolderPath)
            defer { close(right) }
            return try compareContents(
                left, leftPath, right, rightPath, comparingSizes: !sizesAreKnown, keepingContents: true)
        }

        private func contentsAreEqual(
            atPath leftPath: String, andPath rightPath: String, comparingSizes: Bool
        ) throws -> Bool {
            let left = try Self.openForReading(leftPath, in: leftFolder, named: leftFolderPath)
            defer { close(left) }
            let right = try Self.openForReading(rightPath, in: rightFolder, named: rightFolderPath)
            defer { close(right) }
            return try compareContents(
                left, leftPath, right, rightPath, comparingSizes: comparingSizes, keepingContents: false) == .equal
        }

        /// Compares two open files; the paths name them in errors.
        private func compareContents(
            _ left: Int32, _ leftPath: String, _ right: Int32, _ rightPath: String, comparingSizes: Bool,
            keepingContents: Bool
        ) throws -> ContentsComparison {
            var isFirstChunk = true
            while true {
                let leftCount = try Self.fill(leftBuffer, from: left, path: leftPath)
                let rightCount = try Self.fill(rightBuffer, from: right, path: rightPath)
                if leftCount != rightCount || memcmp(leftBuffer, rightBuffer, leftCount) != 0 {
                    // A count below a whole chunk means the file ended: all of its bytes are in the buffer.
                    guard keepingContents, isFirstChunk, leftCount < Self.chunkByteCount,
                        rightCount < Self.chunkByteCount
                    else {
                        return .different
                    }
                    return .differentContents(
                        Data(bytes: leftBuffer, count: leftCount), Data(bytes: rightBuffer, count: rightCount))
                }
                if leftCount < Self.chunkByteCount { return .equal }
                if comparingSizes && isFirstChunk {
                    // A size that cannot be read proves nothing; the reading goes on and decides.
                    var leftStatus = stat(), rightStatus = stat()
                    if fstat(left, &leftStatus) == 0 && fstat(right, &rightStatus) == 0
                        && leftStatus.st_size != rightStatus.st_size
                    {
                        return .different
                    }
                }
                isFirstChunk = false
            }
        }

        private static func openForReading(_ path: String, in folder: Int32, named folderPath: String) throws -> Int32 {
            // O_NONBLOCK keeps a FIFO swapped in after the walk from blocking the open.
            let descriptor = DirectoryWalk.retryingInterrupts {
                openat(folder, path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            }
            guard descriptor >= 0 else {
                let shown = folderPath.isEmpty || path.hasPrefix("/") ? path : DirectoryWalk.joined(folderPath, path)
                throw FileSystemError(operation: "open", path: shown, errorNumber: errno)
            }
            return descriptor
        }

        /// Reads until the buffer is full or the file ends; the count read.
        private static func fill(_ buffer: UnsafeMutableRawPointer, from descriptor: Int32, path: String) throws -> Int
        {
            var total = 0
            while total < chunkByteCount {
                let count = read(descriptor, buffer + total, chunkByteCount - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(operation: "read", path: path, errorNumber: errno)
                }
                if count == 0 { break }
                total += count
            }
            return total
        }
    }
}
#else
extension DirectoryWalk {
    /// Lists everything below the folder at `root`, going into a subfolder only when `shouldDescend` says so.
    ///
    /// Never throws: a folder that cannot be listed is recorded in `unlistedFolders`.
    package init(folderAtPath root: String, descendingInto shouldDescend: DescentDecision) {
        self.init(folderAtPath: root, descendingInto: shouldDescend, sizes: .read)
    }

    /// Lists everything below the folder at `root`; FileManager gives every size with the kind, so sizes are always
    /// read.
    package init(folderAtPath root: String, descendingInto shouldDescend: DescentDecision, sizes: SizeReading) {
        add(folder: URL(fileURLWithPath: root, isDirectory: true), prefix: "", depth: 0, shouldDescend: shouldDescend)
    }

    private mutating func add(folder: URL, prefix: String, depth: Int, shouldDescend: DescentDecision) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else {
            unlistedFolders.append(prefix)
            return
        }
        for name in names {
            let path = Self.joined(prefix, name)
            let url = folder.appendingPathComponent(name)
            // attributesOfItem does not follow a link, so a link is listed, never followed.
            guard let attributes = try? manager.attributesOfItem(atPath: url.path) else {
                entries.append(Entry(path: path, kind: .unknown))
                continue
            }
            switch attributes[.type] as? FileAttributeType {
            case .typeRegular?:
                let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
                entries.append(Entry(path: path, kind: .regular, size: size))
            case .typeSymbolicLink?:
                entries.append(
                    Entry(
                        path: path, kind: .symbolicLink,
                        linkDestination: try? manager.destinationOfSymbolicLink(atPath: url.path)))
            case .typeDirectory?:
                entries.append(Entry(path: path, kind: .directory))
                guard shouldDescend(path) else { continue }
                if depth >= Self.maximumDepth {
                    unlistedFolders.append(path)
                } else {
                    add(folder: url, prefix: path, depth: depth + 1, shouldDescend: shouldDescend)
                }
            default:
                entries.append(Entry(path: path, kind: .other))
            }
        }
    }
}

extension DirectoryWalk {
    /// Compares the bytes of two regular files in step, stopping at the first difference.
    ///
    /// One comparer per thread (it is deliberately not `Sendable`).
    package final class ContentsComparer {
        /// The number of bytes read from each file per step.
        package static let chunkByteCount = 1 << 17

        private let leftFolderPath: String, rightFolderPath: String

        /// A comparer that resolves relative paths from the current directory.
        package init() {
            (leftFolderPath, rightFolderPath) = ("", "")
        }

        /// A comparer that resolves relative left paths from `leftFolder` and right ones from `rightFolder`.
        package init(leftFolder: String, rightFolder: String) throws {
            (leftFolderPath, rightFolderPath) = (leftFolder, rightFolder)
        }

        /// Whether the files at the two paths hold the same bytes, for files whose sizes the caller does not know.
        ///
        /// The same as `contentsAreEqual(atPath:andPath:)` here, which reads both files in step anyway.
        package func contentsOfUnknownSizesAreEqual(
            atPath leftRelativePath: String, andPath rightRelativePath: String
        ) throws -> Bool {
            try contentsAreEqual(atPath: leftRelativePath, andPath: rightRelativePath)
        }

        /// Whether the files at the two paths hold the same bytes; the bytes of files that differ are not kept here.
        package func compareContents(
            atPath leftPath: String, andPath rightPath: String, sizesAreKnown: Bool
        ) throws -> ContentsComparison {
            try contentsAreEqual(atPath: leftPath, andPath: rightPath) ? .equal : .different
        }

        /// Whether the files at the two paths hold the same bytes.
        ///
        /// Throws `FileSystemError` naming the file that cannot be opened or read.
        package func contentsAreEqual(atPath leftRelativePath: String, andPath rightRelativePath: String) throws -> Bool
        {
            let leftPath =
                leftFolderPath.isEmpty || leftRelativePath.hasPrefix("/")
                ? leftRelativePath : DirectoryWalk.joined(leftFolderPath, leftRelativePath)
            let rightPath =
                rightFolderPath.isEmpty || rightRelativePath.hasPrefix("/")
                ? rightRelativePath : DirectoryWalk.joined(rightFolderPath, rightRelativePath)
            for path in [leftPath, rightPath] {
                let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                guard type == .typeRegular else {
                    throw FileSystemError(operation: "open", path: path, errorNumber: EINVAL)
                }
            }
            let left = try Self.open(leftPath)
            defer { try? left.close() }
            let right = try Self.open(rightPath)
            defer { try? right.close() }
            while true {
                let leftChunk = try Self.read(left, path: leftPath)
                let rightChunk = try Self.read(right, path: rightPath)
                if leftChunk != rightChunk { return false }
                if leftChunk.isEmpty { return true }
            }
        }

        private static func open(_ path: String) throws -> FileHandle {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw FileSystemError(operation: "open", path: path, errorNumber: errno)
            }
            return handle
        }

        private static func read(_ handle: FileHandle, path: String) throws -> Data {
            do {
                return try handle.read(upToCount: chunkByteCount) ?? Data()
            } catch {
                throw FileSystemError(operation: "read", path: path, errorNumber: EIO)
            }
        }
    }
}
#endif

extension DirectoryWalk {
    /// What `ContentsComparer.compareContents(atPath:andPath:sizesAreKnown:)` found.
    package enum ContentsComparison: Equatable {
        /// The two files hold the same bytes.
        case equal
        /// The files differ; their bytes were not kept (a file larger than one chunk, or no buffers to keep them from).
        case different
        /// The files differ, and these are all of their bytes, left and right.
        case differentContents(Data, Data)
    }
}
