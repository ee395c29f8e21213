/// The stable codes of the CSV format's errors.
package enum CSVErrorCode: String, CataloguedErrorCode {
    case conversionDuplicateColumn = "csv.conversion.duplicate-column"
    case conversionExtraFields = "csv.conversion.extra-fields"
    case delimiterMismatch = "csv.delimiter-mismatch"
    case invalidUTF8 = "csv.invalid-utf8"
    case lineEndingMissing = "csv.line-ending-missing"
    case notAFile = "csv.not-a-file"
    case quoteInUnquotedField = "csv.quote-in-unquoted-field"
    case textAfterQuote = "csv.text-after-quote"
    case unreadable = "csv.unreadable"
    case unterminatedQuote = "csv.unterminated-quote"

    package var summary: String {
        switch self {
        case .conversionDuplicateColumn:
            "The header names a column twice, and a JSON object cannot hold a key twice; rename one column."
        case .conversionExtraFields:
            "A row has more fields than the header has columns, so the extra values would have no key."
        case .delimiterMismatch:
            "The table's delimiter is not the one this format's files use; convert the table to that "
                + "delimiter first."
        case .invalidUTF8:
            "A byte is not valid UTF-8 at this place; save the table as UTF-8."
        case .lineEndingMissing:
            "A record other than the last has no line ending, so it would merge with the next one when "
                + "written."
        case .notAFile:
            "A table must be a single file, but the item is a folder or a link."
        case .quoteInUnquotedField:
            "A field holds a quote but is not quoted; quote the whole field and double the quote."
        case .textAfterQuote:
            "Text follows a quoted field's closing quote; a quote inside a quoted field is written `\"\"`."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        case .unterminatedQuote:
            "A quoted field has no closing quote before the end of the file."
        }
    }
}

extension CodecError.Code {
    /// A code of the CSV format.
    package static func csv(_ code: CSVErrorCode) -> Self { Self(code) }
}
