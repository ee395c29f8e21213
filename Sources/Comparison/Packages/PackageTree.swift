import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam

/// One side of a package comparison flattened to relative paths, read lazily from a `FileWrapper` or a folder.
///
/// Files keep where their bytes are (in memory or on disk) and, on disk, the size the walk read if it
/// read sizes, so that the comparator can tell files of different sizes apart without reading them,
/// compare the bytes of the others in step, and load a file only when it differs.
struct PackageTree {
    /// A file's bytes: already in memory, or in a file on disk.
    enum Content {
        case loaded(Data)
        /// A regular file at an absolute path, with the size the walk found (`DirectoryWalk.Entry.unknownSize`
        /// when the walk did not read sizes; `PackageTree.Entry.examined()` learns it).
        case onDisk(path: String, size: Int64)
        case unreadable(String)

        func data() throws -> Data {
            switch self {
            case .loaded(let data): return data
            case .onDisk(let path, _):
                do {
                    return try Data(contentsOf: URL(fileURLWithPath: path, isDirectory: false))
                } catch {
                    throw ComparisonError.unreadable(path, underlying: error)
                }
            case .unreadable(let reason):
                throw ComparisonError(code: .unreadable, message: reason)
            }
        }

        func digest() throws -> SHA256Digest {
            switch self {
            case .loaded(let data): return SHA256.hash(data)
            case .onDisk(let path, _):
                return try SHA256.hash(contentsOf: URL(fileURLWithPath: path, isDirectory: false))
            case .unreadable: return SHA256.hash(try data())
            }
        }

        var isEmpty: Bool {
            switch self {
            case .loaded(let data): return data.isEmpty
            case .onDisk(_, let size): return size == 0
            case .unreadable: return false
            }
        }
    }

    /// What stands at a path.
    enum Entry {
        case file(Content)
        /// A folder; `wrapper` gives it whole to a semantic rule.
        case folder(wrapper: () -> FileWrapper?)
        case link(String)
        /// A folder whose members could not be listed, or an item that is neither file, folder nor link.
        case unreadable(String)

        /// The entry as a walk that examined every file would have listed it.
        ///
        /// A folder comparison lists files without their sizes, and learns whether two files are equal by
        /// reading them. Where it needs more (a file only one side has, whose emptiness rename pairing asks
        /// about; a pair that could not be read, whose report says why), it examines the file here: its
        /// size, or `unreadable` as the walk reports a file it could not examine. A file that is no longer
        /// regular changed while it was compared, and is left for the reading to report.
        func examined() -> Entry {
            #if canImport(Darwin)
            // FileManager's walk reads every size, so nothing here is left unexamined.
            return self
            #else
            guard case .file(.onDisk(let path, let size)) = self, size == DirectoryWalk.Entry.unknownSize else {
                return self
            }
            guard let status = try? FileDescriptor.status(atPath: path) else {
                return .unreadable("it could not be examined")
            }
            guard status.kind == .regular else { return self }
            return .file(.onDisk(path: path, size: status.size))
            #endif
        }

        /// Whether this is a file on disk whose size is not known yet.
        var isUnsizedFile: Bool {
            if case .file(.onDisk(_, DirectoryWalk.Entry.unknownSize)) = self { return true }
            return false
        }

        var kindName: String {
            switch self {
            case .file: "a file"
            case .folder: "a folder"
            case .link: "a symbolic link"
            case .unreadable: "unreadable"
            }
        }
    }

    /// One path below the root and what stands there.
    struct Item {
        var path: String
        var entry: Entry
    }

    /// Every path below the root (never the root itself) with what stands there, in byte-wise path order.
    ///
    /// Sorted once per side so that the comparison pairs the two sides in one merge, instead of
    /// hashing every path into a table, a union and lookups on both sides.
    private(set) var items: [Item] = []
    /// The folder on disk the paths are relative to; nil for a tree read from a `FileWrapper`.
    var root: String?

    /// Whether a folder at `path` is compared as a whole instead of member by member.
    typealias IsLeafFolder = (String) -> Bool

    init(wrapper: FileWrapper, isLeafFolder: IsLeafFolder) {
        var entries: [String: Entry] = [:]
        Self.add(children: wrapper, prefix: "", isLeafFolder: isLeafFolder, into: &entries)
        items = entries.map { Item(path: $0.key, entry: $0.value) }.sorted { precedesBytewise($0.path, $1.path) }
    }

