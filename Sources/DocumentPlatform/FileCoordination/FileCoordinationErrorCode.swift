/// The stable codes of `FileCoordinationError`, one per way a coordinated access can fail to start.
package enum FileCoordinationErrorCode: String, CataloguedErrorCode {
    case cancelled = "coordination.cancelled"
    case lockFileFailed = "coordination.lock-file.failed"
    case lockFolderUnusable = "coordination.lock-folder.unusable"
    case nestedWrite = "coordination.nested-write"
    case uploadSnapshotFailed = "coordination.upload-snapshot.failed"

    package var summary: String {
        switch self {
        case .cancelled:
            "The file coordinator was cancelled before access was granted, so the accessor did not run."
        case .lockFileFailed:
            "A lock file in the coordination lock folder could not be opened or locked; the message names the "
                + "call and reason."
        case .lockFolderUnusable:
            "The coordination lock folder is missing or unsafe; set `DOCMIGRATE_COORDINATION_DIRECTORY` to a "
                + "private folder."
        case .nestedWrite:
            "A write was started inside a write accessor of the same coordinator; only a nested read is "
                + "allowed there."
        case .uploadSnapshotFailed:
            "The snapshot for a `.forUploading` read could not be made; the message says why."
        }
    }
}
