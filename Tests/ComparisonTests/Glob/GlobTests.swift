import Comparison
import Testing

@Suite struct GlobTests {
    static let table: [(pattern: String, path: String, matches: Bool)] = [
        ("*.json", "a.json", true),
        ("*.json", "x/a.json", false),
        ("*.json", ".json", true),
        ("**/*.json", "a.json", true),
        ("**/*.json", "x/y/a.json", true),
        ("**/*.json", "x/y/a.jsonl", false),
        ("pages/*", "pages/1.txt", true),
        ("pages/*", "pages/sub/1.txt", false),
        ("pages/**", "pages/sub/1.txt", true),
        ("pages/**", "pages", false),
        ("pages/**", "pagesx/1", false),
        ("**", "anything/at/all", true),
        ("a/**/b", "a/b", true),
        ("a/**/b", "a/x/y/b", true),
        ("a/**/b", "a/xb", false),
        ("a**b", "axyb", true),
        ("a**b", "ax/yb", false),
        ("?.txt", "a.txt", true),
        ("?.txt", "ab.txt", false),
        ("a?b", "a/b", false),
        ("[abc].txt", "b.txt", true),
        ("[abc].txt", "d.txt", false),
        ("[a-c]x", "cx", true),
        ("[!a-c]x", "cx", false),
        ("[!a-c]x", "dx", true),
        ("[^a-c]x", "dx", true),
        ("[]]x", "]x", true),
        ("a[/]b", "a/b", false),
        ("\\*.txt", "*.txt", true),
        ("\\*.txt", "a.txt", false),
        ("*", "", true),
        ("é.txt", "é.txt", true),
        ("e\u{301}.txt", "é.txt", false),
        ("*a*a*a*a*a*b", String(repeating: "a", count: 60), false),
    ]

    @Test(arguments: 0..<table.count)
    func matchesTable(index: Int) throws {
        let row = Self.table[index]
        #expect(try Glob(row.pattern).matches(row.path) == row.matches, "\(row.pattern) against \(row.path)")
    }

    @Test func malformedPatternsThrowWithCodeAndColumn() {
        #expect {
            _ = try Glob("ab[cd")
        } throws: { error in
            guard let error = error as? ComparisonError else { return false }
            return error.code == "glob.unterminated-class" && error.location?.description == "line 1, column 3"
        }
        #expect {
            _ = try Glob("abc\\")
        } throws: { error in
            (error as? ComparisonError)?.code == "glob.trailing-escape"
        }
    }

    @Test func firstMatchingMemberRuleWins() throws {
        let rules = ComparisonRules(
            [try MemberRule("secrets/**", .redact), try MemberRule("**/*.json", .json), try MemberRule("**", .text)],
            fallback: .bytes)
        #expect(rules.rule(for: "secrets/key.json") == .redact)
        #expect(rules.rule(for: "data/a.json") == .json)
        #expect(rules.rule(for: "notes.txt") == .text)
        #expect(ComparisonRules([try MemberRule("*.txt", .text)]).rule(for: "a.bin") == .bytes)
    }
}
