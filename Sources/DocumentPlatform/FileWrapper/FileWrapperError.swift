#if !canImport(Darwin)
import Foundation
import SystemSeam

/// Why a `FileWrapper` could not read or write: the path, the member, a stable code and a sentence.
///
/// It also bridges to `NSError` in `NSCocoaErrorDomain` with the code Apple's `FileWrapper`
/// reports for the same failure (`fileReadNoSuchFile`, `fileWriteFileExists`, …), so code written
/// against Apple's API that inspects `(error as NSError).code` behaves the same.
public struct FileWrapperError: LocatedError, CustomNSError, Sendable {
    public let file: String?
    public let location: ErrorLocation?
    public let code: String
    public let message: String
    /// The `CocoaError.Code` raw value Apple reports for this failure.
    public let cocoaCode: Int
    /// The C library's error number behind the failure, when there is one.
    public let underlyingErrorNumber: Int32?

    init(
        file: String?, member: String? = nil, code: FileWrapperErrorCode, message: String,
        cocoaCode: CocoaError.Code, errorNumber: Int32? = nil
    ) {
        self.file = file
        self.location = member.map { .member($0) }
        self.code = code.rawValue
        self.message = message
        self.cocoaCode = cocoaCode.rawValue
        self.underlyingErrorNumber = errorNumber
    }

    public static var errorDomain: String { NSCocoaErrorDomain }
    public var errorCode: Int { cocoaCode }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let file { info[NSFilePathErrorKey] = file }
        if let underlyingErrorNumber {
            info[NSUnderlyingErrorKey] = NSError(domain: NSPOSIXErrorDomain, code: Int(underlyingErrorNumber))
        }
        return info
    }
}

extension FileWrapperError {
    /// Translates a failed system call while reading.
    package static func reading(_ failure: FileSystemError, member: String? = nil) -> FileWrapperError {
        let errorNumber = failure.errorNumber
        if failure.isChangeWhileReading {
            return FileWrapperError(
                file: failure.path, member: member, code: .readChangedWhileReading,
                message:
                    "the file changed size or modification time while it was read, so the bytes read may mix two "
                    + "versions; read it again once it is no longer being written",
                cocoaCode: .fileReadUnknown)
        }
        switch errorNumber {
        case SystemErrorText.noSuchEntry, SystemErrorText.notDirectory:
            return FileWrapperError(
                file: failure.path, member: member, code: .readNoSuchFile,
                message: "there is no file here (it may have been moved or deleted since it was opened)",
                cocoaCode: .fileReadNoSuchFile, errorNumber: errorNumber)
        case SystemErrorText.permissionDenied, SystemErrorText.operationNotPermitted:
            return FileWrapperError(
                file: failure.path, member: member, code: .readPermissionDenied,
                message: "permission to read it was denied", cocoaCode: .fileReadNoPermission, errorNumber: errorNumber)
        case SystemErrorText.tooManyLinks:
            return FileWrapperError(
                file: failure.path, member: member, code: .readSymbolicLinkRefused,
                message:
                    "a symbolic link stands where a file or folder of the package was expected; links inside a "
                    + "package are never followed",
                cocoaCode: .fileReadUnknown, errorNumber: errorNumber)
        case SystemErrorText.invalidArgument:
            return FileWrapperError(
                file: failure.path, member: member, code: .readUnsupportedKind,
                message: "it is neither a regular file, a folder nor a symbolic link",
                cocoaCode: .fileReadUnknown, errorNumber: errorNumber)
        default:
            return FileWrapperError(
                file: failure.path, member: member, code: .readFailed,
                message: "\(failure.operation) failed: \(failure.reason)", cocoaCode: .fileReadUnknown,
                errorNumber: errorNumber)
        }
    }

