#if !canImport(Darwin)
import Foundation

/// Why a coordinated access could not start; reported as an `NSError` in `NSCocoaErrorDomain`.
///
/// Apple's API returns errors through an `NSErrorPointer`, so this error reaches callers as
/// the `NSError` it bridges to (`CustomNSError`): the domain and code are Apple's
/// (`NSUserCancelledError` for cancellation, `NSFileLockingError` for everything that keeps
/// the locks from being taken), the localized description is the full located message, and
/// the stable docmigrate code is in the user info under `FileCoordinationError.codeKey`.
public struct FileCoordinationError: LocatedError, CustomNSError, Sendable {
    /// The user-info key of the stable docmigrate code in the bridged `NSError`.
    public static let codeKey = "DocMigrateErrorCode"

    /// The item (or, for lock-folder errors, the folder) the error is about.
    public var file: String?
    /// Always nil: coordination errors concern a whole item, not a place inside it.
    public var location: ErrorLocation? { nil }
    /// The stable dotted code, such as `coordination.cancelled`.
    public var code: String
    /// What went wrong, as a sentence.
    public var message: String
    /// The code of the bridged `NSError` in `NSCocoaErrorDomain`.
    public var errorCode: Int

    /// `NSCocoaErrorDomain`, as Apple's coordinator reports.
    public static var errorDomain: String { NSCocoaErrorDomain }

    /// The localized description (the located message), the file path and the stable code.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: description, Self.codeKey: code]
        if let file { userInfo[NSFilePathErrorKey] = file }
        return userInfo
    }

    init(file: String?, code: FileCoordinationErrorCode, message: String, errorCode: Int) {
        self.file = file
        self.code = code.rawValue
        self.message = message
        self.errorCode = errorCode
    }

    /// The coordinator was cancelled before the accessor could run.
    static func cancelled(_ path: String) -> Self {
        Self(
            file: path, code: .cancelled,
            message: "the file coordinator was cancelled while waiting for access, so the accessor did not run",
            errorCode: NSUserCancelledError)
    }

    /// The lock folder is missing, cannot be made, or is not safe to use.
    static func lockFolderUnusable(_ folder: String, _ reason: String) -> Self {
        Self(
            file: folder, code: .lockFolderUnusable,
            message:
                "the coordination lock folder cannot be used: \(reason); set DOCMIGRATE_COORDINATION_DIRECTORY to a "
                + "private folder",
            errorCode: NSFileLockingError)
    }

    /// A lock file in the lock folder could not be opened or locked.
    static func lockFileFailed(_ lockFile: String, item: String, call: String, reason: String) -> Self {
        Self(
            file: item, code: .lockFileFailed,
            message: "\(call) failed on the lock file \(lockFile): \(reason)",
            errorCode: NSFileLockingError)
    }

    /// A write was requested inside a write accessor of the same coordinator.
    static func nestedWrite(_ path: String) -> Self {
        Self(
            file: path, code: .nestedWrite,
            message:
                "a coordinated write was started inside a write accessor of the same file coordinator; only a "
                + "nested read is allowed",
            errorCode: NSFileLockingError)
    }

    /// The snapshot for `.forUploading` could not be made.
    static func snapshotFailed(_ path: String, _ reason: String) -> Self {
        Self(
            file: path, code: .uploadSnapshotFailed,
            message: "the snapshot for uploading could not be made: \(reason)",
            errorCode: NSFileReadUnknownError)
    }
}
#endif
