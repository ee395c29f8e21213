#if !canImport(Darwin)
import Foundation
import SystemSeam

extension FileWrapper {
    /// Creates a wrapper for the item at `url`, which must be a file URL other than "/".
    ///
    /// A symbolic link is not followed: it becomes a symbolic-link wrapper. Without `.immediate`,
    /// contents load lazily on first access. With `.immediate`, a directory is read through one open
    /// descriptor, so a package swapped into place while it is read yields either the old or the new
    /// package, never a mix (the read starts again when the path stopped naming the folder it read).
    /// Members are opened relative to their folder without following links, so no member leads a
    /// read outside the package. `preferredFilename` and `filename` are the last path component.
    public convenience init(url: URL, options: FileWrapper.ReadingOptions = []) throws {
        let path = try Self.checkedPath(of: url, reading: true)
        let (contents, attributes) = try Self.readItem(atPath: path, immediate: options.contains(.immediate))
        let name = (path as NSString).lastPathComponent
        self.init(contents: contents, attributes: attributes, preferredFilename: name, filename: name)
        adoptChildren()
    }

    // MARK: Paths

    static func checkedPath(of url: URL, reading: Bool) throws -> String {
        guard url.isFileURL else { throw FileWrapperError.unsupportedURL(url, reading: reading) }
        var path = url.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard !path.isEmpty, path != "/" else { throw FileWrapperError.unsupportedURL(url, reading: reading) }
        return path
    }

    // MARK: Attributes

    static func attributes(from status: FileStatus) -> [String: Any] {
        let type: FileAttributeType
        switch status.kind {
        case .regular: type = .typeRegular
        case .directory: type = .typeDirectory
        case .symbolicLink: type = .typeSymbolicLink
        case .other: type = .typeUnknown
        }
        return [
            FileAttributeKey.type.rawValue: type,
            FileAttributeKey.posixPermissions.rawValue: NSNumber(value: status.permissions),
            FileAttributeKey.size.rawValue: NSNumber(value: UInt64(max(0, status.size))),
            FileAttributeKey.modificationDate.rawValue: status.modificationDate,
            FileAttributeKey.referenceCount.rawValue: NSNumber(value: status.linkCount),
            FileAttributeKey.systemNumber.rawValue: NSNumber(value: status.device),
            FileAttributeKey.systemFileNumber.rawValue: NSNumber(value: status.inode),
            FileAttributeKey.ownerAccountID.rawValue: NSNumber(value: status.owner),
            FileAttributeKey.groupOwnerAccountID.rawValue: NSNumber(value: status.group),
        ]
    }

    // MARK: Reading one item

    /// Reads the item at `path` (the top of a read): its contents (or a lazy marker) and attributes.
    static func readItem(atPath path: String, immediate: Bool) throws -> (Contents, [String: Any]) {
        let location = DiskLocation(rootPath: path, components: [])
        do {
            guard let status = try FileDescriptor.status(atPath: path) else {
                throw FileSystemError(operation: "lstat", path: path, errorNumber: SystemErrorText.noSuchEntry)
            }
            switch status.kind {
            case .regular:
                if immediate {
                    let data = try FileDescriptor.openRegularFile(atPath: path).readToEnd()
                    return (.regular(.loaded(data)), attributes(from: status))
                }
                try requireReadable(path)
                return (.regular(.unloaded(location)), attributes(from: status))
            case .directory:
                if immediate { return try readDirectoryConsistently(atPath: path) }
                try requireReadable(path)
                return (.directory(.unloaded(location)), attributes(from: status))
            case .symbolicLink:
                let destination = try FileDescriptor.symbolicLinkDestination(atPath: path)
                return (.symbolicLink(linkURL(destination)), attributes(from: status))
            case .other:
                throw FileSystemError(operation: "open", path: path, errorNumber: SystemErrorText.invalidArgument)
            }
        } catch let failure as FileSystemError {
            // A member of an immediately read folder failed: say which, relative to the item read.
            let prefix = path + "/"
            let member = failure.path.hasPrefix(prefix) ? String(failure.path.dropFirst(prefix.count)) : nil
            throw FileWrapperError.reading(failure, member: member)
        }
    }

    private static func requireReadable(_ path: String) throws {
        guard FileDescriptor.isReadable(atPath: path) else {
            throw FileSystemError(operation: "access", path: path, errorNumber: SystemErrorText.permissionDenied)
        }
    }

