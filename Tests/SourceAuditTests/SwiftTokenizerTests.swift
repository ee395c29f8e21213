import SourceAudit
import Testing

@Suite struct SwiftTokenizerTests {
    func tokens(_ source: String) -> [SwiftToken] { SwiftTokenizer().tokenize(source) }
    func kinds(_ source: String) -> [SwiftToken.Kind] { tokens(source).map(\.kind) }

    @Test func nestedBlockCommentsAreOneToken() {
        let result = tokens("a /* one /* two */ still comment */ b")
        #expect(result.map(\.text) == ["a", "/* one /* two */ still comment */", "b"])
        #expect(result[1].kind == .comment)
    }

    @Test func stringLiteralsOfEveryFormAreOneToken() {
        let source = #"""
            let a = "x \"quoted\" \(f("inner ) string")) y"
            let b = #"raw "still" \(not interpolated)"#
            let c = """
                multi "line" \(value)
                """
            let d = ##"a "# inside"##
            """#
        let strings = tokens(source).filter { $0.kind == .string }.map(\.text)
        #expect(
            strings == [
                #""x \"quoted\" \(f("inner ) string")) y""#,
                ##"#"raw "still" \(not interpolated)"#"##,
                "\"\"\"\n    multi \"line\" \\(value)\n    \"\"\"",
                ###"##"a "# inside"##"###,
            ])
    }

    @Test func regexLiteralsAreToldFromDivision() {
        #expect(kinds("let r = /[a-z]+/") == [.identifier, .identifier, .punctuation, .regex])
        #expect(
            kinds("let q = a / b / c") == [
                .identifier, .identifier, .punctuation, .identifier, .operator, .identifier, .operator, .identifier,
            ])
        #expect(
            kinds("x = (a) / 2") == [
                .identifier, .punctuation, .punctuation, .identifier, .punctuation, .operator, .number,
            ])
        #expect(kinds("let e = #/a/b/#") == [.identifier, .identifier, .punctuation, .regex])
    }

    @Test func attributesOperatorsAndPositions() {
        let result = tokens("@Observable\nfinal class A: B {\n  var x = y ?? \"\"\n}")
        #expect(result[0] == SwiftToken(kind: .attribute, text: "@Observable", line: 1, column: 1))
        #expect(result[1] == SwiftToken(kind: .identifier, text: "final", line: 2, column: 1))
        let coalescing = result.first { $0.text == "??" }
        #expect(coalescing == SwiftToken(kind: .operator, text: "??", line: 3, column: 13))
        #expect(tokens("a -> b").map(\.kind) == [.identifier, .punctuation, .identifier])
    }

    @Test func unterminatedLiteralsNeverTrap() {
        for source in ["\"open", "/* open", "#\"raw", "\"\"\"\nmulti", "@", "`", "#/x", "\\(", "\"\\("] {
            _ = tokens(source)
        }
    }
}
