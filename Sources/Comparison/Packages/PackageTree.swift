import DocumentCodecs
import Foundation

/// One side of a package comparison flattened to relative paths, read lazily from a `FileWrapper` or a folder.
///
/// Files keep where their bytes are (in memory or on disk), so that the comparator can hash a file on
/// disk by streaming it and load it only when its hash differs.
struct PackageTree {
    /// A file's bytes: already in memory, or in a file on disk.
    enum Content {
        case loaded(Data)
        case onDisk(URL)
        case unreadable(String)

        func data() throws -> Data {
            switch self {
            case .loaded(let data): return data
            case .onDisk(let url):
                do {
                    return try Data(contentsOf: url)
                } catch {
                    throw ComparisonError.unreadable(url.path, underlying: error)
                }
            case .unreadable(let reason):
                throw ComparisonError(code: "comparison.unreadable", message: reason)
            }
        }

        func digest() throws -> SHA256Digest {
            switch self {
            case .loaded(let data): return SHA256.hash(data)
            case .onDisk(let url): return try SHA256.hash(contentsOf: url)
            case .unreadable: return SHA256.hash(try data())
            }
        }

        var isEmpty: Bool {
            switch self {
            case .loaded(let data): return data.isEmpty
            case .onDisk(let url): return ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.intValue == 0
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

    /// Whether a folder at `path` is compared as a whole instead of member by member.
    typealias IsLeafFolder = (String) -> Bool

    init(wrapper: FileWrapper, isLeafFolder: IsLeafFolder) {
        add(children: wrapper, prefix: "", isLeafFolder: isLeafFolder)
    }

    init(folder: URL, isLeafFolder: IsLeafFolder) {
        add(folder: folder, prefix: "", isLeafFolder: isLeafFolder)
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

    private mutating func add(folder: URL, prefix: String, isLeafFolder: IsLeafFolder) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else {
            entries[prefix.isEmpty ? "" : String(prefix.dropLast())] = .unreadable("its members could not be listed")
            return
        }
        for name in names {
            let path = prefix + name
            let url = folder.appendingPathComponent(name)
            // attributesOfItem does not follow a link, so a link in a package is compared, never followed.
            let type = (try? manager.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
            switch type {
            case .typeRegular?:
                entries[path] = .file(.onDisk(url))
            case .typeSymbolicLink?:
                entries[path] = .link((try? manager.destinationOfSymbolicLink(atPath: url.path)) ?? "")
            case .typeDirectory?:
                entries[path] = .folder(wrapper: { try? FileWrapper(url: url) })
                if !isLeafFolder(path) { add(folder: url, prefix: path + "/", isLeafFolder: isLeafFolder) }
            default:
                entries[path] = .unreadable("it is neither a file, a folder nor a link")
            }
        }
    }
}

/// Byte-wise order of UTF-8 paths, the one order reports use (DESIGN.md).
func precedesBytewise(_ left: String, _ right: String) -> Bool {
    left.utf8.lexicographicallyPrecedes(right.utf8)
}