    /// Reads a whole folder through one descriptor and starts again if the path was swapped meanwhile.
    private static func readDirectoryConsistently(atPath path: String) throws -> (Contents, [String: Any]) {
        let attempts = 8
        for attempt in 1...attempts {
            let directory = try FileDescriptor.openDirectory(atPath: path)
            let status = try directory.status()
            let location = DiskLocation(rootPath: path, components: [])
            do {
                let children = try readChildren(of: directory, location: location, immediate: true)
                if attempt < attempts, try wasReplaced(path, status) { continue }
                return (.directory(.loaded(children)), attributes(from: status))
            } catch {
                if attempt < attempts, (try? wasReplaced(path, status)) ?? true { continue }
                throw error
            }
        }
        throw FileSystemError(operation: "read", path: path, errorNumber: SystemErrorText.noSuchEntry)
    }

    /// Whether `path` no longer names the folder whose status was taken when it was opened.
    private static func wasReplaced(_ path: String, _ opened: FileStatus) throws -> Bool {
        guard let now = try FileDescriptor.status(atPath: path) else { return true }
        return now.device != opened.device || now.inode != opened.inode
    }

    static func linkURL(_ destination: [UInt8]) -> URL {
        URL(fileURLWithPath: String(decoding: destination, as: UTF8.self))
    }

    // MARK: Reading folders

    /// How many folder levels below its top an immediate read descends (the top is level 0).
    ///
    /// An immediate read holds each level's folder open while it reads the levels below, so a
    /// hostile tree thousands of levels deep would exhaust the open-file limit (or the stack); it
    /// is refused with `filewrapper.read.too-deep` instead. The walk of the comparators stops at
    /// the same depth. A lazy read opens one level at a time and has no such limit.
    package static let maximumImmediateDepth = DirectoryWalk.maximumDepth

    /// The children of an open folder, keyed by their names on disk.
    ///
    /// Apple's reader skips an entry `X.tiff` when `X` also exists (a legacy icon file), and so does this one.
    /// `depth` is the folder's level below the top of an immediate read.
    static func readChildren(
        of directory: FileDescriptor, location: DiskLocation, immediate: Bool, depth: Int = 0
    ) throws -> [ChildKey: FileWrapper] {
        var children: [ChildKey: FileWrapper] = [:]
        for name in try memberNames(of: directory) {
            let child = try readChild(
                named: name, in: directory, location: location.appending(name), immediate: immediate, depth: depth + 1)
            children[ChildKey(name)] = child
        }
        return children
    }

    /// The names of an open folder's members: UTF-8 only, and without an `X.tiff` that stands beside `X`.
    static func memberNames(of directory: FileDescriptor) throws -> [String] {
        var names: [String] = []
        for bytes in try directory.entryNames() {
            guard let name = String(validating: bytes, as: UTF8.self) else {
                throw FileWrapperError.nameNotUTF8(bytes, in: directory.path)
            }
            names.append(name)
        }
        let present = Set(names.map(ChildKey.init))
        return names.filter { name in
            !(name.hasSuffix(".tiff") && name.count > 5 && present.contains(ChildKey(String(name.dropLast(5)))))
        }
    }

    /// One child of an open folder, read through that folder's descriptor.
    static func readChild(
        named name: String, in directory: FileDescriptor, location: DiskLocation, immediate: Bool, depth: Int = 1
    ) throws -> FileWrapper {
        guard let status = try directory.status(ofEntry: name) else {
            throw FileSystemError(operation: "lstat", path: location.path, errorNumber: SystemErrorText.noSuchEntry)
        }
        let contents: Contents
        switch status.kind {
        case .regular:
            contents =
                immediate
                ? .regular(.loaded(try directory.openRegularFile(named: name).readToEnd()))
                : .regular(.unloaded(location))
        case .directory:
            if immediate {
                guard depth < maximumImmediateDepth else {
                    throw FileWrapperError.tooDeep(
                        at: location.rootPath, member: location.member ?? name, limit: maximumImmediateDepth)
                }
                let folder = try directory.openDirectory(named: name)
                contents = .directory(
                    .loaded(try readChildren(of: folder, location: location, immediate: true, depth: depth)))
            } else {
                contents = .directory(.unloaded(location))
            }
        case .symbolicLink:
            contents = .symbolicLink(linkURL(try directory.symbolicLinkDestination(named: name)))
        case .other:
            throw FileSystemError(operation: "open", path: location.path, errorNumber: SystemErrorText.invalidArgument)
        }
        let child = FileWrapper(
            contents: contents, attributes: attributes(from: status), preferredFilename: name, filename: name)
        child.adoptChildren()
        return child
    }

