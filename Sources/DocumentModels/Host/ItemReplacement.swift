// The seam through which a save moves its result into place. On Linux it goes through
// the system seam's file descriptors (renameat2 with RENAME_EXCHANGE, and the fallbacks where a
// file system cannot swap); on Apple systems through FileManager's item replacement, which swaps
// with renamex_np on APFS.
import Synchronization
import SystemSeam

/// A fresh folder beside a destination, where a writer builds the new item before it replaces
/// the destination in one step.
///
/// The folder sits in the destination's own folder, so it is on the same file system and the
/// final rename is atomic: a reader of the destination sees the old item or the new one, never
/// a mix, and a writer that fails leaves the destination untouched.
final class ItemReplacement: Sendable {
    /// The item to replace (it need not exist yet).
    let destination: URL
    /// Where the writer must build the new item.
    let temporaryItemURL: URL
    private let folderURL: URL
    #if !canImport(Darwin)
    /// The destination's folder and the temporary folder, open from the start to the end of the save
    /// (so the replacement and the clean-up need not look either up again), with the temporary folder's
    /// lock, held until the folder is discarded: a save killed meanwhile leaves the folder unlocked,
    /// and the next save beside the destination removes it.
    private let openFolders: Mutex<(parent: FileDescriptor, saveFolder: SaveFolder)?>
    #endif

    /// Creates the temporary folder beside `destination`.
    init(replacing destination: URL) throws {
        self.destination = destination
        #if !canImport(Darwin)
        let parent = try FileDescriptor.openDirectory(followingLinksAtPath: Self.parentPath(of: destination))
        let saveFolder = try Self.makeFolder(in: parent)
        folderURL = URL(fileURLWithPath: Self.parentPath(of: destination), isDirectory: true)
            .appendingPathComponent(saveFolder.name, isDirectory: true)
        openFolders = Mutex((parent: parent, saveFolder: saveFolder))
        #else
        folderURL = try Self.makeFolder(beside: destination)
        #endif
        temporaryItemURL = folderURL.appendingPathComponent(
            destination.lastPathComponent, isDirectory: destination.hasDirectoryPath)
    }

    /// Whether the writer left anything at `temporaryItemURL`.
    var hasTemporaryItem: Bool {
        #if !canImport(Darwin)
        let name = destination.lastPathComponent
        return openFolders.withLock { folders in
            guard let folders else { return false }
            return (try? folders.saveFolder.descriptor.status(ofEntry: name)) != nil
        }
        #else
        return (try? FileIdentity.current(of: temporaryItemURL)) != nil
        #endif
    }

    /// Copies the current destination to the temporary location, for a writer that writes only
    /// what changed since the previous snapshot.
    @concurrent func copyDestinationToTemporaryItem() async throws {
        try FileManager.default.copyItem(at: destination, to: temporaryItemURL)
    }

    /// Flushes the new item, replaces the destination with it in one step and removes the folder.
    @concurrent func replaceDestination() async throws {
        #if !canImport(Darwin)
        let name = destination.lastPathComponent
        try openFolders.withLock { folders in
            guard let folders else {
                throw FileSystemError(
                    operation: "rename", path: temporaryItemURL.path, errorNumber: SystemErrorText.noSuchEntry)
            }
            try Self.replace(
                name, in: folders.parent, withItemIn: folders.saveFolder.descriptor, itemPath: temporaryItemURL.path)
        }
        #else
        try Self.replace(destination, withItemAt: temporaryItemURL, folder: folderURL)
        #endif
        discard()
    }

    /// Removes the temporary folder and whatever it holds.
    func discard() {
        #if !canImport(Darwin)
        openFolders.withLock { folders in
            if let folders { try? folders.parent.removeTree(named: folders.saveFolder.name) }
            folders = nil
        }
        #else
        Self.removeFolder(folderURL)
        #endif
    }
}

#if !canImport(Darwin)
extension ItemReplacement {
    fileprivate static func parentPath(of url: URL) -> String {
        let parent = (url.path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// Makes the locked temporary folder in `parent`, first removing the ones that killed saves left there.
    fileprivate static func makeFolder(in parent: FileDescriptor) throws -> SaveFolder {
        try SaveFolder(in: parent)
    }

    /// Flushes the item `name` of the open temporary folder and moves it over `name` in `parent` in one step.
    fileprivate static func replace(
        _ name: String, in parent: FileDescriptor, withItemIn temporary: FileDescriptor, itemPath: String
    ) throws {
        guard let newItem = try temporary.status(ofEntry: name) else {
            throw FileSystemError(operation: "rename", path: itemPath, errorNumber: SystemErrorText.noSuchEntry)
        }
        try flush(name, in: temporary, isDirectory: newItem.kind == .directory)
        try AtomicSwap.moveIntoPlace(name, from: temporary, to: parent, newIsDirectory: newItem.kind == .directory)
        try? parent.synchronize()
    }

    /// Makes the new item durable before it becomes visible: one file-system flush, or `fsync` of
    /// everything in the item where the kernel has no `syncfs`.
    ///
    /// The writer need not have flushed anything (a `FileWrapperDocumentWriter` writes into the host's
    /// temporary location without flushing, and a custom writer may do the same), so the fallback
    /// flushes every file and folder of a package, not only its top folder.
    private static func flush(_ name: String, in folder: FileDescriptor, isDirectory: Bool) throws {
        do {
            try folder.synchronizeFileSystem()
        } catch {
            try synchronizeTree(named: name, in: folder) { try $0.synchronize() }
        }
    }

    /// Calls `synchronize` on every regular file and folder of the item `name` in `folder`, each folder
    /// after what it holds; symbolic links and other kinds of item are neither followed nor opened.
    static func synchronizeTree(
        named name: String, in folder: FileDescriptor, synchronize: (FileDescriptor) throws -> Void
    ) throws {
        guard let status = try folder.status(ofEntry: name) else { return }
        switch status.kind {
        case .regular:
            try synchronize(folder.openRegularFile(named: name))
        case .directory:
            let directory = try folder.openDirectory(named: name)
            for rawName in try directory.entryNames() {
                // A name that is not UTF-8 cannot be opened through the descriptor's String API;
                // no writer of ours makes one.
                guard let entryName = String(validating: rawName, as: UTF8.self) else { continue }
                try synchronizeTree(named: entryName, in: directory, synchronize: synchronize)
            }
            try synchronize(directory)
        case .symbolicLink, .other:
            return
        }
    }
}
#else
extension ItemReplacement {
    fileprivate static func makeFolder(beside destination: URL) throws -> URL {
        try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: destination, create: true)
    }

    fileprivate static func removeFolder(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }

    fileprivate static func replace(_ destination: URL, withItemAt item: URL, folder: URL) throws {
        if FileManager.default.fileExists(atPath: destination.path) {
            _ = try FileManager.default.replaceItemAt(destination, withItemAt: item)
        } else {
            try FileManager.default.moveItem(at: item, to: destination)
        }
    }
}
#endif
