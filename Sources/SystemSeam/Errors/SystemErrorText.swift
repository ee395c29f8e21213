#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's names for error numbers, kept here so the rest of the code never imports Glibc.
package enum SystemErrorText {
    /// `strerror` for the number, as a Swift string.
    package static func describe(_ errorNumber: Int32) -> String {
        guard let text = strerror(errorNumber) else { return "error \(errorNumber)" }
        return String(cString: text)
    }

    /// The error numbers the callers above the seam need to tell apart.
    package static let noSuchEntry = ENOENT
    package static let permissionDenied = EACCES
    package static let operationNotPermitted = EPERM
    package static let exists = EEXIST
    package static let notEmpty = ENOTEMPTY
    package static let notDirectory = ENOTDIR
    package static let isDirectory = EISDIR
    package static let tooManyLinks = ELOOP
    package static let noSpace = ENOSPC
    package static let quotaExceeded = EDQUOT
    package static let readOnlyFileSystem = EROFS
    package static let invalidArgument = EINVAL
    package static let notSupported = ENOSYS
    package static let operationNotSupported = EOPNOTSUPP
    package static let crossDevice = EXDEV
    package static let nameTooLong = ENAMETOOLONG
    package static let fileTooLarge = EFBIG
}
