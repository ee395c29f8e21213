import DocumentCodecs

/// Why the verifier could not run a corpus at all (a bad manifest, an unreadable folder): exit code 2.
public struct VerificationError: LocatedError, Sendable {
    public let file: String?
    public let location: ErrorLocation?
    public let code: String
    public let message: String

    public init(file: String?, location: ErrorLocation? = nil, code: String, message: String) {
        self.file = file
        self.location = location
        self.code = code
        self.message = message
    }

    /// An error with a catalogued code.
    package init(file: String?, location: ErrorLocation? = nil, code: VerificationErrorCode, message: String) {
        self.init(file: file, location: location, code: code.rawValue, message: message)
    }
}