    /// Translates a failed system call while writing.
    package static func writing(_ failure: FileSystemError, member: String? = nil) -> FileWrapperError {
        let errorNumber = failure.errorNumber
        switch errorNumber {
        case SystemErrorText.exists, SystemErrorText.notEmpty:
            return FileWrapperError(
                file: failure.path, member: member, code: .writeExists,
                message: "an item already exists there; write with the .atomic option to replace it",
                cocoaCode: .fileWriteFileExists, errorNumber: errorNumber)
        case SystemErrorText.permissionDenied, SystemErrorText.operationNotPermitted:
            return FileWrapperError(
                file: failure.path, member: member, code: .writePermissionDenied,
                message: "permission to write there was denied", cocoaCode: .fileWriteNoPermission,
                errorNumber: errorNumber)
        case SystemErrorText.noSpace, SystemErrorText.quotaExceeded:
            return FileWrapperError(
                file: failure.path, member: member, code: .writeOutOfSpace,
                message: "the volume is full", cocoaCode: .fileWriteOutOfSpace, errorNumber: errorNumber)
        case SystemErrorText.fileTooLarge:
            // Apple reports no dedicated code for a write past the file size limit (RLIMIT_FSIZE or the volume's).
            return FileWrapperError(
                file: failure.path, member: member, code: .writeFileTooLarge,
                message: "the file would grow past the largest size this process or volume allows",
                cocoaCode: .fileWriteUnknown, errorNumber: errorNumber)
        case SystemErrorText.readOnlyFileSystem:
            return FileWrapperError(
                file: failure.path, member: member, code: .writeReadOnlyVolume,
                message: "the volume is read-only", cocoaCode: .fileWriteVolumeReadOnly, errorNumber: errorNumber)
        case SystemErrorText.noSuchEntry, SystemErrorText.notDirectory:
            return FileWrapperError(
                file: failure.path, member: member, code: .writeNoSuchFolder,
                message: "the folder to write into does not exist", cocoaCode: .fileNoSuchFile, errorNumber: errorNumber
            )
        case SystemErrorText.tooManyLinks:
            return FileWrapperError(
                file: failure.path, member: member, code: .writeSymbolicLinkRefused,
                message: "a symbolic link stands at the destination; it is not followed",
                cocoaCode: .fileWriteUnknown, errorNumber: errorNumber)
        default:
            return FileWrapperError(
                file: failure.path, member: member, code: .writeFailed,
                message: "\(failure.operation) failed: \(failure.reason)", cocoaCode: .fileWriteUnknown,
                errorNumber: errorNumber)
        }
    }

    /// A child key that is not a single, safe file name.
    static func invalidName(_ name: String, in path: String, member: String?) -> FileWrapperError {
        let shown = name.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }
            .joined()
        let reason: String
        if name.isEmpty {
            reason = "an empty name"
        } else if name == "." || name == ".." {
            reason = "a name that means a folder itself or its parent"
        } else if name.contains("/") {
            reason = "a name containing '/', which would reach outside its folder"
        } else {
            reason = "a name containing a NUL character"
        }
        return FileWrapperError(
            file: path, member: member, code: .nameInvalid,
            message: "the child '\(shown)' has \(reason); a package member must be one plain file name",
            cocoaCode: .fileWriteInvalidFileName)
    }

    /// A folder nested deeper than an immediate read descends, at `path`.
    package static func tooDeep(at path: String, member: String, limit: Int) -> FileWrapperError {
        FileWrapperError(
            file: path, member: member, code: .readTooDeep,
            message:
                "folders are nested more than \(limit) levels deep here; an immediate read holds every level open "
                + "and stops at this depth, which no document needs",
            cocoaCode: .fileReadUnknown)
    }

    /// A file name on disk that is not UTF-8 and so cannot be a child key.
    package static func nameNotUTF8(_ bytes: [UInt8], in path: String) -> FileWrapperError {
        let escaped = bytes.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }
            .joined()
        return FileWrapperError(
            file: path, member: escaped, code: .nameNotUTF8,
            message:
                "the folder holds a file whose name is not UTF-8 ('\(escaped)'); it cannot be represented as a "
                + "child key",
            cocoaCode: .fileReadInvalidFileName)
    }

    /// A URL that is not a `file:` URL, or names the root folder.
    static func unsupportedURL(_ url: URL, reading: Bool) -> FileWrapperError {
        if url.isFileURL {
            return FileWrapperError(
                file: url.path, code: .urlRoot, message: "the root folder cannot be read or written as a file wrapper",
                cocoaCode: reading ? .fileReadInvalidFileName : .fileWriteInvalidFileName)
        }
        return FileWrapperError(
            file: url.absoluteString, code: .urlNotFile,
            message: "only file URLs can be read or written",
            cocoaCode: reading ? .fileReadUnsupportedScheme : .fileWriteUnsupportedScheme)
    }

    /// A wrapper whose lazily read contents could not be loaded, so there is nothing to write.
    static func contentsUnavailable(at path: String, member: String?) -> FileWrapperError {
        FileWrapperError(
            file: path, member: member, code: .writeContentsUnavailable,
            message: "the contents of this item could not be read, so it cannot be written",
            cocoaCode: .fileWriteUnknown)
    }
}
#endif
