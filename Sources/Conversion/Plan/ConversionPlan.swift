import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam

/// The inputs of a job, found one at a time: a walk of folders, or the paths listed in a file.
///
/// The plan is a `Sequence` whose iterator walks lazily, so memory holds the folders on the current
/// path (each one's sorted names), never the whole corpus. Folders are walked in byte-wise name order,
/// so two runs (and N shards) see the same items in the same order.
///
/// What it yields and skips:
/// - a regular file is an item; a folder whose detected type conforms to `com.apple.package`, or that a
///   registered codec reads as a folder type (RTFD, a notebook), is one item and is not descended into;
/// - AppleDouble files (`._*`), `.DS_Store` and the job's own files (`.docmigrate-*`) are left out;
/// - iCloud placeholders (`.Name.icloud`, a document not downloaded) and symbolic links, FIFOs and devices
///   are items reported as skipped with the reason, never converted;
/// - folders in `excludedFolders` (the output folder, when it lies inside an input folder) are not walked
///   below a root;
/// - a folder whose name ends in `backupSuffix` (an in-place job's backup of a package) is one item, never
///   walked into, so that nothing inside a backup is converted;
/// - with a shard, only the items `ShardAssignment.contains` takes.
public struct ConversionPlan: Sequence, Sendable {
    /// Where the inputs come from.
    public enum Source: Sendable {
        /// Files and folders named on the command line.
        case paths([ItemPath])
        /// A file of NUL-separated paths (`-` is standard input).
        case filesFrom(ItemPath)
    }

    /// Where the inputs come from.
    public var source: Source
    /// The codecs that decide which folders are documents.
    public var registry: CodecRegistry
    /// The shard this process takes, or nil for all items.
    public var shard: ShardAssignment?
    /// Folders (by device and inode) never walked.
    public var excludedFolders: Set<FileIdentity>
    /// The suffix of an in-place job's backups, whose folders are items rather than walked; nil otherwise.
    public var backupSuffix: [UInt8]?
    /// Whether the walk takes the status (size, times) of each file it finds; otherwise a file its
    /// directory entry names a regular file is handed on with its identity only (`PlannedItem.foundIdentity`).
    ///
    /// A job that reads each file's size and time from the worker that converts it, and needs them for
    /// nothing before (no `--resume`, not in place), spares a look-up per file of the walk, which was most
    /// of the walk's time over a tree of small files. Entries whose kind the directory does not record,
    /// links, folders and everything else are still looked up.
    package var readsFileStatuses = true
    /// Whether the walk believes the kind a directory entry records; when false every entry is handled
    /// as one whose kind the file system leaves unknown (`DT_UNKNOWN`, as on some network and older
    /// file systems), and looked up. For tests of that path on file systems that always record kinds.
    package var trustsEntryKinds = true

    /// A plan over `source`.
    public init(
        source: Source, registry: CodecRegistry, shard: ShardAssignment? = nil, excludedFolders: Set<FileIdentity> = []
    ) {
        self.source = source
        self.registry = registry
        self.shard = shard
        self.excludedFolders = excludedFolders
    }

    public func makeIterator() -> Iterator { Iterator(plan: self) }

    /// Whether a name is left out of every walk (AppleDouble, Finder metadata, the job's own files).
    public static func isIgnoredName(_ name: [UInt8]) -> Bool {
        name.starts(with: Array("._".utf8)) || name == Array(".DS_Store".utf8)
            || name.starts(with: Array(".docmigrate-".utf8))
    }

    /// Whether a name is an iCloud placeholder: `.Name.icloud`, standing for `Name` not downloaded.
    public static func isICloudPlaceholder(_ name: [UInt8]) -> Bool {
        name.first == 0x2E && name.count > ".icloud".utf8.count + 1
            && name.reversed().starts(with: Array(".icloud".utf8).reversed())
    }

    /// Whether the folder at `path` is one document: a package type, or a folder type a codec reads.
    public static func isDocumentFolder(_ path: ItemPath, registry: CodecRegistry) -> Bool {
        guard let url = path.fileURL else { return false }
        return isDocumentFolder(ContentTypeDetector(codecs: registry, order: .contentFirst).detect(at: url))
    }

    /// Whether a folder detected as `detection` is one document: a package type, or a folder type a codec reads.
    static func isDocumentFolder(_ detection: ContentTypeDetector.Detection) -> Bool {
        if detection.contentType.conforms(to: .package) { return true }
        if detection.codec != nil && detection.contentType.conforms(to: .directory) && detection.contentType != .folder
            && detection.contentType != .directory
        {
            return true
        }
        return false
    }

