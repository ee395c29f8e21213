import DocumentPlatform

/// A prepared output waiting for its batch to be committed.
struct PendingOutput: Sendable {
    var item: PlannedItem
    var prepared: PreparedItem
    /// The verified output's temporary path; nil when a killed run already put this output in place.
    var temporary: ItemPath?
    var destination: ItemPath
    /// In place: the verified backup copy and the name it gets.
    var backup: (temporary: ItemPath, path: ItemPath)?
    var mtime: String
    /// The input's device and inode, to refuse an output path that turns out to be the input itself.
    var inputIdentity: FileIdentity?
}
