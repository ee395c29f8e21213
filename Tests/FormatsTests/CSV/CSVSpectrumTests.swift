import Comparison
import DocumentCodecs
import Formats
import Foundation
import Testing

/// The csv-spectrum acid tests (`/work/shared/corpora/csv-spectrum`): each `csvs/NAME.csv` must read to
/// `json/NAME.json`.
@Suite struct CSVSpectrumTests {
    static let corpus = URL(fileURLWithPath: "/work/shared/corpora/csv-spectrum")
    static let names = [
        "comma_in_quotes", "empty", "empty_crlf", "escaped_quotes", "json", "location_coordinates", "newlines",
        "newlines_crlf", "quotes_and_newlines", "simple", "simple_crlf", "utf8",
    ]

    func load(_ name: String) throws -> (csv: Data, table: CSVTable, rows: JSONValue, expected: JSONValue) {
        let csv = try Data(contentsOf: Self.corpus.appendingPathComponent("csvs/\(name).csv"))
        let table = try CSVCodec().decode(FileWrapper(regularFileWithContents: csv), contentType: .commaSeparatedText)
        let rows = try CSVToJSON().convert(table).value
        let expected = try JSONParser().parse(Data(contentsOf: Self.corpus.appendingPathComponent("json/\(name).json")))
        return (csv, table, rows, expected)
    }

    @Test(arguments: names.filter { $0 != "location_coordinates" })
    func readsToTheExpectedRowsAndWritesTheFileBackByteForByte(_ name: String) throws {
        let (csv, table, rows, expected) = try load(name)
        #expect(rows == expected)
        #expect(table.hasHeader)
        #expect(
            try CSVCodec().encode(table, previous: nil, contentType: .commaSeparatedText).regularFileContents == csv)
    }

    /// Upstream's `location_coordinates.json` is a single object (not an array of rows) and gives the phone
    /// number as `1234567890` while the CSV holds `2095257564`: a known slip of the expectation, not of the
    /// reader. Every other value, U+FFFD characters included, must match.
    @Test func locationCoordinatesMatchesExceptForUpstreamsKnownSlip() throws {
        let (csv, table, rows, expected) = try load("location_coordinates")
        guard case .array(let array) = rows, array.count == 1, case .object(var members) = array[0] else {
            Issue.record("expected one row, got \(rows.compactText)")
            return
        }
        #expect(members[0] == JSONMember(key: "Contact Phone Number", value: .string("2095257564")))
        members[0].value = .string("1234567890")
        #expect(JSONValue.object(members) == expected)
        #expect(
            try CSVCodec().encode(table, previous: nil, contentType: .commaSeparatedText).regularFileContents == csv)
    }
}
