import Comparison
import Formats
import Foundation
import Testing

@Suite struct CSVComparatorTests {
    func compare(_ expected: String, _ actual: String, key: String? = nil) -> Difference? {
        CSVComparator(keyColumn: key).compare(expected: Data(expected.utf8), actual: Data(actual.utf8))
    }

    @Test func aChangedCellIsNamedByRowAndColumnName() throws {
        let difference = try #require(
            compare("id,name,price\n1,Tea,3\n2,Cake,2\n3,Pie,4.50\n", "id,name,price\n1,Tea,3\n2,Cake,2\n3,Pie,4.5\n"))
        #expect(difference.summary == "the tables differ in 1 place")
        #expect(difference.cause == nil)
        let cell = try #require(difference.children.first)
        #expect(cell.location == "row 3, column price")
        #expect(cell.cause == "csv.cell")
        #expect(cell.expected == "\"4.50\"" && cell.actual == "\"4.5\"")
        #expect(DifferenceRenderer().render(difference).contains("row 3, column price: the cell differs [csv.cell]"))
    }

    @Test func keyedRowsArePairedByTheKeyNotThePosition() throws {
        let expected = "id,price\n41,1\n42,4.50\n43,9\n"
        let actual = "id,price\n43,9\n42,4.5\n44,7\n"
        let difference = try #require(compare(expected, actual, key: "id"))
        #expect(difference.children.map(\.location) == ["rows", "row id=41", "row id=42, column price", "row id=44"])
        #expect(difference.children.map(\.cause) == ["csv.row-order", "csv.row-missing", "csv.cell", "csv.row-added"])
        #expect(
            difference.children.first?.expected == "[\"42\", \"43\"]"
                && difference.children.first?.actual == "[\"43\", \"42\"]")
        // Without the key the same tables differ cell by cell at positions.
        let positional = try #require(compare(expected, actual))
        #expect(positional.children.first?.location == "row 1, column id")
    }

    @Test func theSameRowsInAnotherOrderAreOneDifference() throws {
        let keyed = try #require(compare("id,v\n1,a\n2,b\n", "id,v\n2,b\n1,a\n", key: "id"))
        #expect(keyed.cause == "csv.row-order-only")
        #expect(keyed.children.count == 1)
        let unkeyed = try #require(compare("id,v\n1,a\n2,b\n", "id,v\n2,b\n1,a\n"))
        #expect(unkeyed.cause == "csv.row-order-only")
    }

    @Test func columnsAreMatchedByName() throws {
        let moved = try #require(compare("a,b,c\n1,2,3\n", "a,c,b\n1,3,2\n"))
        #expect(moved.children.map(\.cause) == ["csv.column-order"])
        #expect(moved.children.first?.actual == "[\"a\", \"c\", \"b\"]")
        let changed = try #require(compare("a,b\n1,2\n", "a,z\n1,2\n"))
        #expect(changed.children.map(\.cause) == ["csv.column-missing", "csv.column-added"])
        #expect(changed.children.map(\.location) == ["column b", "column z"])
    }

    @Test func namesAndKeysAreToldApartByScalarsNotCanonicalEquivalence() throws {
        let renamed = try #require(compare("caf\u{E9},n\n1,2\n", "cafe\u{301},n\n1,2\n"))
        #expect(renamed.children.map(\.cause) == ["csv.column-missing", "csv.column-added"])
        let rekeyed = try #require(compare("id,n\n\u{E9},1\n", "id,n\ne\u{301},1\n", key: "id"))
        #expect(rekeyed.children.map(\.cause) == ["csv.row-missing", "csv.row-added"])
    }

    @Test func repeatedKeysPairInOrderOfOccurrence() throws {
        let difference = try #require(compare("k,v\nx,1\nx,2\nx,3\n", "k,v\nx,1\nx,2\nx,4\n", key: "k"))
        #expect(difference.children.map(\.location) == ["row k=x, column v"])
        #expect(difference.children.first?.expected == "\"3\"")
    }

    @Test func raggedRowsCompareTheCellsTheyHave() throws {
        let difference = try #require(compare("a,b\n1,2\n3\n", "a,b\n1\n3,4,5\n"))
        #expect(difference.children.map(\.location) == ["row 1, column b", "row 2, column b", "row 2, column 3"])
        #expect(difference.children.map(\.actual) == ["no cell", "\"4\"", "\"5\""])
    }

    @Test func withoutAHeaderColumnsAreNumbered() throws {
        let difference = try #require(compare("1,2\n3,4\n", "1,2\n3,5\n"))
        #expect(difference.children.map(\.location) == ["row 2, column 2"])
    }

    @Test func sameCellsWrittenDifferentlyAreADialectDifference() throws {
        let endings = try #require(compare("a,b\r\n1,2\r\n", "a,b\n1,2\n"))
        #expect(endings.cause == "csv.dialect")
        #expect(endings.children.map(\.location) == ["line endings"])
        #expect(endings.children.first?.expected == "CRLF" && endings.children.first?.actual == "LF")
        let quoting = try #require(compare("a,b\n1,2\n", "\u{FEFF}a,\"b\"\n1,2"))
        #expect(quoting.cause == "csv.dialect")
        #expect(quoting.children.map(\.location) == ["byte-order mark", "record 2", "record 1, field 2"])
        let delimiter = try #require(compare("a,b\n1,2\n", "a;b\n1;2\n"))
        #expect(delimiter.children.map(\.location) == ["delimiter"])
        #expect(compare("a,b\n", "a,b\n") == nil)
    }

    @Test func aSideTheReaderRefusesIsNamedWithItsPlace() throws {
        let actual = try #require(compare("a\n", "a\n\"open"))
        #expect(actual.cause == "csv.invalid-actual")
        #expect(actual.location == "line 2, column 1")
        #expect(actual.summary.contains("[csv.unterminated-quote]"))
        let both = try #require(CSVComparator().compare(expected: Data("\"x".utf8), actual: Data([0xFF])))
        #expect(both.children.map(\.cause) == ["csv.invalid-expected", "csv.invalid-actual"])
        #expect(both.children.last?.location == "byte 0 (0x0)")
    }

    @Test func aKeyColumnMissingFromAHeaderIsReportedAndRowsPairByPosition() throws {
        let difference = try #require(compare("id,v\n1,a\n", "key,v\n1,b\n", key: "id"))
        #expect(difference.children.map(\.cause).contains("csv.key-column-missing"))
        #expect(difference.children.contains { $0.location == "row 1, column v" })
    }

    @Test func longListsAreCappedWithACount() throws {
        let expected = (0..<300).map { "\($0)" }.joined(separator: "\n")
        let actual = (0..<300).map { "\($0)x" }.joined(separator: "\n")
        let difference = try #require(
            CSVComparator(childLimit: 10).compare(expected: Data(expected.utf8), actual: Data(actual.utf8)))
        #expect(difference.summary == "the tables differ in 300 places")
        #expect(difference.children.count == 11)
        #expect(difference.children.last?.summary == "and 290 more differences of the same kinds")
    }

    @Test func theCSVRuleDispatchesThroughTheComparator() throws {
        let comparator = Comparator()
        let keyed = try #require(
            try comparator.compare(
                expected: Data("id,p\n1,a\n2,b\n".utf8), actual: Data("id,p\n2,b\n1,c\n".utf8),
                rule: .csv(keyColumn: "id"), name: "t.csv"))
        #expect(keyed.children.map(\.location) == ["rows", "row id=1, column p"])
        // A `.tsv` name reads tabs only: a comma is then text in the one column.
        let tabbed = try #require(
            try comparator.compare(
                expected: Data("h\na,b\n".utf8), actual: Data("h\na;b\n".utf8), rule: .csv, name: "t.tsv"))
        #expect(tabbed.children.map(\.location) == ["row 1, column h"])
        #expect(try comparator.compare(expected: Data("a,b\r\n".utf8), actual: Data("a,b\r\n".utf8), rule: .csv) == nil)
    }
}
