/// Why `DocumentHost` could not open, save, export or revert a document: the file, a stable code and a sentence.
///
/// Codes are `host.<operation>.<reason>`, with the operations `create`, `open`, `save`, `save-as`,
/// `autosave`, `export` and `revert`. The error the document's reader, writer or snapshot threw is
/// kept in `underlyingError`; when it is a `LocatedError` its location becomes this error's location.
public struct DocumentHostError: LocatedError {
    public let file: String?
    public let location: ErrorLocation?
    public let code: String
    public let message: String
    /// The error the document, its reader or writer, or the file system threw, if any.
    public let underlyingError: (any Error)?

    /// Creates an error; `DocumentHost` makes these.
    public init(
        file: String?, location: ErrorLocation? = nil, code: String, message: String,
        underlyingError: (any Error)? = nil
    ) {
        self.file = file
        self.location = location
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

    /// An error with a catalogued code.
    init(
        file: String?, location: ErrorLocation? = nil, code: DocumentHostErrorCode, message: String,
        underlyingError: (any Error)? = nil
    ) {
        self.init(
            file: file, location: location, code: code.rawValue, message: message, underlyingError: underlyingError)
    }

    /// Wraps `error` as the reason `operation` failed on `url`, keeping its location and its code in the message.
    static func wrapping(
        _ error: any Error, operation: DocumentHostOperation, reason: DocumentHostErrorCode.Reason, url: URL?,
        summary: String
    ) -> DocumentHostError {
        let detail: String
        var location: ErrorLocation?
        if let located = error as? any LocatedError {
            location = located.location
            detail = located.message + " [\(located.code)]"
        } else {
            detail = String(describing: error)
        }
        return DocumentHostError(
            file: url?.path, location: location, code: DocumentHostErrorCode(operation, reason),
            message: "\(summary): \(detail)", underlyingError: error)
    }
}

/// The operations of `DocumentHost`, as they appear in error codes.
package enum DocumentHostOperation: String, Sendable {
    case create
    case open
    case save
    case saveAs = "save-as"
    case autosave
    case export
    case revert
}
