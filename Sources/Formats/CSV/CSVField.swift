/// One field of a record: its text, and whether the file wrote it between quotes.
///
/// `isQuoted` records the style actually used, so a field quoted without need (`1,"",""`) stays
/// quoted, and a bare field holding a quote (`5" screen`, which a lenient reader accepts) stays bare,
/// when the table is written again. A writer quotes an unquoted field whose text could not be read
/// back bare (`CSVField.mustBeQuoted(_:delimiter:)`), so editing never breaks a file; the ways of
/// making fields for new text (`CSVTable.init(rows:…)`, `appendRecord`, `setText`) quote exactly what
/// `CSVField.needsQuotes(_:delimiter:)` says, as Python's writer does.
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

    /// Whether text written bare would not read back as itself: it holds the delimiter, CR or LF, or starts with a
    /// quote.
    public static func mustBeQuoted(_ text: String, delimiter: UInt8) -> Bool {
        if text.utf8.first == UInt8(ascii: "\"") { return true }
        return text.utf8.contains { byte in
            byte == delimiter || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        }
    }

    /// Whether new text is quoted under `delimiter`: it holds the delimiter, a quote, CR or LF.
    ///
    /// This is Python's `csv.QUOTE_MINIMAL` with the `excel` and `excel-tab` dialects (whose line
    /// terminator is CR LF); leading and trailing spaces are not quoted, as Python does not quote them.
    public static func needsQuotes(_ text: String, delimiter: UInt8) -> Bool {
        text.utf8.contains { byte in
            byte == delimiter || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        }
    }
}
