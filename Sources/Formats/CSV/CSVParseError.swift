import DocumentPlatform

/// Why bytes are not a delimited-text table: a stable code, where, and a sentence.
///
/// Codes: `csv.invalid-utf8` (at the byte offset of the first bad byte), `csv.unterminated-quote` (at
/// the line and column of the opening quote), `csv.quote-in-unquoted-field` (only when reading with
/// strict quotes) and `csv.text-after-quote`
/// (at the line and column of the offending character). Lines are 1-based and end at LF, CRLF or CR,
/// inside quoted fields too; columns are 1-based Unicode scalars, counted after a byte-order mark.
public struct CSVParseError: LocatedError, Sendable, Equatable {
    public var file: String?
    public let location: ErrorLocation?
    public let code: String
    public let message: String

    public init(code: String, message: String, location: ErrorLocation?, file: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.file = file
    }

    /// An error with a catalogued code.
    package init(code: CSVErrorCode, message: String, location: ErrorLocation?, file: String? = nil) {
        self.init(code: code.rawValue, message: message, location: location, file: file)
    }
}
