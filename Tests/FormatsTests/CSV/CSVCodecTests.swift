import Comparison
import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct CSVCodecTests {
    let codec = CSVCodec()

    func decode(_ text: String) throws -> CSVTable {
        try codec.decode(FileWrapper(regularFileWithContents: Data(text.utf8)), contentType: .commaSeparatedText)
    }

    func decode(bytes: [UInt8]) throws -> CSVTable {
        try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .commaSeparatedText)
    }

    func encoded(_ table: CSVTable) throws -> Data {
        try #require(try codec.encode(table, previous: nil, contentType: .commaSeparatedText).regularFileContents)
    }

    static let roundTrips: [String] = [
        "a,b\r\n1,2\r\n",
        "a,b\n1,2",
        "a,b\r1,2\r",
        "a,b\r\n1,2\n3,4\r5,6",  // mixed line endings, kept per record
        "\u{FEFF}name,price\r\nTea,\"4,50\"\r\n",  // a byte-order mark
        "a,b\n\n1,2\n\n",  // blank lines
        "\"a\",\"\",c\n\"\"\n",  // quoted without need, a lone empty field
        "x,\"multi\r\nline\",\"q\"\"uote\"\n",
        "a,b,\n,,\n",  // trailing delimiters, empty fields
        "a,b,c\n1,2\n3,4,5,6\n",  // ragged rows
        "",
        "only",
        ",",
        "caf\u{E9} \u{1F600},\u{301}\n",
        "a,b\n1,5\" screen\n2,x\"\"y\n",  // bare quotes, read as text as Python does
    ]

    /// A round-trip input, named in test output with its line breaks and tabs escaped.
    struct RoundTrip: Sendable, CustomTestStringConvertible {
        var text: String
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: roundTrips.map(RoundTrip.init))
    func reEncodesAnUnchangedTableByteForByte(_ input: RoundTrip) throws {
        #expect(try encoded(decode(input.text)) == Data(input.text.utf8))
    }

    @Test func keepsEachFieldsQuotingAndEachRecordsLineEnding() throws {
        let table = try decode("a,\"b\"\r\n\"1\",2\n3,4")
        #expect(table.records.map { $0.fields.map(\.isQuoted) } == [[false, true], [true, false], [false, false]])
        #expect(table.records.map(\.lineEnding) == [.carriageReturnLineFeed, .lineFeed, CSVLineEnding.none])
        #expect(table.records.map(\.cells) == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(!table.endsWithLineBreak)
    }

    @Test func aBlankLineIsARecordWithoutFieldsAndALoneEmptyFieldIsQuoted() throws {
        let table = try decode("a\n\n\"\"\n")
        #expect(table.records.map(\.cells) == [["a"], [], [""]])
        let built = CSVTable(rows: [["a"], [""], []], hasHeader: false, lineEnding: .lineFeed)
        #expect(try encoded(built) == Data("a\n\"\"\n\n".utf8))
    }

    @Test func theWriterQuotesMinimallyAsPythonDoesAndKeepsTheDocumentsStyleWhenEdited() throws {
        var table = try decode("id,name\n1,plain\n2,\"was quoted\"")
        table.setText("has, comma", record: 1, field: 1)
        table.setText("now plain", record: 2, field: 1)
        table.appendRecord(cells: ["3", "say \"hi\""])
        #expect(try encoded(table) == Data("id,name\n1,\"has, comma\"\n2,\"now plain\"\n3,\"say \"\"hi\"\"\"".utf8))
        let fresh = CSVTable(rows: [["a b", " lead", "x\ty"]], hasHeader: false)
        #expect(try encoded(fresh) == Data("a b, lead,x\ty\r\n".utf8))
    }

    @Test func detectsASemicolonDelimiterFromTheFirstRecord() throws {
        let table = try decode("Artikel;Preis\n\"Äpfel, rot\";4,50\n")
        #expect(table.dialect == .semicolon)
        #expect(table.records[1].cells == ["Äpfel, rot", "4,50"])
        #expect(try decode("a;b,c\n").dialect == .comma)  // a tie goes to the comma
        #expect(try decode("\"x;y;z\",b\n").dialect == .comma)  // semicolons inside quotes do not count
    }

    @Test func decidesTheHeaderByTheDocumentedRule() throws {
        #expect(try decode("id,name\n1,a\n").hasHeader)
        #expect(try !decode("1,2\n3,4\n").hasHeader)  // numbers are data
        #expect(try !decode("id,\n1,2\n").hasHeader)  // an empty name
        #expect(try !decode("id,id\n1,2\n").hasHeader)  // a repeated name
        #expect(try !decode("year,2024\n").hasHeader)
        #expect(try !decode("").hasHeader)
        #expect(try decode("a,b,c\n1,2\n").raggedRecords == [2])
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var code: String
        var location: ErrorLocation
        var strict = false
        var testDescription: String { code + (strict ? " (strict)" : "") }
    }

    static let badInputs: [BadInput] = [
        BadInput(
            bytes: Array("a,b\r\n1,\"open\r\n2,3\r\n".utf8), code: "csv.unterminated-quote",
            location: .line(2, column: 3)),
        BadInput(
            bytes: Array("a,b\n\"x\ny\",\"é\nnever".utf8), code: "csv.unterminated-quote", location: .line(3, column: 4)
        ),
        BadInput(
            bytes: Array("a,b\n1,5\" screen\n".utf8), code: "csv.quote-in-unquoted-field",
            location: .line(2, column: 4), strict: true),
        BadInput(bytes: Array("é,\"q\"x\n".utf8), code: "csv.text-after-quote", location: .line(1, column: 6)),
        BadInput(
            bytes: [0xEF, 0xBB, 0xBF] + Array("a,\"b\"\" c\"\r\nd,e\"".utf8), code: "csv.quote-in-unquoted-field",
            location: .line(2, column: 4), strict: true),
        BadInput(bytes: Array("a,b\n1,caf".utf8) + [0xE9, 0x0A], code: "csv.invalid-utf8", location: .byte(9)),
        BadInput(bytes: [0xEF, 0xBB, 0xBF, 0x61, 0xC3], code: "csv.invalid-utf8", location: .byte(4)),
    ]

    @Test(arguments: badInputs)
    func rejectsBadInputWithItsCodeAndPlace(_ input: BadInput) throws {
        let file = FileWrapper(regularFileWithContents: Data(input.bytes))
        let error = try #require(throws: CodecError.self) {
            input.strict
                ? try StrictCSVCodec().decode(file, contentType: .commaSeparatedText)
                : try codec.decode(file, contentType: .commaSeparatedText)
        }
        #expect(error.code == input.code)
        #expect(error.location == input.location)
    }

    @Test func refusesToWriteWhatWouldNotReadBack() throws {
        var merged = CSVTable(rows: [["a"], ["b"]], hasHeader: false)
        merged.records[0].lineEnding = .none
        #expect(throws: CodecError.self) { try encoded(merged) }
        let tabs = CSVTable(rows: [["a", "b"]], dialect: .tab, hasHeader: false)
        let error = try #require(throws: CodecError.self) { try encoded(tabs) }
        #expect(error.code == "csv.delimiter-mismatch")
        #expect(
            try TSVCodec().encode(tabs, previous: nil, contentType: .tabSeparatedText).regularFileContents
                == Data("a\tb\r\n".utf8))
    }

    @Test func explainsDifferencesByRowAndColumnName() throws {
        let expected = try decode("id,price\n1,4.50\n2,3\n")
        let actual = try decode("id,price\n1,4.5\n2,3\n")
        #expect(
            codec.differences(expected: expected, actual: actual) == [
                SnapshotDifference(
                    path: "row 1, column price", expected: "\"4.50\"", actual: "\"4.5\"",
                    summary: "the cell differs [csv.cell]")
            ])
        #expect(codec.differences(expected: expected, actual: expected).isEmpty)
        let relined = try decode("id,price\r\n1,4.50\r\n2,3\r\n")
        #expect(
            codec.differences(expected: expected, actual: relined).map(\.summary) == [
                "3 records end differently [csv.dialect]"
            ])
    }

    @Test func aTableOfThousandsOfRowsReadsWritesAndComparesByKey() throws {
        let rows =
            [["id", "name", "note"]]
            + (0..<5_000).map { ["\($0)", "item \($0)", $0 % 7 == 0 ? "has, comma" : "plain"] }
        let table = CSVTable(rows: rows, hasHeader: true)
        let bytes = try encoded(table)
        let read = try codec.decode(FileWrapper(regularFileWithContents: bytes), contentType: .commaSeparatedText)
        #expect(read == table)
        var changed = read
        changed.setText("edited", record: 4_321, field: 2)
        changed.records.swapAt(1, 2)
        let difference = try #require(CSVComparator(keyColumn: "id").compare(expected: read, actual: changed))
        #expect(difference.children.map(\.location) == ["rows", "row id=4320, column note"])
    }

    @Test func theRegistryResolvesBothCodecsAndTheConversions() {
        let registry = CodecRegistry.builtIn
        #expect(registry.codec(reading: .commaSeparatedText)?.identifier == "csv")
        #expect(registry.codec(reading: .tabSeparatedText)?.identifier == "tsv")
        #expect(registry.conversion(from: "csv", to: "tsv") != nil)
        #expect(registry.conversion(from: "tsv", to: "csv") != nil)
        #expect(registry.conversion(from: "csv", to: "json") != nil)
    }

    @Test func anonymizingKeepsTheHeaderAndTheStructure() throws {
        let table = try decode("name,city\n\"Ann, B\",Paris\n")
        var anonymizer = Anonymizer(seed: "t")
        let anonymous = codec.anonymize(table, with: &anonymizer)
        #expect(anonymous.records[0].cells == ["name", "city"])
        #expect(anonymous.records[1].cells != ["Ann, B", "Paris"])
        #expect(anonymous.records[1].cells.map(\.unicodeScalars.count) == [6, 5])
        #expect(anonymous.records.map(\.lineEnding) == table.records.map(\.lineEnding))
    }
}
