/// A failed system call on a path, with the C library's error number.
///
/// The system seam's file calls throw this; the types above the seam translate it into
/// their own `LocatedError` with a user-facing message.
package struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The call that failed, such as `open` or `renameat2`.
    package let operation: String
    /// The path the call was about (the full path, for messages).
    package let path: String
    /// The C library's error number (`errno`).
    package let errorNumber: Int32

    package init(operation: String, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
    }

    /// A read that succeeded call by call but whose file changed size or modification time meanwhile.
    ///
    /// No system call failed, so there is no error number (it is 0); the bytes read may mix the old
    /// and the new contents and must not be used.
    package static func changedWhileReading(_ path: String) -> FileSystemError {
        FileSystemError(operation: "read", path: path, errorNumber: 0)
    }

    /// Whether this is a read whose file changed while it was read, rather than a failed call.
    package var isChangeWhileReading: Bool { errorNumber == 0 }

    /// The C library's text for the error number.
    package var reason: String {
        isChangeWhileReading ? "the file changed while it was read" : SystemErrorText.describe(errorNumber)
    }

    package var description: String { "\(path): \(operation) failed: \(reason) (errno \(errorNumber))" }
}
