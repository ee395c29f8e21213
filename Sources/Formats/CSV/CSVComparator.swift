import Foundation

/// Compares two delimited-text tables cell by cell and explains each difference by row and column.
///
/// Header-aware: when both tables have a header (see `CSVTable.firstRecordIsHeader(_:)`), columns are
/// matched by name, so a column added, removed or moved is one difference (`csv.column-added`,
/// `csv.column-missing`, `csv.column-order`) rather than a cell difference on every row, and cells are
/// placed as `row 3, column price` (rows are 1-based data rows, the header not counted). Without a header
/// on both sides, every record is a row and columns are numbered from 1.
///
/// With a key column, rows are paired by the key's text, not by position: `row id=42, column price`; rows
/// whose key only one side has are `csv.row-missing` or `csv.row-added`; equal rows in another order are
/// `csv.row-order-only` (or `csv.row-order` beside other differences). Repeated keys pair in order of
/// occurrence. A key column missing from either header is reported (`csv.key-column-missing`) and rows
/// are then paired by position. Without a key, rows are paired by position, except that the same rows
/// in another order are one `csv.row-order-only` difference.
///
/// Cells, column names and keys compare by Unicode scalars (as the JSON comparison matches keys), and
/// cells are text: `4.50` and `4.5` differ (CSV has no numbers).
/// Only when every cell is the same do the ways of writing them count: the delimiter, a byte-order mark,
/// line endings and each field's quoting, each a child of one `csv.dialect` difference. A side that is
/// not a table the reader accepts is `csv.invalid-expected` or `csv.invalid-actual`, naming the place.
public struct CSVComparator: Sendable {
    /// The column whose text identifies a row, or nil to pair rows by position.
    public var keyColumn: String?
    /// The delimiters each side may use; each side's first record picks one (`CSVDialect.detect(in:among:)`).
    public var delimiterCandidates: [CSVDialect]
    /// Whether a quote inside an unquoted field makes a side unreadable (see `CSVTokenizer`).
    public var strictQuotes: Bool
    /// The most children one node lists; the rest are counted in a final child.
    public var childLimit: Int

    public init(
        keyColumn: String? = nil, delimiterCandidates: [CSVDialect] = [.comma, .tab, .semicolon],
        strictQuotes: Bool = false,
        childLimit: Int = 200
    ) {
        precondition(childLimit > 0, "CSVComparator needs a positive child limit")
        self.keyColumn = keyColumn
        self.delimiterCandidates = delimiterCandidates
        self.strictQuotes = strictQuotes
        self.childLimit = childLimit
    }

    /// The difference between two encoded tables, or nil when they are the same table written the same way.
    public func compare(expected: Data, actual: Data) -> Difference? {
        if expected == actual { return nil }
        let candidates = delimiterCandidates, strict = strictQuotes
        let expectedResult = Result { () throws(CSVParseError) in
            try CSVTable(decoding: expected, delimiterCandidates: candidates, strictQuotes: strict)
        }
        let actualResult = Result { () throws(CSVParseError) in
            try CSVTable(decoding: actual, delimiterCandidates: candidates, strictQuotes: strict)
        }
        switch (expectedResult, actualResult) {
        case (.success(let expectedTable), .success(let actualTable)):
            return compare(expected: expectedTable, actual: actualTable)
        case (.failure(let expectedError), .failure(let actualError)):
            return Difference(
                kind: .snapshot, location: "", summary: "neither side is a CSV table the reader accepts",
                children: [Self.invalid(expectedError, side: "expected"), Self.invalid(actualError, side: "actual")])
        case (.failure(let error), .success):
            return Self.invalid(error, side: "expected")
        case (.success, .failure(let error)):
            return Self.invalid(error, side: "actual")
        }
    }

    private static func invalid(_ error: CSVParseError, side: String) -> Difference {
        Difference(
            kind: .snapshot, location: error.location?.description ?? "",
            summary: "the \(side) side is not a CSV table the reader accepts: \(error.message) [\(error.code)]",
            cause: side == "expected" ? Difference.Cause.csvInvalidExpected : Difference.Cause.csvInvalidActual)
    }

    /// The difference between two tables, or nil when they hold the same cells written the same way.
    public func compare(expected: CSVTable, actual: CSVTable) -> Difference? {
        let content = contentDifferences(expected, actual)
        if content.isEmpty {
            let dialect = capped(dialectDifferences(expected, actual))
            guard !dialect.isEmpty else { return nil }
            return Difference(
                kind: .snapshot, location: "",
                summary: "the tables hold the same cells, written differently in \(Self.places(dialect.count))",
                cause: Difference.Cause.csvDialect, children: dialect)
        }
        let children = capped(content)
        let onlyOrder = content.count == 1 && content[0].cause == Difference.Cause.csvRowOrderOnly
        return Difference(
            kind: .snapshot, location: "", summary: "the tables differ in \(Self.places(content.count))",
            cause: onlyOrder ? Difference.Cause.csvRowOrderOnly : nil, children: children)
    }

