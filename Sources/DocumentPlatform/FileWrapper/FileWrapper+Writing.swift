#if !canImport(Darwin)
import Foundation
import SystemSeam

extension FileWrapper {
    /// Where the original of an item being written can be found, for hard-link reuse.
    enum OriginalItem {
        /// The item's original is the entry `name` in `folder` (a child: it may be hard-linked).
        case entry(folder: FileDescriptor, name: String)
        /// The item's original is this open folder (the top of a write: never linked, but its children may be).
        case folder(FileDescriptor)
    }

    /// The state of one `write(to:…)`: durability bookkeeping and what was written how.
    final class WriteSession {
        /// Whether written items are flushed to stable storage before they are swapped into place.
        let durable: Bool
        /// The destination path, for messages (the write itself happens in a temporary folder).
        let destinationPath: String
        /// The path the tree is actually built at, to reopen items whose flush was deferred.
        let buildRootPath: String
        /// Items flushed one by one so far; past the limit, one `syncfs` flushes the rest together.
        private var individuallyFlushed = 0
        private static let individualFlushLimit = 64
        private var deferredFlushes: [[String]] = []
        /// Wrappers written with an original at hand; their "attributes changed" flag is cleared on success.
        var writtenWithOriginal: [FileWrapper] = []
        /// How many regular files were hard-linked from the original instead of being written.
        var linkedCount = 0

        init(durable: Bool, destinationPath: String, buildRootPath: String) {
            self.durable = durable
            self.destinationPath = destinationPath
            self.buildRootPath = buildRootPath
        }

        /// Flushes a just-written item, or defers it to one file-system flush when there are many.
        func flush(_ descriptor: FileDescriptor, components: [String]) throws {
            guard durable else { return }
            if individuallyFlushed < Self.individualFlushLimit {
                try descriptor.synchronize()
                individuallyFlushed += 1
            } else {
                deferredFlushes.append(components)
            }
        }

        /// Flushes every deferred item: one `syncfs`, or `fsync` per item where the kernel lacks it.
        func finish(anchor: FileDescriptor) throws {
            guard durable, !deferredFlushes.isEmpty else { return }
            do {
                try anchor.synchronizeFileSystem()
            } catch {
                for components in deferredFlushes {
                    var folder = try FileDescriptor.openDirectory(atPath: buildRootPath)
                    for component in components.dropLast() { folder = try folder.openDirectory(named: component) }
                    guard let last = components.last else {
                        try folder.synchronize()
                        continue
                    }
                    if try folder.status(ofEntry: last)?.kind == .directory {
                        try folder.openDirectory(named: last).synchronize()
                    } else {
                        try folder.openRegularFile(named: last).synchronize()
                    }
                }
            }
            deferredFlushes.removeAll()
        }
    }

    /// Writes the wrapper's tree to `url`; the body of `write(to:options:originalContentsURL:)`.
    func performWrite(to url: URL, options: FileWrapper.WritingOptions, originalContentsURL: URL?) throws {
        let path = try Self.checkedPath(of: url, reading: false)
        try validateNamesForWriting(destination: path, member: nil)
        let parentPath = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let parent: FileDescriptor
        do {
            parent = try FileDescriptor.openDirectory(followingLinksAtPath: parentPath.isEmpty ? "." : parentPath)
        } catch let failure as FileSystemError {
            throw FileWrapperError.writing(failure)
        }
        var original: OriginalItem?
        if isDirectory, let originalContentsURL,
            let originalPath = try? Self.checkedPath(of: originalContentsURL, reading: true),
            let folder = try? FileDescriptor.openDirectory(atPath: originalPath)
        {
            original = .folder(folder)
        }

        let session: WriteSession
        if options.contains(.atomic), case .folder(let originalFolder) = original,
            let writtenWithOriginal = replaceTheOneChangedMember(
                named: name, in: parent, originalFolder: originalFolder)
        {
            finishWrite(
                options: options, originalContentsURL: originalContentsURL, writtenWithOriginal: writtenWithOriginal)
            return
        }
        if options.contains(.atomic) {
            // Held until the end of this scope: its lock tells other saves that this folder is in use.
            let saveFolder: SaveFolder
            do {
                saveFolder = try SaveFolder(in: parent)
            } catch let failure as FileSystemError {
                // Named by the destination: the temporary folder's name means nothing to the user.
                throw FileWrapperError.writing(
                    FileSystemError(operation: failure.operation, path: path, errorNumber: failure.errorNumber))
            }
            let temporaryName = saveFolder.name
            let temporary = saveFolder.descriptor
            session = WriteSession(durable: true, destinationPath: path, buildRootPath: temporary.path + "/" + name)
            do {
                try writeItem(
                    named: name, into: temporary, original: original, replacing: false, components: [], session: session
                )
                try session.finish(anchor: temporary)
                try AtomicSwap.moveIntoPlace(name, from: temporary, to: parent, newIsDirectory: isDirectory)
                try? parent.synchronize()
            } catch {
                try? parent.removeTree(named: temporaryName)
                if let failure = error as? FileSystemError { throw FileWrapperError.writing(failure) }
                throw error
            }
            try? parent.removeTree(named: temporaryName)
        } else {
            session = WriteSession(durable: false, destinationPath: path, buildRootPath: path)
            do {
                try writeItem(
                    named: name, into: parent, original: original, replacing: true, components: [], session: session)
            } catch let failure as FileSystemError {
                throw FileWrapperError.writing(failure)
            }
        }

        finishWrite(
            options: options, originalContentsURL: originalContentsURL, writtenWithOriginal: session.writtenWithOriginal
        )
    }

