/// The delimiter of a delimited-text file; quoting is always RFC 4180's: `"` around a field, `""` for a quote inside.
///
/// Only the delimiter varies between the files docmigrate reads (comma, semicolon in European
/// spreadsheets, tab), so it is the whole dialect; line endings and quoting are recorded per record
/// and per field (`CSVRecord`, `CSVField`), because real files mix them.
public struct CSVDialect: Hashable, Sendable, CustomStringConvertible {
    /// The ASCII byte that separates fields.
    public let delimiter: UInt8

    /// A dialect separating fields with `delimiter`, an ASCII character other than `"`, CR and LF.
    public init(delimiter: Unicode.Scalar) {
        precondition(
            delimiter.isASCII && delimiter != "\"" && delimiter != "\r" && delimiter != "\n",
            "a CSV delimiter is an ASCII character other than a quote, CR or LF")
        self.delimiter = UInt8(delimiter.value)
    }

    /// Fields separated by commas (RFC 4180, `csv.excel`).
    public static let comma = CSVDialect(delimiter: ",")
    /// Fields separated by semicolons, as spreadsheets write CSV where the comma is the decimal separator.
    public static let semicolon = CSVDialect(delimiter: ";")
    /// Fields separated by tabs (`csv.excel_tab`).
    public static let tab = CSVDialect(delimiter: "\t")

    /// `comma`, `semicolon`, `tab`, or the character in quotes.
    public var description: String {
        switch delimiter {
        case UInt8(ascii: ","): "comma"
        case UInt8(ascii: ";"): "semicolon"
        case UInt8(ascii: "\t"): "tab"
        default: "'\(Character(Unicode.Scalar(delimiter)))'"
        }
    }

    /// The candidate whose delimiter occurs most often in the first record outside quotes; ties go to the
    /// earlier candidate, and a record holding none of them gets the first.
    ///
    /// A deterministic rule rather than Python's `csv.Sniffer`, which weighs frequencies over many lines
    /// and can answer differently as a file grows: the first record (usually the header) decides.
    public static func detect(in bytes: some Collection<UInt8>, among candidates: [CSVDialect]) -> CSVDialect {
        precondition(!candidates.isEmpty, "delimiter detection needs at least one candidate")
        var counts = [Int](repeating: 0, count: candidates.count)
        var insideQuotes = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") {
                insideQuotes.toggle()
            } else if !insideQuotes {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                for (index, candidate) in candidates.enumerated() where candidate.delimiter == byte {
                    counts[index] += 1
                }
            }
        }
        var best = 0
        for index in counts.indices where counts[index] > counts[best] { best = index }
        return candidates[best]
    }
}