    /// Walks the plan; not `Sendable`: one task drains it.
    public final class Iterator: IteratorProtocol {
        private struct Folder {
            var path: ItemPath
            var relativePath: ItemPath
            /// The folder's entries (sorted by name, ignored names left out) and the open folder, each
            /// entry looked up by its name in it rather than by its whole path.
            var listing: ListedFolder
            var entries: [ListedFolder.Entry]
            var next = 0
            /// The device the folder is on, which its regular files share: with an entry's inode number, a file's
            /// identity.
            var device: UInt64
        }

        private let plan: ConversionPlan
        private var pendingRoots: [ItemPath] = []
        private var listReader: NULSeparatedReader?
        private var folders: [Folder] = []
        private var pendingItems: [PlannedItem] = []
        private var documentFolders = DocumentFolderCache()

        init(plan: ConversionPlan) {
            self.plan = plan
            switch plan.source {
            case .paths(let paths): pendingRoots = paths.reversed()
            case .filesFrom(let path): listReader = NULSeparatedReader(path: path)
            }
        }

        public func next() -> PlannedItem? {
            while true {
                if let item = pendingItems.popLast() {
                    if let shard = plan.shard, !shard.contains(item.relativePath) { continue }
                    return item
                }
                if !folders.isEmpty {
                    advanceFolder()
                    continue
                }
                if let root = pendingRoots.popLast() {
                    addRoot(root, relativePath: ItemPath(bytes: root.lastComponent), listed: false)
                    continue
                }
                if let reader = listReader {
                    switch reader.next() {
                    case .some(.success(let path)):
                        addRoot(path, relativePath: Self.cleanedRelativePath(path), listed: true)
                        continue
                    case .some(.failure(let error)):
                        listReader = nil
                        pendingItems.append(
                            PlannedItem(input: reader.path, relativePath: reader.path, kind: .other, skipReason: error))
                        continue
                    case .none:
                        listReader = nil
                    }
                }
                return nil
            }
        }

        /// A listed path below the current folder: no leading `/` or `./`, no `..` leading out.
        static func cleanedRelativePath(_ path: ItemPath) -> ItemPath {
            var components: [[UInt8]] = []
            for component in path.bytes.split(separator: 0x2F) {
                if component.elementsEqual([0x2E]) { continue }
                if component.elementsEqual([0x2E, 0x2E]) {
                    if !components.isEmpty { components.removeLast() }
                    continue
                }
                components.append(Array(component))
            }
            return ItemPath(bytes: Array(components.joined(separator: [0x2F])))
        }

        private func addRoot(_ path: ItemPath, relativePath: ItemPath, listed: Bool) {
            let status: FileStatus?
            do {
                status = try ByteNamedFiles.statusFollowingLinks(path.bytes)
            } catch {
                pendingItems.append(
                    PlannedItem(
                        input: path, relativePath: relativePath, kind: .other,
                        skipReason: ConversionError(error, file: path.description)))
                return
            }
            guard let status else {
                let error = ConversionError(
                    code: .inputMissing, message: "no file or folder is there", file: path.description)
                pendingItems.append(
                    PlannedItem(input: path, relativePath: relativePath, kind: .other, skipReason: error))
                return
            }
            switch status.kind {
            case .regular:
                pendingItems.append(item(path: path, relativePath: relativePath, status: status))
            case .directory:
                if documentFolders.isDocumentFolder(path, registry: plan.registry) {
                    pendingItems.append(package(path: path, relativePath: relativePath, status: status))
                } else {
                    // A folder named on the command line is mirrored by its contents; a listed one keeps its path.
                    openFolder(
                        path, relativePath: listed ? relativePath : ItemPath(bytes: []), status: status, isRoot: true)
                }
            default:
                pendingItems.append(item(path: path, relativePath: relativePath, status: status))
            }
        }

        private func openFolder(_ path: ItemPath, relativePath: ItemPath, status: FileStatus, isRoot: Bool = false) {
            // A named root is always walked: an output folder that is the input folder itself must
            // meet the per-item output-is-input refusal, not silently make the job empty.
            if !isRoot && plan.excludedFolders.contains(FileIdentity(status)) { return }
            do {
                let listing = try ListedFolder(listing: path.bytes)
                var entries = listing.entries.filter { !ConversionPlan.isIgnoredName($0.name) }
                entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
                folders.append(
                    Folder(
                        path: path, relativePath: relativePath, listing: listing, entries: entries,
                        device: status.device))
            } catch {
                let reason = ConversionError(
                    code: .folderUnreadable, message: "the folder could not be listed: \(error)", file: path.description
                )
                pendingItems.append(
                    PlannedItem(input: path, relativePath: relativePath, kind: .other, skipReason: reason))
            }
        }

