extension CSVTable {
    /// A new table of `rows` (the header first when `hasHeader`), quoted only where needed, as Python's `csv.writer`
    /// writes.
    ///
    /// Every record ends with `lineEnding`, except the last when `endsWithLineBreak` is false.
    public init(
        rows: [[String]], dialect: CSVDialect = .comma, hasHeader: Bool,
        lineEnding: CSVLineEnding = .carriageReturnLineFeed,
        endsWithLineBreak: Bool = true, byteOrderMark: Bool = false
    ) {
        precondition(lineEnding != .none, "a table's records need a line ending to separate them")
        var records = rows.map { cells in
            CSVRecord(
                fields: cells.map { CSVField($0, isQuoted: CSVField.needsQuotes($0, delimiter: dialect.delimiter)) },
                lineEnding: lineEnding)
        }
        if !endsWithLineBreak, !records.isEmpty { records[records.count - 1].lineEnding = .none }
        self.init(records: records, dialect: dialect, byteOrderMark: byteOrderMark, hasHeader: hasHeader)
    }

    /// The line ending most records end with (ties go to CRLF, then LF, then CR); CRLF for a table without one.
    public var prevailingLineEnding: CSVLineEnding {
        var counts: [CSVLineEnding: Int] = [:]
        for record in records where record.lineEnding != .none { counts[record.lineEnding, default: 0] += 1 }
        var best = CSVLineEnding.carriageReturnLineFeed
        for ending in [CSVLineEnding.lineFeed, .carriageReturn]
        where counts[ending, default: 0] > counts[best, default: 0] {
            best = ending
        }
        return best
    }

    /// Appends a record of `cells` in the table's style: the prevailing line ending, and no final line
    /// break if the table had none (the record that was last then gets the prevailing ending).
    public mutating func appendRecord(cells: [String]) {
        let ending = prevailingLineEnding
        var record = CSVRecord(
            fields: cells.map { CSVField($0, isQuoted: CSVField.needsQuotes($0, delimiter: dialect.delimiter)) },
            lineEnding: ending)
        if let last = records.indices.last, records[last].lineEnding == .none {
            records[last].lineEnding = ending
            record.lineEnding = .none
        }
        records.append(record)
    }

    /// Replaces the text of field `field` of record `record` (both 0-based), keeping a quoted field quoted.
    ///
    /// A bare field becomes quoted when the new text needs it (`CSVField.needsQuotes(_:delimiter:)`).
    /// Out-of-range indexes are a precondition failure.
    public mutating func setText(_ text: String, record: Int, field: Int) {
        precondition(
            records.indices.contains(record) && records[record].fields.indices.contains(field),
            "no such field in the table")
        records[record].fields[field].text = text
        if CSVField.needsQuotes(text, delimiter: dialect.delimiter) { records[record].fields[field].isQuoted = true }
    }

    /// The same cells separated by `dialect`'s delimiter, every field quoted only where the new delimiter needs it.
    ///
    /// Line endings, the byte-order mark and the header flag are kept. Quoting is recomputed (quotes
    /// written without need in the source are dropped), so the result is what Python's `csv.writer`
    /// writes for the same rows; no text is changed: a field holding the new delimiter, a quote or a
    /// line break is quoted, never escaped or stripped.
    public func restyled(for dialect: CSVDialect) -> CSVTable {
        var copy = self
        copy.dialect = dialect
        for recordIndex in copy.records.indices {
            for fieldIndex in copy.records[recordIndex].fields.indices {
                let text = copy.records[recordIndex].fields[fieldIndex].text
                copy.records[recordIndex].fields[fieldIndex].isQuoted = CSVField.needsQuotes(
                    text, delimiter: dialect.delimiter)
            }
        }
        return copy
    }
}
