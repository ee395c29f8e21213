// The seam through which a save moves its result into place. On Linux it goes through
// DocumentPlatform's file descriptors (renameat2 with RENAME_EXCHANGE, and the fallbacks where a
// file system cannot swap); on Apple systems through FileManager's item replacement, which swaps
// with renamex_np on APFS.
import Synchronization

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
    /// The folder's lock, held until the folder is discarded: a save killed meanwhile leaves the
    /// folder unlocked, and the next save beside the destination removes it.
    private let saveFolder: Mutex<SaveFolder?>
    #endif

    /// Creates the temporary folder beside `destination`.
    init(replacing destination: URL) throws {
        self.destination = destination
        #if !canImport(Darwin)
        let saveFolder = try Self.makeFolder(beside: destination)
        self.saveFolder = Mutex(saveFolder)
        folderURL = URL(fileURLWithPath: Self.parentPath(of: destination), isDirectory: true)
            .appendingPathComponent(saveFolder.name, isDirectory: true)
        #else
        folderURL = try Self.makeFolder(beside: destination)
        #endif
        temporaryItemURL = folderURL.appendingPathComponent(destination.lastPathComponent, isDirectory: destination.hasDirectoryPath)
    }

    /// Whether the writer left anything at `temporaryItemURL`.
    var hasTemporaryItem: Bool {
        (try? FileIdentity.current(of: temporaryItemURL)) != nil
    }

    /// Copies the current destination to the temporary location, for a writer that writes only
    /// what changed since the previous snapshot.
    @concurrent func copyDestinationToTemporaryItem() async throws {
        try FileManager.default.copyItem(at: destination, to: temporaryItemURL)
    }

    /// Flushes the new item, replaces the destination with it in one step and removes the folder.
    @concurrent func replaceDestination() async throws {
        try Self.replace(destination, withItemAt: temporaryItemURL, folder: folderURL)
        discard()
    }

    /// Removes the temporary folder and whatever it holds.
    func discard() {
        Self.removeFolder(folderURL)
        #if !canImport(Darwin)
        saveFolder.withLock { $0 = nil }
        #endif
    }
}

#if !canImport(Darwin)
extension ItemReplacement {
    fileprivate static func parentPath(of url: URL) -> String {
        let parent = (url.path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// Makes the locked temporary folder, first removing the ones that killed saves left beside the destination.
    fileprivate static func makeFolder(beside destination: URL) throws -> SaveFolder {
        try SaveFolder(in: try FileDescriptor.openDirectory(followingLinksAtPath: parentPath(of: destination)))
    }

    fileprivate static func removeFolder(_ folder: URL) {
        guard let parent = try? FileDescriptor.openDirectory(followingLinksAtPath: parentPath(of: folder)) else { return }
        try? parent.removeTree(named: folder.lastPathComponent)
    }

    fileprivate static func replace(_ destination: URL, withItemAt item: URL, folder: URL) throws {
        let name = destination.lastPathComponent
        let parent = try FileDescriptor.openDirectory(followingLinksAtPath: parentPath(of: destination))
        let temporary = try parent.openDirectory(named: folder.lastPathComponent)
        guard let newItem = try temporary.status(ofEntry: name) else {
            throw FileSystemError(operation: "rename", path: item.path, errorNumber: SystemErrorText.noSuchEntry)
        }
        try flush(name, in: temporary, isDirectory: newItem.kind == .directory)
        try AtomicSwap.moveIntoPlace(name, from: temporary, to: parent, newIsDirectory: newItem.kind == .directory)
        try? parent.synchronize()
    }

    /// Makes the new item durable before it becomes visible: one file-system flush, or `fsync` of the item.
    private static func flush(_ name: String, in folder: FileDescriptor, isDirectory: Bool) throws {
        do {
            try folder.synchronizeFileSystem()
        } catch {
            if isDirectory {
                try folder.openDirectory(named: name).synchronize()
            } else if try folder.status(ofEntry: name)?.kind == .regular {
                try folder.openRegularFile(named: name).synchronize()
            }
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