    private static func places(_ count: Int) -> String {
        count == 1 ? "1 place" : "\(count) places"
    }

    private func capped(_ differences: [Difference]) -> [Difference] {
        guard differences.count > childLimit else { return differences }
        let more = differences.count - childLimit
        return Array(differences.prefix(childLimit)) + [
            Difference(
                kind: .snapshot, location: "",
                summary: "and \(more) more difference\(more == 1 ? "" : "s") of the same kinds")
        ]
    }

    // MARK: Cells

    /// How the columns of the two sides correspond: pairs of field indexes, each with its label.
    private struct ColumnPairing {
        var pairs: [(expected: Int, actual: Int, label: String)]
        /// Where fields past the headers start on each side (they pair by position, labelled by number).
        var expectedWidth: Int
        var actualWidth: Int
    }

    private func contentDifferences(_ expected: CSVTable, _ actual: CSVTable) -> [Difference] {
        var found: [Difference] = []
        let pairing: ColumnPairing
        let expectedRows: [CSVRecord], actualRows: [CSVRecord]
        if let expectedHeader = expected.header, let actualHeader = actual.header {
            pairing = columnPairing(expectedHeader, actualHeader, into: &found)
            expectedRows = Array(expected.rows)
            actualRows = Array(actual.rows)
        } else {
            pairing = ColumnPairing(pairs: [], expectedWidth: 0, actualWidth: 0)
            expectedRows = expected.records
            actualRows = actual.records
        }
        var keyIndexes: (expected: Int, actual: Int)?
        if let keyColumn {
            let expectedIndex = expected.header?.firstIndex { $0.utf8.elementsEqual(keyColumn.utf8) }
            let actualIndex = actual.header?.firstIndex { $0.utf8.elementsEqual(keyColumn.utf8) }
            if let expectedIndex, let actualIndex, expected.hasHeader && actual.hasHeader {
                keyIndexes = (expectedIndex, actualIndex)
            } else {
                let sides = [expectedIndex == nil ? "expected" : nil, actualIndex == nil ? "actual" : nil].compactMap {
                    $0
                }
                found.append(
                    Difference(
                        kind: .snapshot, location: "column \(keyColumn)",
                        summary:
                            "the key column is not in the "
                            + "\(sides.isEmpty ? "headers" : sides.joined(separator: " and ") + " header"); rows "
                            + "are compared by position",
                        cause: Difference.Cause.csvKeyColumnMissing))
            }
        }
        if let keyIndexes {
            found += keyedRowDifferences(expectedRows, actualRows, key: keyIndexes, pairing: pairing)
        } else {
            found += positionalRowDifferences(expectedRows, actualRows, pairing: pairing)
        }
        return found
    }

    private func columnPairing(
        _ expectedHeader: [String], _ actualHeader: [String], into found: inout [Difference]
    ) -> ColumnPairing {
        var actualIndexByName: [[UInt8]: Int] = [:]
        for (index, name) in actualHeader.enumerated() { actualIndexByName[Array(name.utf8)] = index }
        let expectedNames = Set(expectedHeader.map { Array($0.utf8) })
        var pairs: [(expected: Int, actual: Int, label: String)] = []
        for (index, name) in expectedHeader.enumerated() {
            if let actualIndex = actualIndexByName[Array(name.utf8)] {
                pairs.append((index, actualIndex, name))
            } else {
                found.append(
                    Difference(
                        kind: .snapshot, location: "column \(name)",
                        summary: "the column is missing from the actual table",
                        cause: Difference.Cause.csvColumnMissing))
            }
        }
        for name in actualHeader where !expectedNames.contains(Array(name.utf8)) {
            found.append(
                Difference(
                    kind: .snapshot, location: "column \(name)", summary: "the column is not in the expected table",
                    cause: Difference.Cause.csvColumnAdded))
        }
        let actualOrder = pairs.map(\.actual)
        if actualOrder != actualOrder.sorted() {
            found.append(
                Difference(
                    kind: .snapshot, location: "header",
                    summary: "the columns both tables have are in a different order",
                    cause: Difference.Cause.csvColumnOrder,
                    expected: Self.list(pairs.map(\.label)),
                    actual: Self.list(pairs.sorted { $0.actual < $1.actual }.map(\.label))))
        }
        return ColumnPairing(pairs: pairs, expectedWidth: expectedHeader.count, actualWidth: actualHeader.count)
    }

