// The seam of the platform rule: Apple systems have Foundation's own FileWrapper, and a second
// definition there would make every user's `FileWrapper` ambiguous. Foundation on Linux has none.
#if !canImport(Darwin)
import Foundation
import SystemSeam

/// A representation of a node (a file, directory, or symbolic link) in the file system.
///
/// This is docmigrate's portable copy of Apple's `FileWrapper`, with Apple's names, signatures and
/// documented (or reverse-engineered) behaviour: lazy loading, Apple's child-key uniquing
/// (`1__#$!@%!#__name`), hard-link reuse of unchanged members through `originalContentsURL`, and
/// the flat-RTFD `serializedRepresentation`. Where Apple's behaviour would lose data it differs,
/// and says so on the member concerned. Like Apple's, it is not `Sendable`.
open class FileWrapper: NSObject {
    /// Options for reading a file wrapper from disk.
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Reads the whole tree now, so that later accessors cannot fail because files moved.
        public static let immediate = ReadingOptions(rawValue: 1 << 0)
        /// Never memory-maps contents (this implementation never maps, so a truncated file cannot crash it).
        public static let withoutMapping = ReadingOptions(rawValue: 1 << 1)
    }

    /// Options for writing a file wrapper to disk.
    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Writes beside the destination, then swaps the new item into place: all or nothing.
        public static let atomic = WritingOptions(rawValue: 1 << 0)
        /// After a successful write, sets each descendant's `filename` to its key.
        public static let withNameUpdating = WritingOptions(rawValue: 1 << 1)
    }

    /// Where the not-yet-loaded contents of a wrapper live on disk.
    struct DiskLocation {
        /// The path the outermost wrapper was read from; symbolic links are followed only above it.
        let rootPath: String
        /// The member names from the root down to this item.
        let components: [String]

        var path: String { components.isEmpty ? rootPath : rootPath + "/" + components.joined(separator: "/") }
        var member: String? { components.isEmpty ? nil : components.joined(separator: "/") }

        func appending(_ name: String) -> DiskLocation {
            DiskLocation(rootPath: rootPath, components: components + [name])
        }
    }

    /// A child key compared by its exact Unicode scalars, as the file system compares names.
    ///
    /// Swift's `String ==` treats "é" (one scalar) and "e" + U+0301 as equal, but Linux file systems
    /// hold both as distinct files; keying by `String` would silently merge them.
    struct ChildKey: Hashable, Comparable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (left: ChildKey, right: ChildKey) -> Bool {
            let leftBytes = left.name.utf8, rightBytes = right.name.utf8
            guard leftBytes.count == rightBytes.count else { return false }
            // Compared with memcmp where the strings are stored as UTF-8 (nearly always): a dictionary look-up
            // compares the key with every key on its probe path (Swift keeps no hashes to skip them), so
            // adding a child to a folder of thousands of same-length names compares many of them.
            let compared = leftBytes.withContiguousStorageIfAvailable { leftBuffer in
                rightBytes.withContiguousStorageIfAvailable { rightBuffer in
                    guard let leftBase = leftBuffer.baseAddress, let rightBase = rightBuffer.baseAddress else {
                        return true
                    }
                    return memcmp(leftBase, rightBase, leftBuffer.count) == 0
                }
            }
            return (compared ?? nil) ?? leftBytes.elementsEqual(rightBytes)
        }
        func hash(into hasher: inout Hasher) {
            // The bytes in one call rather than one call per byte: a package of thousands of members hashes
            // every key on each insertion and look-up. A name not stored as contiguous UTF-8 is copied into
            // an array first, so that equal keys feed the hasher the same bytes either way.
            let hashed: Void? = name.utf8.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if hashed == nil { Array(name.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
        }
        static func < (left: ChildKey, right: ChildKey) -> Bool {
            left.name.utf8.lexicographicallyPrecedes(right.name.utf8)
        }
    }

    /// Contents that are either in memory or still on disk.
    enum Load<Value> {
        case loaded(Value)
        case unloaded(DiskLocation)
    }

    enum Contents {
        case regular(Load<Data>)
        case directory(Load<[ChildKey: FileWrapper]>)
        case symbolicLink(URL)
    }

    struct WeakParent {
        weak var wrapper: FileWrapper?
    }

    var contents: Contents
    var storedAttributes: [String: Any]
    var storedPreferredFilename: String?
    /// Set when `fileAttributes` is assigned; the next write must then write, never hard-link (as Apple's does).
    var attributesNeedWriting = false
    /// The error of the last failed lazy read, returned by a later write.
    var lazyReadError: FileWrapperError?
    var parents: [WeakParent] = []

    /// The name of the file on disk from the last read, or the last write with `.withNameUpdating`.
    ///
    /// Before a wrapper has been written, use the parent's `keyForChildFileWrapper(_:)` instead.
    open var filename: String?

    init(contents: Contents, attributes: [String: Any], preferredFilename: String?, filename: String?) {
        self.contents = contents
        self.storedAttributes = attributes
        self.storedPreferredFilename = preferredFilename
        self.filename = filename
        super.init()
    }

    /// Creates a regular-file wrapper holding a copy of `contents`.
    ///
    /// Its POSIX permissions are 0o666 (the umask applies when written) and its modification date is now.
    public init(regularFileWithContents contents: Data) {
        self.contents = .regular(.loaded(contents))
        self.storedAttributes = [
            FileAttributeKey.type.rawValue: FileAttributeType.typeRegular,
            FileAttributeKey.posixPermissions.rawValue: NSNumber(value: 0o666),
            FileAttributeKey.modificationDate.rawValue: Date(),
        ]
        super.init()
    }

    /// Creates a directory wrapper from children keyed by name.
    ///
    /// A child without a preferred filename takes its dictionary key as one. Every child is then
    /// added as `addFileWrapper(_:)` adds it, so its final key comes from its preferred filename,
    /// not from the dictionary key (Apple's behaviour). Children are added in byte-wise key order,
    /// so that clashing names are uniqued the same way on every run.
    public init(directoryWithFileWrappers childrenByPreferredName: [String: FileWrapper]) {
        self.contents = .directory(.loaded([:]))
        self.storedAttributes = [
            FileAttributeKey.type.rawValue: FileAttributeType.typeDirectory,
            FileAttributeKey.posixPermissions.rawValue: NSNumber(value: 0o777),
        ]
        super.init()
        for key in childrenByPreferredName.keys.sorted(by: { ChildKey($0) < ChildKey($1) }) {
            guard let child = childrenByPreferredName[key] else { continue }
            if child.preferredFilename == nil { child.preferredFilename = key }
            insertUniquely(child)
        }
    }

    /// Creates a symbolic-link wrapper; when written, the link's target is `url.relativePath`.
    public init(symbolicLinkWithDestinationURL url: URL) {
        self.contents = .symbolicLink(url)
        self.storedAttributes = [
            FileAttributeKey.type.rawValue: FileAttributeType.typeSymbolicLink,
            FileAttributeKey.posixPermissions.rawValue: NSNumber(value: 0o666),
        ]
        super.init()
    }

    // MARK: Kind and names

    /// Whether this wrapper represents a regular file.
    open var isRegularFile: Bool {
        if case .regular = contents { return true }
        return false
    }

    /// Whether this wrapper represents a directory.
    open var isDirectory: Bool {
        if case .directory = contents { return true }
        return false
    }

    /// Whether this wrapper represents a symbolic link.
    open var isSymbolicLink: Bool {
        if case .symbolicLink = contents { return true }
        return false
    }

    /// The name a parent uses as this child's key when the name is free.
    ///
    /// Setting it re-adds the wrapper to each parent, so its key there may change. Nil or empty is
    /// a precondition failure, as Apple's implementation raises for it.
    open var preferredFilename: String? {
        get { storedPreferredFilename }
        set {
            guard let newValue, !newValue.isEmpty else {
                preconditionFailure("FileWrapper.preferredFilename cannot be nil or empty")
            }
            if let old = storedPreferredFilename, old.utf8.elementsEqual(newValue.utf8) { return }
            storedPreferredFilename = newValue
            for parent in parents.compactMap(\.wrapper) where parent.keyForChildFileWrapper(self) != nil {
                parent.removeFileWrapper(self)
                parent.addFileWrapper(self)
            }
        }
    }

    /// The file-system attributes, keyed by `FileAttributeKey` raw values.
    ///
    /// Setting them requires at least `.type` and `.posixPermissions` (a precondition, as Apple's
    /// raises), and makes the next save write this item instead of hard-linking it.
    open var fileAttributes: [String: Any] {
        get { storedAttributes }
        set {
            precondition(
                newValue[FileAttributeKey.type.rawValue] != nil
                    && newValue[FileAttributeKey.posixPermissions.rawValue] != nil,
                "FileWrapper.fileAttributes must contain at least FileAttributeKey.type and .posixPermissions")
            storedAttributes = newValue
            attributesNeedWriting = true
        }
    }

    /// The modification date in `fileAttributes`, if any.
    var modificationDate: Date? {
        storedAttributes[FileAttributeKey.modificationDate.rawValue] as? Date
    }

    /// The POSIX permissions in `fileAttributes`, or the given default.
    func permissions(default fallback: UInt16) -> UInt16 {
        let value = storedAttributes[FileAttributeKey.posixPermissions.rawValue]
        if let number = value as? NSNumber { return UInt16(truncatingIfNeeded: number.intValue) & 0o7777 }
        if let number = value as? Int { return UInt16(truncatingIfNeeded: number) & 0o7777 }
        return fallback
    }

    // MARK: Contents

    /// The contents of a regular-file wrapper; nil when a lazy read failed (the error is kept for `write`).
    ///
    /// Calling it on a directory or symbolic link is a precondition failure, as Apple's raises.
    open var regularFileContents: Data? {
        guard case .regular(let load) = contents else {
            preconditionFailure("FileWrapper.regularFileContents is only for regular-file wrappers")
        }
        switch load {
        case .loaded(let data):
            return data
        case .unloaded(let location):
            do {
                let data = try Self.readRegularFile(at: location)
                contents = .regular(.loaded(data))
                lazyReadError = nil
                return data
            } catch let error as FileWrapperError {
                lazyReadError = error
                return nil
            } catch {
                return nil
            }
        }
    }

    /// The children of a directory wrapper, keyed by their unique names; a copy, loaded on first access.
    ///
    /// Nil when a lazy read of the folder failed (the error is kept for `write`). Calling it on a
    /// non-directory is a precondition failure. Two keys that differ only in Unicode normalization
    /// are distinct children but collide in a Swift `Dictionary`; then only one of them appears here.
    open var fileWrappers: [String: FileWrapper]? {
        guard let children = loadedChildren() else { return nil }
        var result: [String: FileWrapper] = [:]
        result.reserveCapacity(children.count)
        for (key, child) in children { result[key.name] = child }
        return result
    }

    /// The destination of a symbolic-link wrapper; calling it on another kind is a precondition failure.
    open var symbolicLinkDestinationURL: URL? {
        guard case .symbolicLink(let url) = contents else {
            preconditionFailure("FileWrapper.symbolicLinkDestinationURL is only for symbolic-link wrappers")
        }
        return url
    }

    /// The children, loading them from disk if needed; nil after a failed lazy read.
    func loadedChildren() -> [ChildKey: FileWrapper]? {
        guard case .directory(let load) = contents else {
            preconditionFailure("this method is only for directory file wrappers")
        }
        switch load {
        case .loaded(let children):
            return children
        case .unloaded(let location):
            do {
                let children = try Self.readChildrenLazily(at: location)
                for child in children.values { child.parents.append(WeakParent(wrapper: self)) }
                contents = .directory(.loaded(children))
                lazyReadError = nil
                return children
            } catch let error as FileWrapperError {
                lazyReadError = error
                return nil
            } catch {
                return nil
            }
        }
    }

    // MARK: Children

    /// Adds `child` to this directory and returns its key: the child's preferred filename, or
    /// `"n__#$!@%!#__name"` for the first free n = 1, 2, 3 … when that name is taken.
    ///
    /// A child already present (the same object) keeps its key. Adding drops this directory's
    /// modification date. Calling it on a non-directory, or with a child that has no preferred
    /// filename, is a precondition failure, as Apple's raises.
    @discardableResult
    open func addFileWrapper(_ child: FileWrapper) -> String {
        precondition(isDirectory, "FileWrapper.addFileWrapper(_:) is only for directory file wrappers")
        guard let name = child.preferredFilename, !name.isEmpty else {
            preconditionFailure("a file wrapper must have a preferredFilename before it can be added to a directory")
        }
        // Every child lists this folder among its parents, so a wrapper that does not is no child, and the
        // search of every key (which made adding n children cost n²) is needed only for one that does.
        if child.parents.contains(where: { $0.wrapper === self }), let existing = keyForChildFileWrapper(child) {
            return existing
        }
        let key = insertUniquely(child)
        storedAttributes[FileAttributeKey.modificationDate.rawValue] = nil
        return key
    }

    /// Inserts `child` under its preferred filename, uniquing the key; returns the key.
    @discardableResult
    private func insertUniquely(_ child: FileWrapper) -> String {
        guard let name = child.preferredFilename else {
            preconditionFailure("a file wrapper must have a preferredFilename before it can be added to a directory")
        }
        // A failed lazy read leaves the directory empty in memory; the kept error makes a later write fail
        // instead of saving a package that silently lost every member it had on disk.
        var children = loadedChildren() ?? [:]
        if case .directory(.loaded) = contents {
            // Drop the stored reference while the copy is changed, so the dictionary is changed in place:
            // otherwise every insertion copies all the children, and building a package of n members costs n².
            contents = .directory(.loaded([:]))
        }
        var key = name
        var counter = 1
        while !Self.insert(child, forKey: ChildKey(key), into: &children) {
            key = "\(counter)__#$!@%!#__\(name)"
            counter += 1
        }
        contents = .directory(.loaded(children))
        child.parents.append(WeakParent(wrapper: self))
        return key
    }

    /// Inserts `child` under `key` unless the key is taken; whether it was inserted.
    ///
    /// One look-up instead of a look-up and then an insertion: the default of the subscript is stored
    /// only when the key is absent, which the default's closure records.
    private static func insert(
        _ child: FileWrapper, forKey key: ChildKey, into children: inout [ChildKey: FileWrapper]
    ) -> Bool {
        var inserted = false
        withUnsafeMutablePointer(
            to: &children[
                key,
                default: {
                    inserted = true
                    return child
                }()]
        ) { _ in }
        return inserted
    }

    /// Creates a regular-file wrapper for `data`, names it, adds it, and returns its key.
    @discardableResult
    open func addRegularFile(withContents data: Data, preferredFilename fileName: String) -> String {
        precondition(
            isDirectory,
            "FileWrapper.addRegularFile(withContents:preferredFilename:) is only for directory file wrappers")
        let child = FileWrapper(regularFileWithContents: data)
        child.preferredFilename = fileName
        return addFileWrapper(child)
    }

    /// Removes `child` (found by identity) from this directory; a wrapper that is not a child is ignored.
    open func removeFileWrapper(_ child: FileWrapper) {
        precondition(isDirectory, "FileWrapper.removeFileWrapper(_:) is only for directory file wrappers")
        guard var children = loadedChildren(), let key = children.first(where: { $0.value === child })?.key else {
            return
        }
        children[key] = nil
        contents = .directory(.loaded(children))
        child.parents.removeAll { $0.wrapper === self || $0.wrapper == nil }
        storedAttributes[FileAttributeKey.modificationDate.rawValue] = nil
    }

    /// The key of `child` (found by identity) in this directory, or nil if it is not a child.
    open func keyForChildFileWrapper(_ child: FileWrapper) -> String? {
        precondition(isDirectory, "FileWrapper.keyForChildFileWrapper(_:) is only for directory file wrappers")
        return loadedChildren()?.first(where: { $0.value === child })?.key.name
    }

    // MARK: Reading, writing, comparing

    /// Re-reads this wrapper from `url`, keeping the children that still exist (by key) and re-reading them.
    ///
    /// A loaded regular file or link whose kind and modification time (within a second) still match
    /// only refreshes its attributes; a directory is always reconciled: existing children are re-read
    /// in place, new entries added, vanished ones removed. The kind can change.
    open func read(from url: URL, options: FileWrapper.ReadingOptions = []) throws {
        let path = try Self.checkedPath(of: url, reading: true)
        try reread(atPath: path, immediate: options.contains(.immediate), location: nil)
    }

    /// Writes the wrapper's tree to `url`.
    ///
    /// With `.atomic` the tree is built in a temporary folder beside the destination, flushed to stable
    /// storage, then swapped into place in one step: a crash at any instant leaves the old item or the
    /// new one, never a mix. Without it, a regular file is overwritten in place and a directory fails
    /// with "file exists" when anything is at `url` (Apple's writer would delete that item; this one
    /// never deletes what it did not create). With `originalContentsURL`, a regular-file child whose
    /// attributes were not set since the last read or write, and whose original at
    /// `originalContentsURL/<child.filename>` is a regular file modified within a second of the
    /// wrapper's date, is hard-linked instead of rewritten, so saving a large package that changed one
    /// member writes one member. Every child key is checked first: an empty key, `.`, `..`, or one
    /// containing `/` or NUL fails the write before anything is written.
    ///
    /// An atomic save over its own original (`originalContentsURL` names the folder at `url`) that
    /// differs from the package on disk in exactly one regular file, every other member being one that
    /// would be hard-linked, with the same names on disk as in the tree, no symbolic link, and folders
    /// whose permissions (and dates, if the wrappers have them) are what a rewrite would give them,
    /// writes that file alone: into a temporary folder beside the package, flushed, then renamed over
    /// the old member, which is atomic for the whole package because no other member differs. Unlike
    /// Apple's writer, which always recreates folders, the package folder and its unchanged folders
    /// then keep their inodes (and their owner and extended attributes, and their modification times
    /// where the wrappers have no date): code that holds the package open, or identifies it by inode,
    /// sees the new member in the same folder. Every other save rebuilds the package and swaps it in.
    open func write(to url: URL, options: FileWrapper.WritingOptions = [], originalContentsURL: URL?) throws {
        try performWrite(to: url, options: options, originalContentsURL: originalContentsURL)
    }

    /// Whether the item at `url` is of the same kind and has the same modification time (within a second).
    ///
    /// As Apple's, it does not compare bytes; for a directory it recurses only into the children in
    /// memory, at `url/key`, so extra files on disk go unnoticed; a wrapper without a modification date
    /// never matches. For a real comparison of contents use `contentDifferences(from:)`.
    open func matchesContents(of url: URL) -> Bool {
        guard let path = try? Self.checkedPath(of: url, reading: true),
            let status = try? FileDescriptor.status(atPath: path),
            let date = modificationDate,
            abs(Double(status.modificationSeconds) - date.timeIntervalSince1970) < 1
        else { return false }
        switch (contents, status.kind) {
        case (.regular, .regular), (.symbolicLink, .symbolicLink):
            return true
        case (.directory(let load), .directory):
            guard case .loaded(let children) = load else { return true }
            return children.allSatisfy { key, child in
                child.matchesContents(of: URL(fileURLWithPath: path).appendingPathComponent(key.name))
            }
        default:
            return false
        }
    }

    /// The flat-RTFD (`com.apple.flat-rtfd`) form of the whole tree, the pasteboard format of file
    /// wrappers; nil when some contents cannot be read.
    open var serializedRepresentation: Data? {
        makeSerializedRepresentation()
    }

    /// Creates a wrapper from `serializedRepresentation` data; nil when the data is not a valid container,
    /// or names a child with an unsafe name (empty, `.`, `..`, or containing `/` or NUL).
    public convenience init?(serializedRepresentation: Data) {
        guard let items = try? FlatRTFDContainer.decode(serializedRepresentation),
            let decoded = Self.fromSerialized(items)
        else { return nil }
        self.init(
            contents: decoded.contents, attributes: decoded.storedAttributes,
            preferredFilename: decoded.storedPreferredFilename, filename: nil)
        adoptChildren()
    }

    open override var description: String {
        let kind: String
        switch contents {
        case .regular: kind = "regular file"
        case .directory: kind = "directory"
        case .symbolicLink: kind = "symbolic link"
        }
        return "<FileWrapper \(kind) preferredFilename: \(preferredFilename ?? "nil") filename: \(filename ?? "nil")>"
    }
}
#endif
