/// What a run of every case does with the files of a corpus that no case names.
public enum OrphanAction: String, Sendable, CaseIterable {
    /// List them in the report; the run's outcome does not change.
    case warn
    /// List them, and fail the run when there is one.
    case fail
    /// Delete them, and list what was deleted.
    case delete

    /// Whether orphans found under this action fail the run.
    public func fails(withOrphans orphans: [String]) -> Bool {
        self == .fail && !orphans.isEmpty
    }
}
