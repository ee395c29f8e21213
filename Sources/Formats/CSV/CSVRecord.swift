/// One record (line) of a delimited-text file: its fields and the line ending that closed it.
///
/// A blank line is a record with no fields, as Python's `csv.reader` returns `[]` for it; a record of
/// one empty field is written `""` (quoted) for that reason, as Python's `csv.writer` writes it.
public struct CSVRecord: Hashable, Sendable {
    /// The fields, in order.
    public var fields: [CSVField]
    /// How the record ended in the file.
    public var lineEnding: CSVLineEnding

    /// A record of `fields`, ended by `lineEnding`.
    public init(fields: [CSVField], lineEnding: CSVLineEnding = .carriageReturnLineFeed) {
        self.fields = fields
        self.lineEnding = lineEnding
    }

    /// A record of bare cells; the writer quotes a cell that could not be read back bare
    /// (`CSVField.mustBeQuoted(_:delimiter:)`). `CSVTable.init(rows:…)` quotes as Python's writer does.
    public init(cells: [String], lineEnding: CSVLineEnding = .carriageReturnLineFeed) {
        self.init(fields: cells.map { CSVField($0) }, lineEnding: lineEnding)
    }

    /// The fields' texts.
    public var cells: [String] { fields.map(\.text) }
}
