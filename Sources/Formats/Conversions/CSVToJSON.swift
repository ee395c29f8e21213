import DocumentCodecs

/// A CSV table as JSON rows: an array of objects keyed by the header, or of arrays when there is no header.
///
/// Every value is a string, as csv-spectrum expects (CSV has no types: `08123` stays `"08123"`). Keys
/// follow the header's order. A row shorter than the header (a ragged row) gets only the keys it has
/// values for: no empty string is invented. A blank line becomes `{}` (or `[]`), so no record is lost.
/// A row longer than the header has values no key can name, so it is refused with the code
/// `csv.conversion.extra-fields` at its line, rather than dropping them; a header naming a column twice
/// (possible only when a caller sets `hasHeader`) is `csv.conversion.duplicate-column`. The document is written
/// pretty-printed with slashes unescaped.
public struct CSVToJSON: SnapshotConversion {
    public typealias Source = CSVCodec
    public typealias Target = JSONCodec

    public init() {}

    public func convert(_ table: CSVTable) throws -> JSONDocument {
        let style = JSONWritingStyle(prettyPrinted: true, withoutEscapingSlashes: true)
        guard let header = table.header else {
            return JSONDocument(
                value: .array(table.records.map { .array($0.cells.map(JSONValue.string)) }), style: style)
        }
        if Set(header.map { Array($0.utf8) }).count != header.count {
            throw CodecError(
                code: .csv(.conversionDuplicateColumn),
                message: "the header names a column twice, and a JSON object cannot hold the same key twice",
                location: .line(1, column: 1))
        }
        let lines = table.recordLines
        var rows: [JSONValue] = []
        rows.reserveCapacity(table.records.count)
        for (index, record) in table.records.enumerated().dropFirst() {
            guard record.fields.count <= header.count else {
                throw CodecError(
                    code: .csv(.conversionExtraFields),
                    message:
                        "the row has \(record.fields.count) fields but the header names \(header.count) columns; "
                        + "the extra values have no key",
                    location: .line(lines[index], column: 1))
            }
            rows.append(.object(zip(header, record.cells).map { JSONMember(key: $0, value: .string($1)) }))
        }
        return JSONDocument(value: .array(rows), style: style)
    }
}
