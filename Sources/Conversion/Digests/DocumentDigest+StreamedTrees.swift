import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam

/// The `DocumentDigest` of whatever is at a path (a file, a package folder, a link), read a block at a
/// time, and the verified copy of a package that an in-place conversion keeps as its backup.
///
/// ``DocumentDigest/of(_:)`` needs a `FileWrapper` read with `.immediate`: every member of a package
/// in memory at once. The job's own process takes digests to recognise an output a killed run renamed
/// into place, on collisions, and for in-place backups, so a resumed job over a 2 GB package held 2 GB.
/// Here a folder is walked in the order and with the bytes that digest hashes ("D", then per child in
/// byte-wise name order its name's length as eight little-endian bytes, its name and the child; "E";
/// a link "L" and its destination as the wrapper's URL gives its path; a file "F", its length and its
/// bytes), and each file is hashed a block at a time: memory holds one block and one folder's names.
///
/// It reads what `FileWrapper(url:options: .immediate)` reads, the way it reads it: members by name in
/// their open folder, never following a link (a link inside is hashed as a link, a folder swapped for a
/// link is refused); hidden members included; an `X.tiff` beside an `X` left out; a member name that is
/// not UTF-8, a FIFO, a socket or a device, an unreadable member, a file that changes while it is read,
/// or a tree deeper than ``FileWrapper/maximumImmediateDepth`` is the same `FileWrapperError`; a folder
/// swapped for another while it is read is read again. Where the wrapper's digest is not defined, an
/// explicit error says so rather than a digest that differs: two members whose names differ only in
/// their Unicode normalisation are one key of `FileWrapper.fileWrappers`, which keeps either of them.
extension DocumentDigest {
    /// Which members of a folder a streamed digest hashes (and a streamed copy copies).
    enum FolderMembers: Sendable, Equatable {
        /// What `FileWrapper(url:options: .immediate)` reads: the digest equals ``DocumentDigest/of(_:)`` of that
        /// wrapper.
        case asFileWrapperReads
        /// Every member, named by its bytes: the whole package, for a backup and its verification.
        ///
        /// A backup made through a wrapper lost the legacy icon `X.tiff` beside an `X`; a digest of
        /// this kind is compared only with another of this kind, never with a wrapper's.
        case all
    }

    /// The digest of the item at `path` (not following a final link), read a block at a time.
    ///
    /// `counting` sees every block read (tests show that no read asks for more than `blockSize` bytes).
    static func streamed(
        of path: ItemPath, members: FolderMembers = .asFileWrapperReads,
        blockSize: Int = ConversionRunner.streamedBlockSize,
        counting: @escaping (UnsafeRawBufferPointer) -> Void = { _ in }
    ) throws -> SHA256Digest {
        if try ByteNamedFiles.status(path.bytes)?.kind == .regular {
            return try ItemPreparer.streamedDigest(
                of: path, blockSize: blockSize, expectedLength: nil, counting: counting)
        }
        return try TreeReader(members: members, blockSize: blockSize, counting: counting).read(path, copyingTo: nil)
    }

    /// Copies the item at `source` (a package folder and everything in it) to a new item at
    /// `destination`, a block at a time; returns the digest of the bytes it read and wrote.
    ///
    /// Members get what `FileWrapper.write(to:)` gave them: folders made, files written, links made
    /// (with their destination's exact bytes), and for files and folders the permission bits less the
    /// process's umask and the modification time. The top item gets them too; the caller gives it the
    /// original's own metadata (see ``ItemPreparer/copyMetadata(from:status:to:)``). Fails when
    /// anything is at `destination`; removes what it made when it fails.
    static func streamedCopy(
        of source: ItemPath, to destination: ItemPath, members: FolderMembers = .all,
        blockSize: Int = ConversionRunner.streamedBlockSize,
        counting: @escaping (UnsafeRawBufferPointer) -> Void = { _ in }
    ) throws -> SHA256Digest {
        try TreeReader(members: members, blockSize: blockSize, counting: counting).read(source, copyingTo: destination)
    }
}

