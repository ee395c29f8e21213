import DocumentPlatform
import SystemSeam

/// One input of a job, as the plan found it: where it is, where its output goes, and whether it is skipped.
public struct PlannedItem: Sendable, Hashable {
    /// What stands at the input path.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A regular file.
        case file
        /// A folder read as one document (a package, or a folder type a codec reads); never descended into.
        case package
        /// Something the job does not convert (see `skipReason`).
        case other
    }

    /// The path to open: as given on the command line or in `--files-from`, joined with the names below it.
    public var input: ItemPath
    /// The path relative to the folder it was found in, which the output tree mirrors and the shard hashes.
    public var relativePath: ItemPath
    /// What stands at the input path.
    public var kind: Kind
    /// Why the item is reported as skipped without being read (`convert.skipped.icloud-placeholder`, …); nil to convert
    /// it.
    public var skipReason: ConversionError?

    /// What the walk found at `input` when it is a regular file (its size, times, identity), so that the
    /// job need not look the path up again just before converting it; nil when the walk has none.
    ///
    /// Not part of the item's identity: two items that name the same input are equal, whatever the
    /// walk saw.
    package var foundStatus: FileStatus?

    /// The device and inode of what the walk found at `input`, when it handed the item on without its
    /// status (see `ConversionPlan.readsFileStatuses`): the job then learns the size and time from the
    /// worker that reads the input. Not part of the item's identity either.
    package var foundIdentity: FileIdentity?

    /// An item of the plan.
    public init(input: ItemPath, relativePath: ItemPath, kind: Kind, skipReason: ConversionError? = nil) {
        self.input = input
        self.relativePath = relativePath
        self.kind = kind
        self.skipReason = skipReason
    }

    public static func == (left: PlannedItem, right: PlannedItem) -> Bool {
        left.input == right.input && left.relativePath == right.relativePath && left.kind == right.kind
            && left.skipReason == right.skipReason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(input)
        hasher.combine(relativePath)
        hasher.combine(kind)
        hasher.combine(skipReason)
    }
}
