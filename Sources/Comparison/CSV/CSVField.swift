/// One field of a record: its text, and whether the file wrote it between quotes.
///
/// `isQuoted` records the style actually used, so a field quoted without need (`1,"",""`) stays
/// quoted when the table is written again. A writer quotes a field that needs it (see
/// `CSVField.needsQuotes(_:delimiter:)`) even when `isQuoted` is false, so editing never breaks a file.
public struct CSVField: Hashable, Sendable, CustomStringConvertible {
    /// The field's text, with quotes undoubled and line breaks inside quotes kept as written.
    public var text: String
    /// Whether the field was (or is to be) written between quotes.
    public var isQuoted: Bool

    /// A field holding `text`, quoted only if `isQuoted` says so or its text needs it.
    public init(_ text: String, isQuoted: Bool = false) {
        self.text = text
        self.isQuoted = isQuoted
    }

    public var description: String { text }

    /// Whether `text` must be quoted under `delimiter`: it holds the delimiter, a quote, CR or LF.
    ///
    /// This is Python's `csv.QUOTE_MINIMAL` with the `excel` and `excel-tab` dialects (whose line
    /// terminator is CR LF); leading and trailing spaces are not quoted, as Python does not quote them.
    public static func needsQuotes(_ text: String, delimiter: UInt8) -> Bool {
        text.utf8.contains { byte in
            byte == delimiter || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        }
    }
}
