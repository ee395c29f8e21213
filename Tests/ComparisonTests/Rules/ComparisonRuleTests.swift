import Comparison
import Foundation
import Testing

@Suite struct ComparisonRuleTests {
    @Test func encodesStableNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let rules: [ComparisonRule] = [
            .bytes, .text(normalisations: [.trailingNewline, .lineEndings, .lineEndings]),
            .json(accepting: [.numberSpelling]),
            .semantic(codec: "notebook"), .ignore, .redact,
        ]
        let text = String(decoding: try encoder.encode(rules), as: UTF8.self)
        #expect(
            text == """
                [{"rule":"bytes"},{"normalisations":["line-endings","trailing-newline"],"rule":"text"},\
                {"accepting":["number-spelling"],"rule":"json"},{"codec":"notebook","rule":"semantic"},{"rule":"ignore"},{"rule":"redact"}]
                """)
        #expect(try JSONDecoder().decode([ComparisonRule].self, from: Data(text.utf8)) == rules)
    }

    @Test func decodesBareNamesAndRejectsUnknownOnes() throws {
        let decoded = try JSONDecoder().decode([ComparisonRule].self, from: Data(#"["bytes","json","redact"]"#.utf8))
        #expect(decoded == [.bytes, .json, .redact])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ComparisonRule].self, from: Data(#"["byte"]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                [ComparisonRule].self, from: Data(#"[{"rule":"bytes","normalisations":["line-endings"]}]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                [ComparisonRule].self, from: Data(#"[{"rule":"text","normalisations":["crlf"]}]"#.utf8))
        }
    }

    @Test func readsAndWritesTheCommandLineForm() {
        #expect(
            ComparisonRule("text:line-endings,byte-order-mark")
                == .text(normalisations: [.byteOrderMark, .lineEndings]))
        #expect(
            ComparisonRule.text(normalisations: [.lineEndings, .byteOrderMark]).description
                == "text:byte-order-mark,line-endings")
        #expect(ComparisonRule("json:key-order") == .json(accepting: [.keyOrder]))
        #expect(ComparisonRule("semantic:notebook") == .semantic(codec: "notebook"))
        #expect(ComparisonRule("semantic") == .semantic)
        #expect(ComparisonRule("bytes") == .bytes)
        #expect(ComparisonRule("bytes:x") == nil)
        #expect(ComparisonRule("text:nonsense") == nil)
        #expect(ComparisonRule("text:") == nil)
        #expect(ComparisonRule("colour") == nil)
        #expect(ComparisonRule.text == .text(normalisations: []))
    }

    @Test func normalisationNamesAreStable() {
        #expect(
            TextNormalisation.allCases.map(\.rawValue) == [
                "byte-order-mark", "line-endings", "trailing-whitespace", "trailing-newline", "unicode-normalisation",
            ])
        #expect(JSONVariation.allCases.map(\.rawValue) == ["key-order", "number-spelling"])
    }
}