    /// What a successful write changes in the wrappers: the "attributes changed" flags, and the names.
    private func finishWrite(
        options: FileWrapper.WritingOptions, originalContentsURL: URL?, writtenWithOriginal: [FileWrapper]
    ) {
        if originalContentsURL != nil { attributesNeedWriting = false }
        for wrapper in writtenWithOriginal { wrapper.attributesNeedWriting = false }
        if options.contains(.withNameUpdating) { updateDescendantFilenames() }
    }

    /// Refuses the write before anything touches the disk when a loaded child key is not one safe name.
    private func validateNamesForWriting(destination: String, member: String?) throws {
        guard case .directory(.loaded(let children)) = contents else { return }
        for (key, child) in children {
            let name = key.name
            let childMember = member.map { $0 + "/" + name } ?? name
            if !EntryName.isSingle(name) {
                throw FileWrapperError.invalidName(name, in: destination, member: member)
            }
            try child.validateNamesForWriting(destination: destination, member: childMember)
        }
    }

    /// Sets each loaded descendant's `filename` to its key (children still on disk already carry their names).
    private func updateDescendantFilenames() {
        guard case .directory(.loaded(let children)) = contents else { return }
        for (key, child) in children {
            child.filename = key.name
            child.updateDescendantFilenames()
        }
    }

    /// Writes this wrapper as the entry `name` of `folder`.
    private func writeItem(
        named name: String, into folder: FileDescriptor, original: OriginalItem?, replacing: Bool,
        components: [String], session: WriteSession
    ) throws {
        let member = components.isEmpty ? nil : components.joined(separator: "/")
        do {
            switch contents {
            case .regular:
                try writeRegularFile(
                    named: name, into: folder, original: original, replacing: replacing, components: components,
                    session: session)
            case .directory:
                try writeDirectory(
                    named: name, into: folder, original: original, replacing: replacing, components: components,
                    session: session)
            case .symbolicLink(let destination):
                try folder.makeSymbolicLink(named: name, destination: destination.relativePath)
            }
        } catch let failure as FileSystemError {
            let destination = member.map { session.destinationPath + "/" + $0 } ?? session.destinationPath
            throw FileWrapperError.writing(
                FileSystemError(operation: failure.operation, path: destination, errorNumber: failure.errorNumber),
                member: member)
        }
        if original != nil { session.writtenWithOriginal.append(self) }
    }

    private func writeRegularFile(
        named name: String, into folder: FileDescriptor, original: OriginalItem?, replacing: Bool,
        components: [String], session: WriteSession
    ) throws {
        if case .entry(let originalFolder, let originalName) = original,
            try linkFromOriginal(named: name, into: folder, originalFolder, originalName)
        {
            session.linkedCount += 1
            return
        }
        let data = try contentsForWriting(components: components, session: session)
        let file =
            replacing
            ? try FileDescriptor.openForOverwriting(atPath: folder.path + "/" + name, permissions: 0o600)
            : try folder.createFile(named: name, permissions: 0o600)
        try file.writeAll(data)
        try applyAttributes(to: file, defaultPermissions: 0o666)
        try session.flush(file, components: components)
    }

