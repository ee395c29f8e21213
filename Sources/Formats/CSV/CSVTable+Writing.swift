import DocumentCodecs
import Foundation

extension CSVTable {
    /// The table's bytes: the byte-order mark if any, then each record's fields and line ending.
    ///
    /// A field is quoted when it was quoted (`isQuoted`), when its text could not be read back bare
    /// (`CSVField.mustBeQuoted(_:delimiter:)`: the delimiter, CR, LF, or a leading quote), or when it is the
    /// only field of its record and empty (a bare empty line would read back as a blank record; Python's
    /// writer writes `""` too). Inside quotes a quote is doubled. So a table read from a file writes
    /// that file's bytes again, and an edited one writes in the file's own style.
    ///
    /// Throws `CodecError` `csv.line-ending-missing` when a record other than the last has no line
    /// ending, or the last is a blank record without one: written as they are, they would merge with the
    /// next record or vanish, and the file would not read back as this table.
    public func encoded() throws -> Data {
        for (index, record) in records.enumerated() where record.lineEnding == .none {
            if index != records.count - 1 || record.fields.isEmpty {
                throw CodecError(
                    code: .csv(.lineEndingMissing),
                    message: index != records.count - 1
                        ? "record \(index + 1) has no line ending but is not the last record; it would merge with "
                            + "the next"
                        : "the last record is blank and has no line ending; it would not be written at all",
                    location: .keyPath("records[\(index)]"))
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * 16)
        if byteOrderMark { bytes += [0xEF, 0xBB, 0xBF] }
        let delimiter = dialect.delimiter
        let quote = UInt8(ascii: "\"")
        for record in records {
            let isLone = record.fields.count == 1
            for (index, field) in record.fields.enumerated() {
                if index > 0 { bytes.append(delimiter) }
                if field.isQuoted || CSVField.mustBeQuoted(field.text, delimiter: delimiter)
                    || (isLone && field.text.isEmpty)
                {
                    bytes.append(quote)
                    for byte in field.text.utf8 {
                        bytes.append(byte)
                        if byte == quote { bytes.append(quote) }
                    }
                    bytes.append(quote)
                } else {
                    bytes += field.text.utf8
                }
            }
            bytes += record.lineEnding.rawValue.utf8
        }
        return Data(bytes)
    }
}
