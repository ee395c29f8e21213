import Foundation

/// A delimited-text table exactly as written: records of fields with their quoting, line endings, delimiter and BOM.
///
/// The snapshot of the CSV and TSV codecs, and what the `csv` comparison rule compares. It keeps
/// enough to write any file the tokenizer accepts back byte for byte: each field's text and whether
/// it was quoted, each record's line ending (so the absence of a final line break is the last
/// record's `.none`), the delimiter and a UTF-8 byte-order mark.
public struct CSVTable: Hashable, Sendable {
    /// The records, header first when there is one.
    public var records: [CSVRecord]
    /// The delimiter.
    public var dialect: CSVDialect
    /// Whether the file starts with a UTF-8 byte-order mark, as Excel's "CSV UTF-8" writes it.
    public var byteOrderMark: Bool
    /// Whether the first record names the columns (see `CSVTable.firstRecordIsHeader(_:)` for how reading decides).
    public var hasHeader: Bool

    /// A table of `records`.
    public init(records: [CSVRecord], dialect: CSVDialect = .comma, byteOrderMark: Bool = false, hasHeader: Bool) {
        self.records = records
        self.dialect = dialect
        self.byteOrderMark = byteOrderMark
        self.hasHeader = hasHeader
    }

    /// Reads a table whose delimiter is the candidate `CSVDialect.detect(in:among:)` picks from the first
    /// record; the header is decided by `firstRecordIsHeader(_:)`. Throws `CSVParseError`.
    ///
    /// `strictQuotes` refuses a quote inside an unquoted field (see `CSVTokenizer`).
    public init(
        decoding data: Data, delimiterCandidates: [CSVDialect], strictQuotes: Bool = false
    ) throws(CSVParseError) {
        let body = CSVTokenizer.hasByteOrderMark(data) ? data.dropFirst(3) : data[...]
        let dialect = CSVDialect.detect(in: body, among: delimiterCandidates)
        let output = try CSVTokenizer.records(in: data, dialect: dialect, strictQuotes: strictQuotes)
        self.init(
            records: output.records, dialect: dialect, byteOrderMark: output.byteOrderMark,
            hasHeader: Self.firstRecordIsHeader(output.records))
    }

    /// The column names when the table has a header.
    public var header: [String]? {
        hasHeader ? records.first?.cells : nil
    }

    /// The records after the header, if any.
    public var rows: ArraySlice<CSVRecord> {
        hasHeader ? records.dropFirst() : records[...]
    }

    /// Whether the file ends with a line break (false for an empty table).
    public var endsWithLineBreak: Bool {
        guard let last = records.last else { return false }
        return last.lineEnding != .none
    }

    /// The 1-based line on which each record starts, counting the line breaks inside quoted fields.
    public var recordLines: [Int] {
        var lines: [Int] = []
        lines.reserveCapacity(records.count)
        var line = 1
        for record in records {
            lines.append(line)
            for field in record.fields where field.isQuoted {
                var previous: UInt8 = 0
                for byte in field.text.utf8 {
                    if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") || byte == UInt8(ascii: "\r") {
                        line += 1
                    }
                    previous = byte
                }
            }
            if record.lineEnding != .none { line += 1 }
        }
        return lines
    }

    /// The 1-based numbers of the records whose field count differs from the first record's.
    ///
    /// Ragged records are kept, never padded nor cut (see `CSVTokenizer`); this is how they are reported.
    public var raggedRecords: [Int] {
        guard let width = records.first?.fields.count else { return [] }
        return records.indices.filter { records[$0].fields.count != width }.map { $0 + 1 }
    }

    /// The header rule: the first record names the columns when it has at least one field, every field is
    /// non-empty (after trimming spaces) and unique, and none of them reads as a number.
    ///
    /// A deterministic rule in place of Python's `csv.Sniffer.has_header`, which guesses from column types
    /// over the first 20 rows and may change its answer as rows are added. Unique, non-empty names are what a
    /// header needs to key JSON objects; a number (`1`, `-2.5`, `3e4`, `4,50`) is data, as the sniffer also
    /// judges. A table whose first record fails the rule is read as having no header; a caller that knows
    /// better sets `hasHeader`.
    public static func firstRecordIsHeader(_ records: [CSVRecord]) -> Bool {
        guard let first = records.first, !first.fields.isEmpty else { return false }
        // Names are unique by their scalars, as the comparison and JSON keys tell them apart.
        var seen: Set<[UInt8]> = []
        for cell in first.cells {
            let trimmed = cell.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !looksNumeric(trimmed), seen.insert(Array(cell.utf8)).inserted else { return false }
        }
        return true
    }

    /// Whether `text` is a decimal number: optional sign, digits with one `.` or `,` as the decimal mark, optional
    /// exponent.
    static func looksNumeric(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        var digits = 0, marks = 0
        while let byte = bytes.first {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                marks += 1
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard digits > 0, marks <= 1 else { return false }
        if let byte = bytes.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                return false
            }
            return true
        }
        return bytes.isEmpty
    }
}
