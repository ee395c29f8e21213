import Diagnostics
import Foundation
import TestSupport
import Testing

@Suite struct HTMLEscaperTests {
    static let carried = [
        "plain", "<script>alert('x')</script>", "a & b", "\"double\" 'single'", "tab\tlf\ncr\r", "é😀 \u{2028}",
        "&amp; stays text",
    ]

    /// Python's `html.unescape` gives back each text, and nothing that could end a tag or attribute is left raw.
    @Test func pythonsHTMLModuleReadsBackEveryText() throws {
        let escaped = Self.carried.map(HTMLEscaper.escape)
        for text in escaped { #expect(!text.contains { "<>\"'".contains($0) }) }
        let program = """
            import sys, json, html
            print(json.dumps([html.unescape(t) for t in json.load(sys.stdin)]))
            """
        let printed = try PythonOracle.run(program, input: try JSONEncoder().encode(escaped))
        #expect(try JSONDecoder().decode([String].self, from: Data(printed.utf8)) == Self.carried)
    }

    @Test func writesForbiddenCharactersVisibly() {
        let escaped = HTMLEscaper.escape("a\u{0}b\u{1B}c\u{7F}d\u{9F}e\u{FFFF}")
        #expect(escaped == "a[U+0000]b[U+001B]c[U+007F]d[U+009F]e[U+FFFF]")
    }
}