/// One streamed read of a tree: its digest, and its copy when asked.
private struct TreeReader {
    let members: DocumentDigest.FolderMembers
    let blockSize: Int
    let counting: (UnsafeRawBufferPointer) -> Void

    /// How often a folder swapped for another while it was read is read again, as `FileWrapper` does.
    static let attempts = 8

    /// A failure to write the copy, kept apart from the reading failures that name a member of the source.
    struct CopyFailure: Error {
        var failure: FileSystemError
    }

    func read(_ root: ItemPath, copyingTo destination: ItemPath?) throws -> SHA256Digest {
        let rootText = String(decoding: root.bytes, as: UTF8.self)
        if let destination, try ByteNamedFiles.status(destination.bytes) != nil {
            throw FileWrapperError.writing(
                FileSystemError(
                    operation: "create", path: String(decoding: destination.bytes, as: UTF8.self),
                    errorNumber: SystemErrorText.exists))
        }
        do {
            for attempt in 1...Self.attempts {
                guard let status = try ByteNamedFiles.status(root.bytes) else {
                    throw FileSystemError(operation: "lstat", path: rootText, errorNumber: SystemErrorText.noSuchEntry)
                }
                var hasher = SHA256()
                guard status.kind == .directory else {
                    try addItem(root, status: status, in: nil, root: root, depth: 0, into: &hasher, copy: destination)
                    return hasher.finalize()
                }
                do {
                    let folder = try ListedFolder(listing: root.bytes)
                    let opened = try folder.status()
                    // The path was swapped between its status and its opening (for a link, say, which opening follows):
                    // what was opened is not what was looked at.
                    if opened.device != status.device || opened.inode != status.inode {
                        if attempt < Self.attempts { continue }
                        throw FileSystemError.changedWhileReading(rootText)
                    }
                    try addFolder(
                        folder, at: root, status: opened, root: root, depth: 0, into: &hasher, copy: destination)
                    if attempt < Self.attempts, Self.wasReplaced(root, opened) {
                        try removeCopy(destination)
                        continue
                    }
                    return hasher.finalize()
                } catch {
                    try removeCopy(destination)
                    if attempt < Self.attempts, Self.wasReplaced(root, status) { continue }
                    throw error
                }
            }
            throw FileSystemError(operation: "read", path: rootText, errorNumber: SystemErrorText.noSuchEntry)
        } catch let copyFailure as CopyFailure {
            try removeCopy(destination)
            let failure = copyFailure.failure
            throw FileWrapperError.writing(failure, member: destination.flatMap { Self.member(of: failure, below: $0) })
        } catch let failure as FileSystemError {
            try removeCopy(destination)
            throw FileWrapperError.reading(failure, member: Self.member(of: failure, below: root))
        } catch {
            try removeCopy(destination)
            throw error
        }
    }

    /// The member a failure names, relative to `root`, as `FileWrapper` reports it; nil for the root itself.
    private static func member(of failure: FileSystemError, below root: ItemPath) -> String? {
        let prefix = String(decoding: root.bytes, as: UTF8.self) + "/"
        return failure.path.hasPrefix(prefix) ? String(failure.path.dropFirst(prefix.count)) : nil
    }

    /// Whether `path` no longer names the item whose status was taken when it was opened.
    private static func wasReplaced(_ path: ItemPath, _ opened: FileStatus) -> Bool {
        guard let now = try? ByteNamedFiles.status(path.bytes) else { return true }
        return now.device != opened.device || now.inode != opened.inode
    }

    private func removeCopy(_ destination: ItemPath?) throws {
        guard let destination else { return }
        try? ByteNamedFiles.removeTree(destination.bytes)
    }

    /// Runs one step of the copy, its failure kept apart from reading failures.
    private func writing<Result>(_ step: () throws -> Result) throws -> Result {
        do {
            return try step()
        } catch let failure as FileSystemError {
            throw CopyFailure(failure: failure)
        }
    }

