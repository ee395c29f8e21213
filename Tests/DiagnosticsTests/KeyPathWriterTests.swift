import Diagnostics
import Testing

@Suite struct KeyPathWriterTests {
    static let table: [(key: String, component: String)] = [
        ("items", ".items"),
        ("_private1", "._private1"),
        ("CFBundleName", ".CFBundleName"),
        // A leading digit would read as an index, or be rejected by a JSONPath reader.
        ("1st", #"["1st"]"#),
        ("0", #"["0"]"#),
        ("", #"[""]"#),
        ("a b", #"["a b"]"#),
        ("a.b", #"["a.b"]"#),
        ("a-b", #"["a-b"]"#),
        ("é", #"["é"]"#),
        ("line\r\nbreak", #"["line\r\nbreak"]"#),
        ("say \"hi\"", #"["say \"hi\""]"#),
    ]

    @Test(arguments: table) func appendsAKey(key: String, component: String) {
        #expect(KeyPathWriter.component(key: key) == component)
    }

    @Test func appendsAnIndexInBrackets() {
        #expect("$" + KeyPathWriter.component(key: "items") + KeyPathWriter.component(index: 3) == "$.items[3]")
    }
}