    init(folder: URL, isLeafFolder: IsLeafFolder) {
        self.init(
            walk: DirectoryWalk(folderAtPath: folder.path, descendingInto: { !isLeafFolder($0) }), root: folder.path)
    }

    /// The tree a walk of the folder at `root` listed (`root` makes the files' paths absolute).
    init(walk: DirectoryWalk, root: String) {
        self.init(sortedEntries: Self.sorted(walk.entries), unlistedFolders: walk.unlistedFolders, root: root)
    }

    /// A walk's entries in byte-wise path order; apart so that each side can be sorted on a thread of its own.
    static func sorted(_ entries: [DirectoryWalk.Entry]) -> [DirectoryWalk.Entry] {
        entries.sorted { precedesBytewise($0.path, $1.path) }
    }

    /// The tree of a walk of `root` whose entries are already in byte-wise path order.
    init(sortedEntries: [DirectoryWalk.Entry], unlistedFolders: [String], root: String) {
        self.root = root
        let base = root.hasSuffix("/") ? root : root + "/"
        var unlisted = Set(unlistedFolders)
        items.reserveCapacity(sortedEntries.count)
        for entry in sortedEntries {
            let path = base + entry.path
            let item: Entry
            if unlisted.remove(entry.path) != nil {
                item = .unreadable("its members could not be listed")
            } else {
                switch entry.kind {
                case .regular:
                    item = .file(.onDisk(path: path, size: entry.size))
                case .directory:
                    item = .folder(wrapper: { try? FileWrapper(url: URL(fileURLWithPath: path, isDirectory: true)) })
                case .symbolicLink:
                    item = .link(entry.linkDestination ?? "")
                case .other:
                    item = .unreadable("it is neither a file, a folder nor a link")
                case .unknown:
                    item = .unreadable("it could not be examined")
                }
            }
            items.append(Item(path: entry.path, entry: item))
        }
        // A folder that could not be listed at all (the root itself, say) has no entry of its own.
        if !unlisted.isEmpty {
            items += unlisted.map { Item(path: $0, entry: .unreadable("its members could not be listed")) }
            items.sort { precedesBytewise($0.path, $1.path) }
        }
    }

    private static func add(
        children folder: FileWrapper, prefix: String, isLeafFolder: IsLeafFolder, into entries: inout [String: Entry]
    ) {
        guard let children = folder.fileWrappers else {
            entries[prefix.isEmpty ? "" : String(prefix.dropLast())] = .unreadable("its members could not be listed")
            return
        }
        for (name, child) in children {
            let path = prefix + name
            if child.isRegularFile {
                if let data = child.regularFileContents {
                    entries[path] = .file(.loaded(data))
                } else {
                    entries[path] = .file(.unreadable("the file's contents could not be read"))
                }
            } else if child.isSymbolicLink {
                entries[path] = .link(child.symbolicLinkDestinationURL?.relativePath ?? "")
            } else if child.isDirectory {
                entries[path] = .folder(wrapper: { child })
                if !isLeafFolder(path) {
                    add(children: child, prefix: path + "/", isLeafFolder: isLeafFolder, into: &entries)
                }
            } else {
                entries[path] = .unreadable("it is neither a file, a folder nor a link")
            }
        }
    }
}

/// Byte-wise order of UTF-8 paths, the one order reports use (DESIGN.md).
///
/// Sorting a folder's paths calls this some 130,000 times for 10,000 files, so native strings (whose
/// UTF-8 is contiguous) are compared with memcmp rather than byte by byte through an iterator.
func precedesBytewise(_ left: String, _ right: String) -> Bool {
    let fast: Bool?? = left.utf8.withContiguousStorageIfAvailable { leftBytes in
        right.utf8.withContiguousStorageIfAvailable { rightBytes in
            let common = min(leftBytes.count, rightBytes.count)
            if common > 0, let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress {
                let order = memcmp(leftBase, rightBase, common)
                if order != 0 { return order < 0 }
            }
            return leftBytes.count < rightBytes.count
        }
    }
    if let fast, let answer = fast { return answer }
    return left.utf8.lexicographicallyPrecedes(right.utf8)
}
