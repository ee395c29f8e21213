import DocumentCodecs
import Foundation

/// The CSV codec (`csv`): RFC 4180 tables read and written byte for byte, in the file's own dialect.
public typealias CSVCodec = DelimitedTextCodec<CommaSeparatedValues>
/// The TSV codec (`tsv`): tab-separated tables, quoted as Excel and Python's `excel-tab` do.
public typealias TSVCodec = DelimitedTextCodec<TabSeparatedValues>
/// The strict CSV codec (`csv-strict`): RFC 4180 quoting only, a quote in an unquoted field is an error.
public typealias StrictCSVCodec = DelimitedTextCodec<StrictCommaSeparatedValues>

/// A delimited-text table, kept exactly as written so that an unchanged table re-encodes byte for byte.
///
/// Reading goes through `CSVTokenizer` (strict RFC 4180, UTF-8, a byte-order mark kept;
/// see there for what is refused and why), and the snapshot (`CSVTable`) records each field's quoting,
/// each record's line ending, the delimiter and the mark. The header flag comes from
/// `CSVTable.firstRecordIsHeader(_:)`. Ragged rows are kept and listed by `CSVTable.raggedRecords`.
///
/// Error codes: `csv.not-a-file`, `csv.unreadable`, `csv.invalid-utf8` (byte offset),
/// `csv.unterminated-quote` (line and column of the opening quote), `csv.quote-in-unquoted-field` (strict
/// formats only) and `csv.text-after-quote` (line and column), and when writing `csv.delimiter-mismatch` (a table whose
/// delimiter the format does not use; convert it first) and `csv.line-ending-missing`. The TSV codec
/// uses the same codes. `differences(expected:actual:)` is `CSVComparator`'s cell comparison.
public struct DelimitedTextCodec<Format: DelimitedTextFormat>: DocumentCodec {
    public typealias Snapshot = CSVTable

    public init() {}

    public static var identifier: String { Format.identifier }
    public static var readableContentTypes: [UTType] { Format.contentTypes }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> CSVTable {
        guard file.isRegularFile else {
            throw CodecError(
                code: .csv(.notAFile),
                message: "a \(Format.identifier) document must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: .csv(.unreadable), message: "the file's contents could not be read")
        }
        do {
            return try CSVTable(
                decoding: data, delimiterCandidates: Format.delimiterCandidates, strictQuotes: Format.strictQuotes)
        } catch {
            throw CodecError(code: error.code, message: error.message, location: error.location)
        }
    }

    public func encode(_ snapshot: CSVTable, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        guard Format.delimiterCandidates.contains(snapshot.dialect) else {
            let allowed = Format.delimiterCandidates.map(\.description).joined(separator: " or ")
            throw CodecError(
                code: .csv(.delimiterMismatch),
                message:
                    "the table is \(snapshot.dialect)-separated, but \(Format.identifier) files are "
                    + "\(allowed)-separated; convert it first"
            )
        }
        return FileWrapper(regularFileWithContents: try snapshot.encoded())
    }

    /// The cell-by-cell differences (`CSVComparator`), each with its cause in brackets, in table order.
    public func differences(expected: CSVTable, actual: CSVTable) -> [SnapshotDifference] {
        let comparator = CSVComparator(
            delimiterCandidates: Format.delimiterCandidates, strictQuotes: Format.strictQuotes)
        guard let root = comparator.compare(expected: expected, actual: actual) else {
            return []
        }
        let nodes = root.children.isEmpty ? [root] : root.children
        return nodes.map { node in
            SnapshotDifference(
                path: node.location, expected: node.expected, actual: node.actual,
                summary: node.summary + (node.cause.map { " [\($0)]" } ?? ""))
        }
    }
}

extension DelimitedTextCodec: AnonymizableCodec {
    /// Every cell but the header's as filler of the same script and length; quoting, line endings,
    /// delimiter and column names stay, so the case keeps the file's structure.
    public func anonymize(_ snapshot: CSVTable, with anonymizer: inout Anonymizer) -> CSVTable {
        var copy = snapshot
        for recordIndex in copy.records.indices where !(copy.hasHeader && recordIndex == 0) {
            for fieldIndex in copy.records[recordIndex].fields.indices {
                copy.records[recordIndex].fields[fieldIndex].text = anonymizer.text(
                    copy.records[recordIndex].fields[fieldIndex].text)
            }
        }
        return copy
    }
}
