import DocumentCodecs

/// A CSV table as TSV: the same cells, separated by tabs.
///
/// Quoting is recomputed for the tab (`CSVTable.restyled(for:)`): a field holding a tab, a quote, CR
/// or LF is quoted as Python's `excel-tab` writer quotes it, and a comma no longer needs quotes. Line
/// endings, the byte-order mark and the header flag are kept. No text is changed or dropped.
public struct CSVToTSV: SnapshotConversion {
    public typealias Source = CSVCodec
    public typealias Target = TSVCodec

    public init() {}

    public func convert(_ table: CSVTable) throws -> CSVTable {
        table.restyled(for: .tab)
    }
}