    /// The cells of a row as the comparison sees them: the paired columns, then the fields past the header.
    private func projected(
        _ record: CSVRecord, side: KeyPath<(expected: Int, actual: Int, label: String), Int>, width: Int,
        pairing: ColumnPairing
    ) -> [String?] {
        if pairing.pairs.isEmpty && width == 0 { return record.cells.map { $0 } }
        var cells = pairing.pairs.map { pair in
            let index = pair[keyPath: side]
            return index < record.fields.count ? record.fields[index].text : nil
        }
        if record.fields.count > width { cells += record.fields[width...].map(\.text) }
        return cells
    }

    private func cellDifferences(
        _ expected: CSVRecord, _ actual: CSVRecord, row: String, pairing: ColumnPairing
    ) -> [Difference] {
        var found: [Difference] = []
        func check(_ left: String?, _ right: String?, column: String) {
            guard left.map({ Array($0.unicodeScalars) }) != right.map({ Array($0.unicodeScalars) }) else { return }
            let summary: String
            switch (left, right) {
            case (nil, _): summary = "the cell is not in the expected row"
            case (_, nil): summary = "the cell is missing from the actual row"
            default: summary = "the cell differs"
            }
            found.append(
                Difference(
                    kind: .snapshot, location: "\(row), column \(column)", summary: summary,
                    cause: Difference.Cause.csvCell,
                    expected: left.map(Self.rendered) ?? "no cell", actual: right.map(Self.rendered) ?? "no cell"))
        }
        for pair in pairing.pairs {
            check(
                pair.expected < expected.fields.count ? expected.fields[pair.expected].text : nil,
                pair.actual < actual.fields.count ? actual.fields[pair.actual].text : nil,
                column: pair.label)
        }
        let expectedExtra = max(0, expected.fields.count - pairing.expectedWidth)
        let actualExtra = max(0, actual.fields.count - pairing.actualWidth)
        for offset in 0..<max(expectedExtra, actualExtra) {
            check(
                offset < expectedExtra ? expected.fields[pairing.expectedWidth + offset].text : nil,
                offset < actualExtra ? actual.fields[pairing.actualWidth + offset].text : nil,
                column: String(pairing.expectedWidth + offset + 1))
        }
        return found
    }

    private func positionalRowDifferences(
        _ expected: [CSVRecord], _ actual: [CSVRecord], pairing: ColumnPairing
    ) -> [Difference] {
        if expected.count == actual.count && expected.count > 1 {
            let expectedCells = expected.map {
                projected($0, side: \.expected, width: pairing.expectedWidth, pairing: pairing)
            }
            let actualCells = actual.map { projected($0, side: \.actual, width: pairing.actualWidth, pairing: pairing) }
            if expectedCells != actualCells && Self.counts(expectedCells) == Self.counts(actualCells) {
                return [
                    Difference(
                        kind: .snapshot, location: "rows",
                        summary: "the tables hold the same rows in a different order",
                        cause: Difference.Cause.csvRowOrderOnly)
                ]
            }
        }
        var found: [Difference] = []
        for index in 0..<min(expected.count, actual.count) {
            found += cellDifferences(expected[index], actual[index], row: "row \(index + 1)", pairing: pairing)
        }
        for index in actual.count..<max(actual.count, expected.count) {
            found.append(
                Difference(
                    kind: .snapshot, location: "row \(index + 1)", summary: "the row is missing from the actual table",
                    cause: Difference.Cause.csvRowMissing, expected: Self.list(expected[index].cells)))
        }
        for index in expected.count..<max(actual.count, expected.count) {
            found.append(
                Difference(
                    kind: .snapshot, location: "row \(index + 1)", summary: "the row is not in the expected table",
                    cause: Difference.Cause.csvRowAdded, actual: Self.list(actual[index].cells)))
        }
        return found
    }

    private static func counts(_ rows: [[String?]]) -> [[String?]: Int] {
        var counts: [[String?]: Int] = [:]
        for row in rows { counts[row, default: 0] += 1 }
        return counts
    }