    /// Records this wrapper as the parent of its loaded children (needed for re-keying on rename).
    func adoptChildren() {
        guard case .directory(.loaded(let children)) = contents else { return }
        for child in children.values where !child.parents.contains(where: { $0.wrapper === self }) {
            child.parents.append(WeakParent(wrapper: self))
        }
    }

    /// Opens the folder at a lazy location, walking down from the root without following links.
    static func openDirectory(at location: DiskLocation) throws -> FileDescriptor {
        var directory = try FileDescriptor.openDirectory(atPath: location.rootPath)
        for component in location.components {
            directory = try directory.openDirectory(named: component)
        }
        return directory
    }

    /// Reads a lazily loaded regular file, walking down from the root without following links.
    static func readRegularFile(at location: DiskLocation) throws -> Data {
        do {
            guard let last = location.components.last else {
                return try FileDescriptor.openRegularFile(atPath: location.rootPath).readToEnd()
            }
            let parent = try openDirectory(
                at: DiskLocation(rootPath: location.rootPath, components: location.components.dropLast()))
            return try parent.openRegularFile(named: last).readToEnd()
        } catch let failure as FileSystemError {
            throw FileWrapperError.reading(failure, member: location.member)
        }
    }

    /// Lists a lazily loaded folder; its children load lazily in turn.
    static func readChildrenLazily(at location: DiskLocation) throws -> [ChildKey: FileWrapper] {
        do {
            return try readChildren(of: try openDirectory(at: location), location: location, immediate: false)
        } catch let failure as FileSystemError {
            throw FileWrapperError.reading(failure, member: location.member)
        }
    }

    // MARK: Re-reading

    /// Re-reads this wrapper from `path`, reusing children by key.
    func reread(atPath path: String, immediate: Bool, location: DiskLocation?) throws {
        let status: FileStatus
        do {
            guard let found = try FileDescriptor.status(atPath: path) else {
                throw FileSystemError(operation: "lstat", path: path, errorNumber: SystemErrorText.noSuchEntry)
            }
            status = found
        } catch let failure as FileSystemError {
            throw FileWrapperError.reading(failure)
        }
        let sameKind: Bool
        switch (contents, status.kind) {
        case (.regular, .regular), (.directory, .directory), (.symbolicLink, .symbolicLink): sameKind = true
        default: sameKind = false
        }
        let isLoaded: Bool
        switch contents {
        case .regular(.loaded), .directory(.loaded), .symbolicLink: isLoaded = true
        default: isLoaded = false
        }
        let unchanged =
            sameKind && isLoaded
            && modificationDate.map { abs($0.timeIntervalSince1970 - Double(status.modificationSeconds)) < 1 } == true

        if status.kind == .directory, case .directory(.loaded(let oldChildren)) = contents {
            // Reconcile: list the folder now, re-read the children that are still there, drop the rest.
            let folder: FileDescriptor
            let names: [String]
            do {
                folder = try FileDescriptor.openDirectory(atPath: path)
                names = try Self.memberNames(of: folder)
            } catch let failure as FileSystemError {
                throw FileWrapperError.reading(failure)
            }
            var children: [ChildKey: FileWrapper] = [:]
            for name in names {
                let key = ChildKey(name)
                if let existing = oldChildren[key] {
                    try existing.reread(atPath: path + "/" + name, immediate: immediate, location: nil)
                    children[key] = existing
                } else {
                    let root = DiskLocation(rootPath: path, components: [])
                    do {
                        children[key] = try Self.readChild(
                            named: name, in: folder, location: root.appending(name), immediate: immediate)
                    } catch let failure as FileSystemError {
                        throw FileWrapperError.reading(failure, member: name)
                    }
                }
            }
            for (key, child) in oldChildren where children[key] == nil {
                child.parents.removeAll { $0.wrapper === self || $0.wrapper == nil }
            }
            contents = .directory(.loaded(children))
            adoptChildren()
        } else if !unchanged {
            let (newContents, _) = try Self.readItem(atPath: path, immediate: immediate)
            contents = newContents
            adoptChildren()
        }
        storedAttributes = Self.attributes(from: status)
        attributesNeedWriting = false
        lazyReadError = nil
    }
}
#endif