    /// Hashes (and copies) one item whose status is `status`: the entry of `folder` named by the last
    /// component of `path`, or the top item when `folder` is nil.
    private func addItem(
        _ path: ItemPath, status: FileStatus, in folder: ListedFolder?, root: ItemPath, depth: Int,
        into hasher: inout SHA256, copy: ItemPath?
    ) throws {
        let name = path.lastComponent
        switch status.kind {
        case .regular:
            let (file, opened) =
                try folder.map { try ByteNamedStream.openRegularFile(named: name, in: $0) }
                ?? ByteNamedStream.openRegularFile(path.bytes, followingLinks: false)
            try addFile(file, status: opened, at: path, into: &hasher, copy: copy)
        case .directory:
            // Only a member is checked: the top of `FileWrapper`'s immediate read is level 0, never too deep.
            guard let folder else { preconditionFailure("the top folder is read by read(_:copyingTo:)") }
            guard depth < FileWrapper.maximumImmediateDepth else {
                throw FileWrapperError.tooDeep(
                    at: String(decoding: root.bytes, as: UTF8.self),
                    member: String(decoding: path.bytes.dropFirst(root.bytes.count + 1), as: UTF8.self),
                    limit: FileWrapper.maximumImmediateDepth)
            }
            let member = try ListedFolder(listing: name, in: folder)
            try addFolder(member, at: path, status: status, root: root, depth: depth, into: &hasher, copy: copy)
        case .symbolicLink:
            let destination =
                try folder.map { try $0.symbolicLinkDestination(ofEntry: name) } ?? Self.linkDestination(path)
            hasher.update(Array("L".utf8))
            // The wrapper keeps a link's destination as a file URL (`FileWrapper.linkURL`) and the digest hashes that
            // URL's path.
            hasher.update(Array(URL(fileURLWithPath: String(decoding: destination, as: UTF8.self)).path.utf8))
            if let copy { try writing { try ByteNamedFiles.makeSymbolicLink(copy.bytes, destination: destination) } }
        case .other:
            throw FileSystemError(
                operation: "open", path: String(decoding: path.bytes, as: UTF8.self),
                errorNumber: SystemErrorText.invalidArgument)
        }
    }

    /// The destination of the link at `path`, the top item, read through its folder.
    private static func linkDestination(_ path: ItemPath) throws -> [UInt8] {
        let parent = path.parent.bytes.isEmpty ? ItemPath(".") : path.parent
        return try ListedFolder(listing: parent.bytes).symbolicLinkDestination(ofEntry: path.lastComponent)
    }

    private func addFile(
        _ file: ByteNamedStream, status: FileStatus, at path: ItemPath, into hasher: inout SHA256, copy: ItemPath?
    ) throws {
        let size = Int(status.size)
        DocumentDigest.startFile(length: size, in: &hasher)
        let output = try copy.map { destination in try writing { try ByteNamedStream.create(destination.bytes) } }
        var writeFailure: (any Error)?
        let counting = self.counting
        do {
            try ItemPreparer.hashBlocks(
                of: file, size: size, blockSize: min(blockSize, max(size + 1, 4096)), into: &hasher,
                counting: { block in
                    counting(block)
                    guard let output, writeFailure == nil else { return }
                    do { try output.write(block) } catch { writeFailure = error }
                },
                while: { writeFailure == nil })
        } catch let error as ConversionError where error.kind == .inputChanged {
            throw FileSystemError.changedWhileReading(String(decoding: path.bytes, as: UTF8.self))
        }
        if let failure = writeFailure as? FileSystemError { throw CopyFailure(failure: failure) }
        if let writeFailure { throw writeFailure }
        // As `FileWrapper` reads a file: a change of size or time while it was read means the bytes may mix two
        // versions.
        let after = try file.status()
        if after.size != status.size || after.modificationSeconds != status.modificationSeconds
            || after.modificationNanoseconds != status.modificationNanoseconds
        {
            throw FileSystemError.changedWhileReading(String(decoding: path.bytes, as: UTF8.self))
        }
        if let copy { try copyAttributes(status, to: copy) }
    }