    /// Hard-links the original when Apple's conditions hold: attributes unchanged since the last read or
    /// write, and the original a regular file whose modification time is within a second of this wrapper's.
    private func linkFromOriginal(
        named name: String, into folder: FileDescriptor, _ originalFolder: FileDescriptor, _ originalName: String
    ) throws -> Bool {
        guard originalIsUnchanged(named: originalName, in: originalFolder) else { return false }
        do {
            try folder.makeHardLink(named: name, to: originalName, in: originalFolder)
            return true
        } catch {
            // Apple's writer falls back to writing the data when link(2) fails (another volume, say).
            return false
        }
    }

    /// Whether this regular file's original, the entry `originalName` of `originalFolder`, may stand for it
    /// unwritten: attributes unchanged since the last read or write, and the original a regular file whose
    /// modification time is within a second of this wrapper's (Apple's condition for hard-linking it).
    func originalIsUnchanged(named originalName: String, in originalFolder: FileDescriptor) -> Bool {
        guard !attributesNeedWriting, let date = modificationDate,
            EntryName.isSingle(originalName),
            let status = try? originalFolder.status(ofEntry: originalName), status.kind == .regular,
            abs(Double(status.modificationSeconds) - date.timeIntervalSince1970) < 1
        else { return false }
        return true
    }

    private func writeDirectory(
        named name: String, into folder: FileDescriptor, original: OriginalItem?, replacing: Bool,
        components: [String], session: WriteSession
    ) throws {
        let children = try childrenForWriting(components: components, session: session)
        try folder.makeDirectory(named: name, permissions: 0o700)
        do {
            let directory = try folder.openDirectory(named: name)
            var originalFolder: FileDescriptor?
            switch original {
            case .folder(let descriptor): originalFolder = descriptor
            case .entry(let parent, let originalName): originalFolder = try? parent.openDirectory(named: originalName)
            case nil: originalFolder = nil
            }
            for key in children.keys.sorted() {
                guard let child = children[key] else { continue }
                var childOriginal: OriginalItem?
                if let originalFolder, let childFilename = child.filename {
                    childOriginal = .entry(folder: originalFolder, name: childFilename)
                }
                try child.writeItem(
                    named: key.name, into: directory, original: childOriginal, replacing: false,
                    components: components + [key.name], session: session)
            }
            try applyAttributes(to: directory, defaultPermissions: 0o777)
            try session.flush(directory, components: components)
        } catch {
            // Only what this write created is removed: the folder did not exist before mkdir succeeded.
            try? folder.removeTree(named: name)
            throw error
        }
    }

    /// Applies the POSIX permissions (less the umask) and the modification date, as Apple's writer does.
    func applyAttributes(to descriptor: FileDescriptor, defaultPermissions: UInt16) throws {
        try descriptor.setPermissions(permissions(default: defaultPermissions) & ~FileCreationMask.current)
        if let date = modificationDate, date.timeIntervalSince1970.isFinite {
            try descriptor.setModificationDate(date)
        }
    }

    /// The regular file's bytes, loading them if needed; the kept lazy-read error when they cannot be had.
    func contentsForWriting(components: [String], session: WriteSession) throws -> Data {
        if let data = regularFileContents { return data }
        let member = components.isEmpty ? nil : components.joined(separator: "/")
        throw lazyReadError ?? FileWrapperError.contentsUnavailable(at: session.destinationPath, member: member)
    }

    /// The folder's children, loading them if needed; the kept lazy-read error when they cannot be had.
    private func childrenForWriting(components: [String], session: WriteSession) throws -> [ChildKey: FileWrapper] {
        if let children = loadedChildren() { return children }
        let member = components.isEmpty ? nil : components.joined(separator: "/")
        throw lazyReadError ?? FileWrapperError.contentsUnavailable(at: session.destinationPath, member: member)
    }

}
#endif