    private func keyedRowDifferences(
        _ expected: [CSVRecord], _ actual: [CSVRecord], key: (expected: Int, actual: Int), pairing: ColumnPairing
    ) -> [Difference] {
        guard let keyColumn else { return [] }
        func keyText(_ record: CSVRecord, _ index: Int) -> String {
            index < record.fields.count ? record.fields[index].text : ""
        }
        var actualByKey: [[UInt8]: [Int]] = [:]
        for (index, record) in actual.enumerated() {
            actualByKey[Array(keyText(record, key.actual).utf8), default: []].append(index)
        }
        var usedByKey: [[UInt8]: Int] = [:]
        var paired: [Int] = []
        var found: [Difference] = []
        for record in expected {
            let value = keyText(record, key.expected)
            let row = "row \(keyColumn)=\(value)"
            let keyBytes = Array(value.utf8)
            // A cursor per key rather than removing from the front, so a column of repeated keys stays linear.
            let used = usedByKey[keyBytes, default: 0]
            if let candidates = actualByKey[keyBytes], used < candidates.count {
                let match = candidates[used]
                usedByKey[keyBytes] = used + 1
                paired.append(match)
                found += cellDifferences(record, actual[match], row: row, pairing: pairing)
            } else {
                found.append(
                    Difference(
                        kind: .snapshot, location: row, summary: "the row is missing from the actual table",
                        cause: Difference.Cause.csvRowMissing, expected: Self.list(record.cells)))
            }
        }
        let pairedSet = Set(paired)
        for (index, record) in actual.enumerated() where !pairedSet.contains(index) {
            found.append(
                Difference(
                    kind: .snapshot, location: "row \(keyColumn)=\(keyText(record, key.actual))",
                    summary: "the row is not in the expected table", cause: Difference.Cause.csvRowAdded,
                    actual: Self.list(record.cells)))
        }
        if paired != paired.sorted() {
            let onlyOrder = found.isEmpty && expected.count == actual.count
            // Only the keys both sides have, each side in its own order, as the JSON key-order difference shows them.
            let expectedKeys = paired.map { keyText(actual[$0], key.actual) }
            let actualKeys = paired.sorted().map { keyText(actual[$0], key.actual) }
            found.insert(
                Difference(
                    kind: .snapshot, location: "rows",
                    summary: onlyOrder
                        ? "the tables hold the same rows in a different order"
                        : "the rows both tables have are in a different order",
                    cause: onlyOrder ? Difference.Cause.csvRowOrderOnly : Difference.Cause.csvRowOrder,
                    expected: Self.list(expectedKeys), actual: Self.list(actualKeys)), at: 0)
        }
        return found
    }

    // MARK: Dialect

    private func dialectDifferences(_ expected: CSVTable, _ actual: CSVTable) -> [Difference] {
        var found: [Difference] = []
        if expected.dialect != actual.dialect {
            found.append(
                Difference(
                    kind: .snapshot, location: "delimiter", summary: "the fields are separated differently",
                    cause: Difference.Cause.csvDialect,
                    expected: expected.dialect.description, actual: actual.dialect.description))
        }
        if expected.byteOrderMark != actual.byteOrderMark {
            found.append(
                Difference(
                    kind: .snapshot, location: "byte-order mark",
                    summary:
                        "only the \(expected.byteOrderMark ? "expected" : "actual") file starts with a byte-order mark",
                    cause: Difference.Cause.csvDialect,
                    expected: expected.byteOrderMark ? "EF BB BF" : "none",
                    actual: actual.byteOrderMark ? "EF BB BF" : "none"))
        }
        // The cells are equal, so the records correspond one to one (blank lines included).
        guard expected.records.count == actual.records.count else { return found }
        var endings: [Difference] = []
        var quoting: [Difference] = []
        for (index, (left, right)) in zip(expected.records, actual.records).enumerated() {
            if left.lineEnding != right.lineEnding {
                endings.append(
                    Difference(
                        kind: .snapshot, location: "record \(index + 1)", summary: "the record ends differently",
                        cause: Difference.Cause.csvDialect,
                        expected: left.lineEnding.name, actual: right.lineEnding.name))
            }
            for (position, (leftField, rightField)) in zip(left.fields, right.fields).enumerated()
            where leftField.isQuoted != rightField.isQuoted {
                quoting.append(
                    Difference(
                        kind: .snapshot, location: "record \(index + 1), field \(position + 1)",
                        summary: "the field is quoted on one side only",
                        cause: Difference.Cause.csvDialect,
                        expected: leftField.isQuoted ? "quoted" : "unquoted",
                        actual: rightField.isQuoted ? "quoted" : "unquoted"))
            }
        }
        // Records that all changed the same way (a whole file converted from CRLF to LF) are one difference.
        if endings.count > 1, Set(endings.map { [$0.expected, $0.actual] }).count == 1 {
            found.append(
                Difference(
                    kind: .snapshot, location: "line endings", summary: "\(endings.count) records end differently",
                    cause: Difference.Cause.csvDialect, expected: endings[0].expected, actual: endings[0].actual))
        } else {
            found += endings
        }
        return found + quoting
    }

    // MARK: Rendering

    private static func rendered(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 60 else { return JSONStringEscaper.quoted(text) }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(60))
        return JSONStringEscaper.quoted(String(cut)) + "…"
    }

    private static func list(_ texts: [String]) -> String {
        let shown = texts.prefix(8).map(rendered).joined(separator: ", ")
        return "[" + shown + (texts.count > 8 ? ", … \(texts.count - 8) more" : "") + "]"
    }
}
