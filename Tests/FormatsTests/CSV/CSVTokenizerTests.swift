import Formats
import Foundation
import Testing

@Suite struct CSVTokenizerTests {
    func records(
        _ text: String, _ dialect: CSVDialect = .comma, strict: Bool = false
    ) throws(CSVParseError) -> [CSVRecord] {
        try CSVTokenizer.records(in: Data(text.utf8), dialect: dialect, strictQuotes: strict).records
    }

    @Test func readsRFC4180QuotingAndKeepsTheStyle() throws {
        let read = try records("a,\"b,\"\"c\"\"\r\nd\",\r\n")
        #expect(
            read == [
                CSVRecord(
                    fields: [CSVField("a"), CSVField("b,\"c\"\r\nd", isQuoted: true), CSVField("")],
                    lineEnding: .carriageReturnLineFeed)
            ])
    }

    @Test func blankLinesHaveNoFieldsAndATrailingDelimiterEndsWithAnEmptyField() throws {
        #expect(try records("\n\r\n\r").map(\.fields.count) == [0, 0, 0])
        #expect(try records("a,").map(\.cells) == [["a", ""]])
        #expect(try records("a,").first?.lineEnding == CSVLineEnding.none)
        #expect(try records("").isEmpty)
    }

    @Test func errorsNameTheLineAndColumnCountingLinesInsideQuotesAndScalars() throws {
        let error = try #require(throws: CSVParseError.self) {
            try records("\"a\r\nb\"\r\n\"é\rx\",y\"z", strict: true)
        }
        #expect(error.code == "csv.quote-in-unquoted-field")
        #expect(error.location == .line(4, column: 5))
        let tabbed = try #require(throws: CSVParseError.self) { try records("a\t\"b\" \tc", .tab) }
        #expect(tabbed.code == "csv.text-after-quote")
        #expect(tabbed.location == .line(1, column: 6))
    }

    @Test func aQuoteInsideAnUnquotedFieldIsTextUnlessQuotesAreStrict() throws {
        #expect(try records("a,5\" screen,b\"\"c\n").map(\.cells) == [["a", "5\" screen", "b\"\"c"]])
        #expect(try records("a,5\" screen,b\"\"c\n").first?.fields.map(\.isQuoted) == [false, false, false])
        #expect(throws: CSVParseError.self) { try records("a,5\" screen\n", strict: true) }
    }

    @Test func aByteOrderMarkIsNotedAndSkipped() throws {
        let output = try CSVTokenizer.records(in: Data([0xEF, 0xBB, 0xBF] + Array("\"a\"".utf8)), dialect: .comma)
        #expect(output.byteOrderMark)
        #expect(output.records.map(\.cells) == [["a"]])
    }

    @Test func recordLinesCountLineBreaksInsideQuotedFields() throws {
        let table = try CSVTable(decoding: Data("h\n\"a\r\nb\rc\"\nd".utf8), delimiterCandidates: [.comma])
        #expect(table.recordLines == [1, 2, 5])
    }
}
