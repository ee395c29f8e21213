import DocumentCodecs
import DocumentPlatform
import Foundation

/// One side of a package comparison flattened to relative paths, read lazily from a `FileWrapper` or a folder.
///
/// Files keep where their bytes are (in memory or on disk) and, on disk, the size the walk read, so that
/// the comparator can tell files of different sizes apart without reading them, compare the bytes of the
/// others in step, and load a file only when it differs.
struct PackageTree {
    /// A file's bytes: already in memory, or in a file on disk.
    enum Content {
        case loaded(Data)
        /// A regular file at an absolute path, with the size the walk found.
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
                throw ComparisonError(code: "comparison.unreadable", message: reason)
            }
        }

        func digest() throws -> SHA256Digest {
            switch self {
            case .loaded(let data): return SHA256.hash(data)
            case .onDisk(let path, _): return try SHA256.hash(contentsOf: URL(fileURLWithPath: path, isDirectory: false))
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

        var kindName: String {
            switch self {
            case .file: "a file"
            case .folder: "a folder"
            case .link: "a symbolic link"
            case .unreadable: "unreadable"
            }
        }
    }

    /// Every path below the root (never the root itself), with what stands there.
    var entries: [String: Entry] = [:]
    /// The folder on disk the paths are relative to; nil for a tree read from a `FileWrapper`.
    var root: String?

    /// Whether a folder at `path` is compared as a whole instead of member by member.
    typealias IsLeafFolder = (String) -> Bool

    init(wrapper: FileWrapper, isLeafFolder: IsLeafFolder) {
        add(children: wrapper, prefix: "", isLeafFolder: isLeafFolder)
    }

    init(folder: URL, isLeafFolder: IsLeafFolder) {
        self.init(walk: DirectoryWalk(folderAtPath: folder.path, descendingInto: { !isLeafFolder($0) }), root: folder.path)
    }

    /// The tree a walk of the folder at `root` listed (`root` makes the files' paths absolute).
    init(walk: DirectoryWalk, root: String) {
        self.root = root
        let base = root.hasSuffix("/") ? root : root + "/"
        for entry in walk.entries {
            let path = base + entry.path
            switch entry.kind {
            case .regular:
                entries[entry.path] = .file(.onDisk(path: path, size: entry.size))
            case .directory:
                entries[entry.path] = .folder(wrapper: { try? FileWrapper(url: URL(fileURLWithPath: path, isDirectory: true)) })
            case .symbolicLink:
                entries[entry.path] = .link(entry.linkDestination ?? "")
            case .other:
                entries[entry.path] = .unreadable("it is neither a file, a folder nor a link")
            case .unknown:
                entries[entry.path] = .unreadable("it could not be examined")
            }
        }
        for folder in walk.unlistedFolders {
            entries[folder] = .unreadable("its members could not be listed")
        }
    }

    private mutating func add(children folder: FileWrapper, prefix: String, isLeafFolder: IsLeafFolder) {
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
                if !isLeafFolder(path) { add(children: child, prefix: path + "/", isLeafFolder: isLeafFolder) }
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