    private func addFolder(
        _ folder: ListedFolder, at path: ItemPath, status: FileStatus, root: ItemPath, depth: Int,
        into hasher: inout SHA256, copy: ItemPath?
    ) throws {
        hasher.update(Array("D".utf8))
        if let copy { try writing { try ByteNamedFiles.makeFolders(copy.bytes, permissions: 0o700) } }
        var children: [(name: [UInt8], text: String)] = []
        children.reserveCapacity(folder.entries.count)
        for entry in folder.entries {
            guard let text = String(validating: entry.name, as: UTF8.self) else {
                throw FileWrapperError.nameNotUTF8(entry.name, in: String(decoding: path.bytes, as: UTF8.self))
            }
            children.append((entry.name, text))
        }
        if members == .asFileWrapperReads { children = try Self.childrenAsFileWrapperReads(children, in: path) }
        children.sort { $0.name.lexicographicallyPrecedes($1.name) }
        for child in children {
            var length = UInt64(child.name.count).littleEndian
            withUnsafeBytes(of: &length) { hasher.update($0) }
            hasher.update(child.name)
            let childPath = path.appending(child.name)
            guard let childStatus = try folder.status(ofEntry: child.name) else {
                throw FileSystemError(
                    operation: "lstat", path: String(decoding: childPath.bytes, as: UTF8.self),
                    errorNumber: SystemErrorText.noSuchEntry)
            }
            try addItem(
                childPath, status: childStatus, in: folder, root: root, depth: depth + 1, into: &hasher,
                copy: copy?.appending(child.name))
        }
        hasher.update(Array("E".utf8))
        // After the members: adding them changed the folder's time, and its bits may forbid adding them.
        if let copy { try copyAttributes(status, to: copy) }
    }

    /// The members `FileWrapper` reads of a folder: without an `X.tiff` beside an `X` (Apple's legacy
    /// icon file), in the very `String` terms of `FileWrapper.memberNames(of:)`.
    ///
    /// Throws when two members' names are canonically equivalent (`é` and `e` + U+0301): the
    /// wrapper holds both, but `fileWrappers`, which its digest reads, is keyed by `String` and keeps one.
    private static func childrenAsFileWrapperReads(
        _ children: [(name: [UInt8], text: String)], in path: ItemPath
    ) throws -> [(name: [UInt8], text: String)] {
        let present = Set(children.map(\.name))
        let kept = children.filter { child in
            !(child.text.hasSuffix(".tiff") && child.text.count > 5
                && present.contains(Array(String(child.text.dropLast(5)).utf8)))
        }
        var seen: [String: String] = [:]
        for child in kept {
            if let other = seen.updateValue(child.text, forKey: child.text) {
                throw ConversionError(
                    code: .digestEquivalentNames,
                    message:
                        "the folder holds two members whose names differ only in their Unicode normalisation "
                        + "('\(Self.escaped(other))' and '\(Self.escaped(child.text))'); a file wrapper keys them "
                        + "as one, so the package has no digest",
                    file: String(decoding: path.bytes, as: UTF8.self))
            }
        }
        return kept
    }

    /// A name with its scalars beyond ASCII spelled out, so that two equivalent names read differently in a message.
    private static func escaped(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    }

    /// What `FileWrapper.write` gave a written file or folder: the permission bits less the umask, and the modification
    /// time.
    private func copyAttributes(_ status: FileStatus, to copy: ItemPath) throws {
        try writing {
            try ByteNamedFiles.setPermissions(copy.bytes, status.permissions & ~FileCreationMask.current)
            try ByteNamedFiles.setModificationTime(
                copy.bytes, seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
        }
    }
}
