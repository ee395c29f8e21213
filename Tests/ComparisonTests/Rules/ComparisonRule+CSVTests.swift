import Comparison
import Foundation
import Testing

@Suite struct ComparisonRuleCSVTests {
    @Test func theCSVRuleHasAStableJSONSpellingWithAnOptionalKey() throws {
        let decoded = try JSONDecoder().decode(
            [ComparisonRule].self, from: Data(#"["csv", {"rule": "csv", "key": "id"}]"#.utf8))
        #expect(decoded == [.csv, .csv(keyColumn: "id")])
        #expect(decoded[1].keyColumn == "id")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(
            String(decoding: try encoder.encode(decoded), as: UTF8.self)
                == #"[{"rule":"csv"},{"key":"id","rule":"csv"}]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ComparisonRule.self, from: Data(#"{"rule": "json", "key": "id"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ComparisonRule.self, from: Data(#"{"rule": "csv", "key": ""}"#.utf8))
        }
    }

    @Test func theCSVRuleHasACommandLineForm() {
        #expect(ComparisonRule("csv") == .csv)
        #expect(ComparisonRule("csv:id") == .csv(keyColumn: "id"))
        #expect(ComparisonRule("csv:order id, 2") == .csv(keyColumn: "order id, 2"))
        #expect(ComparisonRule("csv:") == nil)
        #expect(ComparisonRule.csv(keyColumn: "id").description == "csv:id")
        #expect(ComparisonRule.csv.description == "csv")
        #expect(ComparisonRule.csv(keyColumn: nil) == .csv)
    }

    @Test func aManifestMemberRuleUsesTheCSVComparison() throws {
        let rules = try JSONDecoder().decode(
            ComparisonRules.self,
            from: Data(
                #"{"members": [{"glob": "*.csv", "rule": {"rule": "csv", "key": "id"}}], "fallback": "bytes"}"#.utf8))
        let comparator = Comparator(rules: rules)
        let expected = FileWrapper(directoryWithFileWrappers: [
            "t.csv": FileWrapper(regularFileWithContents: Data("id,v\n1,a\n2,b\n".utf8))
        ])
        let actual = FileWrapper(directoryWithFileWrappers: [
            "t.csv": FileWrapper(regularFileWithContents: Data("id,v\n2,b\n1,a\n".utf8))
        ])
        let difference = try #require(try comparator.compare(expected: expected, actual: actual))
        let member = try #require(difference.children.first)
        #expect(member.location == "member t.csv")
        #expect(member.summary == "the contents differ under the csv:id rule")
        #expect(member.children.first?.cause == "csv.row-order-only")
    }
}
