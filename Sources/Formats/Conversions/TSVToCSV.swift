import DocumentCodecs

/// A TSV table as CSV: the same cells, separated by commas.
///
/// Quoting is recomputed for the comma (`CSVTable.restyled(for:)`): a field holding a comma, a quote,
/// CR or LF is quoted (a tab no longer needs quotes), as Python's `excel` writer writes the same rows.
/// Every TSV field can be held by CSV this way, so the conversion never fails and never alters text.
/// Line endings, the byte-order mark and the header flag are kept.
public struct TSVToCSV: SnapshotConversion {
    public typealias Source = TSVCodec
    public typealias Target = CSVCodec

    public init() {}

    public func convert(_ table: CSVTable) throws -> CSVTable {
        table.restyled(for: .comma)
    }
}
