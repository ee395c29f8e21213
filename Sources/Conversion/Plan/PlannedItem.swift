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
    /// Why the item is reported as skipped without being read (`convert.skipped.icloud-placeholder`, …); nil to convert it.
    public var skipReason: ConversionError?

    /// An item of the plan.
    public init(input: ItemPath, relativePath: ItemPath, kind: Kind, skipReason: ConversionError? = nil) {
        self.input = input
        self.relativePath = relativePath
        self.kind = kind
        self.skipReason = skipReason
    }
}