        private func advanceFolder() {
            let last = folders.count - 1
            guard last >= 0 else { return }
            guard folders[last].next < folders[last].entries.count else {
                folders.removeLast()
                return
            }
            let entry = folders[last].entries[folders[last].next]
            folders[last].next += 1
            let name = entry.name
            let path = folders[last].path.appending(name)
            let relativePath = folders[last].relativePath.appending(name)
            if ConversionPlan.isICloudPlaceholder(name) {
                let reason = ConversionError(
                    code: .skippedICloudPlaceholder, message: "an iCloud placeholder: the document is not downloaded",
                    file: path.description)
                pendingItems.append(
                    PlannedItem(input: path, relativePath: relativePath, kind: .other, skipReason: reason))
                return
            }
            if !plan.readsFileStatuses && plan.trustsEntryKinds && entry.kind == .regular {
                // The directory entry says it is a regular file: the job learns its size and time from the worker that
                // reads it.
                var item = PlannedItem(input: path, relativePath: relativePath, kind: .file)
                item.foundIdentity = FileIdentity(device: folders[last].device, inode: entry.inode)
                pendingItems.append(item)
                return
            }
            let status: FileStatus?
            do {
                status = try folders[last].listing.status(ofEntry: name)
            } catch {
                pendingItems.append(
                    PlannedItem(
                        input: path, relativePath: relativePath, kind: .other,
                        skipReason: ConversionError(error, file: path.description)))
                return
            }
            guard let status else { return }
            if status.kind == .directory {
                if let suffix = plan.backupSuffix, !suffix.isEmpty, name.count > suffix.count,
                    name.reversed().starts(with: suffix.reversed())
                {
                    pendingItems.append(PlannedItem(input: path, relativePath: relativePath, kind: .package))
                } else if documentFolders.isDocumentFolder(path, registry: plan.registry) {
                    pendingItems.append(package(path: path, relativePath: relativePath, status: status))
                } else {
                    openFolder(path, relativePath: relativePath, status: status)
                }
                return
            }
            pendingItems.append(item(path: path, relativePath: relativePath, status: status))
        }

        /// A folder that is one document; without file statuses, it carries its identity for the job
        /// (which learns its time from the worker), as a file does.
        private func package(path: ItemPath, relativePath: ItemPath, status: FileStatus) -> PlannedItem {
            var item = PlannedItem(input: path, relativePath: relativePath, kind: .package)
            if !plan.readsFileStatuses { item.foundIdentity = FileIdentity(status) }
            return item
        }

        private func item(path: ItemPath, relativePath: ItemPath, status: FileStatus) -> PlannedItem {
            switch status.kind {
            case .regular:
                var item = PlannedItem(input: path, relativePath: relativePath, kind: .file)
                item.foundStatus = status
                return item
            case .symbolicLink:
                let reason = ConversionError(
                    code: .skippedSymbolicLink, message: "a symbolic link is not followed", file: path.description)
                return PlannedItem(input: path, relativePath: relativePath, kind: .other, skipReason: reason)
            default:
                let reason = ConversionError(
                    code: .skippedNotAFile, message: "neither a file nor a folder (a FIFO, socket or device)",
                    file: path.description)
                return PlannedItem(input: path, relativePath: relativePath, kind: .other, skipReason: reason)
            }
        }
    }
}

/// An item's identity on disk: its device and inode, which tell whether two paths name the same file.
public struct FileIdentity: Hashable, Sendable {
    /// The device number.
    public var device: UInt64
    /// The inode number.
    public var inode: UInt64

    /// An identity from its numbers.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    package init(_ status: FileStatus) {
        self.init(device: status.device, inode: status.inode)
    }

    /// The identity of the item at `path` (following links), or nil when nothing is there.
    public static func of(_ path: ItemPath) -> FileIdentity? {
        (try? ByteNamedFiles.statusFollowingLinks(path.bytes))?.map(FileIdentity.init)
    }
}

extension ConversionPlan {
    /// How many items the plan yields (a walk without reading any file), for a progress bar's total.
    public func count() -> Int {
        var count = 0
        for _ in self { count += 1 }
        return count
    }
}
