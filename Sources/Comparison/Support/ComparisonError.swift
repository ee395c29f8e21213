import DocumentPlatform

/// Why a comparison could not be carried out at all (as opposed to a difference it found).
///
/// Differences are values (`Difference`); this error is only for inputs that could not be read or
/// rules that could not be understood, such as an unreadable file or a bad glob pattern.
public struct ComparisonError: LocatedError, Sendable {
    public let file: String?
    public let location: ErrorLocation?
    public let code: String
    public let message: String

    /// An error with a stable `code` and a sentence saying what went wrong.
    public init(code: String, message: String, location: ErrorLocation? = nil, file: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.file = file
    }

    /// An error with a catalogued code.
    package init(code: ComparisonErrorCode, message: String, location: ErrorLocation? = nil, file: String? = nil) {
        self.init(code: code.rawValue, message: message, location: location, file: file)
    }

    /// The file at `path` could not be opened or read.
    static func unreadable(_ path: String, underlying: any Error) -> ComparisonError {
        ComparisonError(
            code: .unreadable, message: "the file could not be read (\(underlying.localizedDescription))",
            file: path)
    }
}
