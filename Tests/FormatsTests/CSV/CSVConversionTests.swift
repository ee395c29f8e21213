import Comparison
import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct CSVConversionTests {
    func table(_ text: String, codec: CSVCodec = CSVCodec()) throws -> CSVTable {
        try codec.decode(FileWrapper(regularFileWithContents: Data(text.utf8)), contentType: .commaSeparatedText)
    }

    @Test func csvToTSVQuotesOnlyWhatATabSeparatedFieldNeeds() throws {
        let source = try table("a,b\r\n\"x,y\",\"tab\there\"\r\n\"\",\"two\nlines\"")
        let converted = try CSVToTSV().convert(source)
        let bytes = try TSVCodec().encode(converted, previous: nil, contentType: .tabSeparatedText).regularFileContents
        #expect(bytes == Data("a\tb\r\nx,y\t\"tab\there\"\r\n\t\"two\nlines\"".utf8))
        let back = try TSVCodec().decode(
            FileWrapper(regularFileWithContents: try #require(bytes)), contentType: .tabSeparatedText)
        #expect(back.records.map(\.cells) == source.records.map(\.cells))
        #expect(back.records.map(\.lineEnding) == source.records.map(\.lineEnding))
    }

    @Test func tsvToCSVKeepsEveryCellAndTheByteOrderMark() throws {
        let tsv = try TSVCodec().decode(
            FileWrapper(regularFileWithContents: Data("\u{FEFF}k\tv\n\"a\tb\"\tc,d\n".utf8)),
            contentType: .tabSeparatedText)
        let csv = try TSVToCSV().convert(tsv)
        let bytes = try CSVCodec().encode(csv, previous: nil, contentType: .commaSeparatedText).regularFileContents
        #expect(bytes == Data("\u{FEFF}k,v\na\tb,\"c,d\"\n".utf8))
    }

    @Test func csvToJSONMakesObjectsKeyedByTheHeaderWithStringValues() throws {
        let document = try CSVToJSON().convert(try table("id,zip\n1,08123\n2\n\n"))
        #expect(
            document.value
                == .array([
                    .object([
                        JSONMember(key: "id", value: .string("1")), JSONMember(key: "zip", value: .string("08123")),
                    ]),
                    .object([JSONMember(key: "id", value: .string("2"))]),
                    .object([]),
                ]))
        #expect(document.style.prettyPrinted)
    }

    @Test func csvToJSONMakesArraysWithoutAHeader() throws {
        let document = try CSVToJSON().convert(try table("1,2\n3\n"))
        #expect(document.value == .array([.array([.string("1"), .string("2")]), .array([.string("3")])]))
    }

    @Test func csvToJSONRefusesARowWithMoreFieldsThanTheHeaderAtItsLine() throws {
        let error = try #require(throws: CodecError.self) {
            try CSVToJSON().convert(try table("a,b\n\"x\ny\",2\n1,2,3\n"))
        }
        #expect(error.code == "csv.conversion.extra-fields")
        #expect(error.location == .line(4, column: 1))
        var duplicated = try table("1,1\n2,3\n")
        duplicated.hasHeader = true
        #expect(throws: CodecError.self) { try CSVToJSON().convert(duplicated) }
    }
}
