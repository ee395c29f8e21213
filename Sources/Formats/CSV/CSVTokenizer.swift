import Foundation

/// The one RFC 4180 reader of docmigrate: bytes to records, keeping each field's quoting and each record's line ending.
///
/// Both the CSV and TSV codecs (in Formats) and the `csv` comparison rule read through it, so a file
/// the codec accepts is the file the comparator compares. The reader is strict, so that every file it
/// accepts re-encodes byte for byte from what it keeps:
/// - input must be UTF-8 (a leading byte-order mark is noted and skipped); anything else is
///   `csv.invalid-utf8` at the offset of the first bad byte;
/// - a field that starts with `"` is quoted: `""` inside it is a quote, and the delimiter, CR and LF are
///   text; it must end with a lone `"` followed by the delimiter, a line break or the end of the file,
///   else `csv.text-after-quote`; no closing quote is `csv.unterminated-quote` at the opening one;
/// - a `"` inside an unquoted field (`5" screen`) is text, as Python's reader (`strict=False`) and
///   csv-spectrum's `location_coordinates` case have it, unless `strictQuotes` is set, which makes it
///   `csv.quote-in-unquoted-field` as RFC 4180 would;
/// - text after a closing quote is refused in either mode: Python's lenient reader reads `"ab"c` as
///   `abc`, which could never be written back as it was;
/// - records end at CRLF, LF or CR; the last one may end at the end of the file;
/// - a blank line is a record with no fields; rows may have different numbers of fields ("ragged"):
///   RFC 4180 says records *should* have the same count, real files do not, and refusing them would
///   refuse files users have, so they are kept and reported (`CSVTable.raggedRecords`).
/// Iterative, one pass, no recursion: no input can exhaust the stack.
public enum CSVTokenizer {
    /// What the tokenizer read: whether a byte-order mark came first, and the records.
    public struct Output: Sendable, Hashable {
        /// Whether the bytes started with a UTF-8 byte-order mark (EF BB BF).
        public var byteOrderMark: Bool
        /// The records, in order.
        public var records: [CSVRecord]
    }

    /// Reads `data` with `dialect`'s delimiter; throws `CSVParseError` for bytes that are not such a table.
    ///
    /// With `strictQuotes`, a quote inside an unquoted field is an error rather than text.
    public static func records(
        in data: Data, dialect: CSVDialect, strictQuotes: Bool = false
    ) throws(CSVParseError) -> Output {
        let bytes = [UInt8](data)
        try validateUTF8(data)
        let start = hasByteOrderMark(bytes) ? 3 : 0
        return Output(
            byteOrderMark: start == 3,
            records: try records(in: bytes, from: start, delimiter: dialect.delimiter, strictQuotes: strictQuotes))
    }

    /// Whether `bytes` start with the UTF-8 byte-order mark.
    public static func hasByteOrderMark(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0xEF, 0xBB, 0xBF])
    }

    static func validateUTF8(_ data: Data) throws(CSVParseError) {
        if String(validating: data, as: UTF8.self) != nil { return }
        let invalidOffset = data.withUnsafeBytes { TextDecoding.utf8FirstInvalidOffset($0.bindMemory(to: UInt8.self)) }
        if let invalidOffset {
            let byte = data[data.index(data.startIndex, offsetBy: invalidOffset)]
            throw CSVParseError(
                code: .invalidUTF8, message: "the byte 0x\(String(byte, radix: 16)) is not valid UTF-8 here",
                location: .byte(invalidOffset))
        }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    private static func records(
        in bytes: [UInt8], from start: Int, delimiter: UInt8, strictQuotes: Bool
    ) throws(CSVParseError) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var fields: [CSVField] = []
        var index = start
        let count = bytes.count
        // The place of `bytes[index]`, for errors: lines end at LF, CRLF or CR; columns count scalars.
        var line = 1, column = 1
        func advance(over byte: UInt8) {
            if byte == lineFeed || (byte == carriageReturn && !(index + 1 < count && bytes[index + 1] == lineFeed)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        while index < count {
            // At the start of a field.
            if bytes[index] == quote {
                let openingLine = line, openingColumn = column
                advance(over: quote)
                var text: [UInt8] = []
                var closed = false
                while index < count {
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count && bytes[index + 1] == quote {
                            text.append(quote)
                            advance(over: quote)
                            advance(over: quote)
                            continue
                        }
                        advance(over: quote)
                        closed = true
                        break
                    }
                    text.append(byte)
                    advance(over: byte)
                }
                guard closed else {
                    throw CSVParseError(
                        code: .unterminatedQuote, message: "the quoted field that starts here has no closing quote",
                        location: .line(openingLine, column: openingColumn))
                }
                fields.append(CSVField(String(decoding: text, as: UTF8.self), isQuoted: true))
                if index < count && bytes[index] != delimiter && bytes[index] != carriageReturn
                    && bytes[index] != lineFeed
                {
                    throw CSVParseError(
                        code: .textAfterQuote,
                        message:
                            "a quoted field must end at its closing quote, but text follows it; a quote inside a "
                            + "quoted field is written \"\"",
                        location: .line(line, column: column))
                }
            } else {
                let fieldStart = index
                while index < count {
                    let byte = bytes[index]
                    if byte == delimiter || byte == carriageReturn || byte == lineFeed { break }
                    if byte == quote && strictQuotes {
                        throw CSVParseError(
                            code: .quoteInUnquotedField,
                            message: "a field that holds a quote must be quoted as a whole, with the quote doubled",
                            location: .line(line, column: column))
                    }
                    advance(over: byte)
                }
                let isBlankLine = fields.isEmpty && index == fieldStart && index < count && bytes[index] != delimiter
                if !isBlankLine {
                    fields.append(CSVField(String(decoding: bytes[fieldStart..<index], as: UTF8.self)))
                }
            }
            // After a field: the end of the file, a delimiter, or a line break.
            guard index < count else {
                records.append(CSVRecord(fields: fields, lineEnding: .none))
                break
            }
            if bytes[index] == delimiter {
                advance(over: delimiter)
                if index == count {
                    fields.append(CSVField(""))
                    records.append(CSVRecord(fields: fields, lineEnding: .none))
                }
                continue
            }
            let ending: CSVLineEnding
            if bytes[index] == carriageReturn {
                ending = index + 1 < count && bytes[index + 1] == lineFeed ? .carriageReturnLineFeed : .carriageReturn
            } else {
                ending = .lineFeed
            }
            if ending == .carriageReturnLineFeed { advance(over: carriageReturn) }
            advance(over: bytes[index])
            records.append(CSVRecord(fields: fields, lineEnding: ending))
            fields = []
        }
        return records
    }
}
