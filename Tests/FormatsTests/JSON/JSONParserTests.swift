import Formats
import Foundation
import TestSupport
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser().parse(text)
    }

    @Test func keepsMemberOrderAndNumberSpelling() throws {
        let value = try parse(#"{"b": 1.50, "a": [1e2, -0, "x\u00e9\ud83d\ude00"], "c": null, "d": true}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c", "d"])
        #expect(members[0].value == .number(try #require(JSONNumber("1.50"))))
        #expect(value.compactText == #"{"b":1.50,"a":[1e2,-0,"xé😀"],"c":null,"d":true}"#)
    }

    /// Each bad input with the code and the place (line, column, byte) the error must name.
    static let errors: [(input: String, code: String, line: Int, column: Int, offset: Int)] = [
        ("", "json.empty", 1, 1, 0),
        ("[1, 2,]", "json.trailing-comma", 1, 7, 6),
        ("{\"a\": 1,}", "json.trailing-comma", 1, 9, 8),
        ("{\n  \"a\": 1,\n  \"a\": 2\n}", "json.duplicate-key", 3, 3, 14),
        ("[NaN]", "json.unexpected-character", 1, 2, 1),
        ("[01]", "json.invalid-number", 1, 2, 1),
        ("[1.]", "json.invalid-number", 1, 4, 3),
        ("[+1]", "json.unexpected-character", 1, 2, 1),
        ("\"é\\x\"", "json.invalid-escape", 1, 3, 3),
        ("[\"\\ud800\"]", "json.lone-surrogate", 1, 3, 2),
        ("[\"a\tb\"]", "json.control-character", 1, 4, 3),
        ("[1] [2]", "json.trailing-content", 1, 5, 4),
        ("// c\n1", "json.unexpected-character", 1, 1, 0),
        ("[tru]", "json.invalid-literal", 1, 2, 1),
        ("{\"a\" 1}", "json.unexpected-character", 1, 6, 5),
        ("[1,\r\n2", "json.unexpected-end", 2, 2, 6),
    ]

    @Test(arguments: 0..<errors.count)
    func rejectsWithCodeAndPlace(index: Int) {
        let row = Self.errors[index]
        do {
            _ = try parse(row.input)
            Issue.record("accepted \(row.input)")
        } catch {
            #expect(error.code == row.code, "\(row.input): \(error)")
            #expect(error.line == row.line && error.column == row.column, "\(row.input): \(error)")
            #expect(error.offset == row.offset, "\(row.input): \(error)")
            #expect(error.description.contains("(byte \(row.offset) (0x\(String(row.offset, radix: 16))))"))
        }
    }

    /// Small objects find a repeated key by scanning, large ones through a table: both name both places.
    @Test(arguments: [3, 15, 16, 17, 40])
    func findsARepeatedKeyInObjectsOfAnySize(memberCount: Int) throws {
        let repeatedIndex = memberCount / 2
        let members = (0..<memberCount).map { "\"key\($0)\": \($0)" } + ["\"key\(repeatedIndex)\": true"]
        let text = "{" + members.joined(separator: ", ") + "}"
        let bytes = Array(text.utf8)
        let needle = Array("\"key\(repeatedIndex)\":".utf8)
        let offsets = (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<($0 + needle.count)]) == needle }
        try #require(offsets.count == 2)
        do {
            _ = try parse(text)
            Issue.record("accepted a repeated key among \(memberCount) members")
        } catch {
            #expect(error.code == "json.duplicate-key")
            #expect(error.offset == offsets[1])
            #expect(error.earlierOffset == offsets[0])
        }
        // Keys that differ only in their scalars (é precomposed and decomposed) are two keys, however many.
        let distinct = (0..<memberCount).map { "\"k\($0)\": 0" } + ["\"\u{E9}\": 1", "\"e\u{301}\": 2"]
        guard case .object(let parsed) = try parse("{" + distinct.joined(separator: ",") + "}") else {
            Issue.record("not an object")
            return
        }
        #expect(parsed.count == memberCount + 2)
    }

    /// A string is read whole when it holds no escape, and scalar by scalar from its first escape on.
    @Test func readsStringsWithAndWithoutEscapesAlike() throws {
        let value = try parse(#"["plain", "Åbenrå 日本 😀", "a\nb", "é then \u00e9\ud83d\ude00 and after", "", "\u0041"]"#)
        #expect(
            value
                == .array([
                    .string("plain"), .string("Åbenrå 日本 😀"), .string("a\nb"), .string("é then é😀 and after"),
                    .string(""), .string("A"),
                ]))
    }

    @Test func rejectsInvalidUTF8AndTooDeepNesting() {
        #expect(throws: JSONParseError.self) { try JSONParser().parse(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D])) }
        do {
            _ = try JSONParser(maximumDepth: 10).parse(
                String(repeating: "[", count: 11) + String(repeating: "]", count: 11))
            Issue.record("accepted nesting deeper than the limit")
        } catch {
            #expect(error.code == "json.too-deep")
            #expect(error.offset == 10)
        }
        #expect(
            (try? JSONParser(maximumDepth: 10).parse(
                String(repeating: "[", count: 10) + String(repeating: "]", count: 10))) != nil)
    }

    /// Inputs whose acceptance the parser and Python's `json` module must agree on.
    ///
    /// The oracle is made strict where docmigrate decides to be: NaN and Infinity are refused through
    /// `parse_constant`, repeated keys through `object_pairs_hook`, and strings holding lone surrogates
    /// (which Python allows and a Swift string cannot hold) are refused after parsing.
    static let differentialInputs: [[UInt8]] =
        [
            "1", "-0", "-0.0e-0", "1E+2", "1e400", "0.1", "01", "-", "1.", ".5", "1e", "+1", "0x10", "Infinity",
            "-Infinity", "NaN",
            "[NaN]", "true", "True", "nul", "null ", " \t\r\n[] ", "[1,]", "[,1]", "[1 2]", "{}", "{\"a\":1,}",
            "{\"a\" 1}",
            "{a:1}", "{'a':1}", "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":{\"a\":2}}", "\"\\u00e9\"", "\"\\ud83d\\ude00\"",
            "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800x\"", "\"\\x41\"", "\"\\/\"", "\"a\u{7F}b\"", "[\"\u{01}\"]",
            "\"\u{2028}\"",
            "[1]x", "[1]\n", "\"unterminated", "[[[[]]]]", "{\"\":0}", "1 2", "[-]", "[1e+]", "[\"\\u12\"]",
        ].map { Array($0.utf8) } + [
            [0xEF, 0xBB, 0xBF, 0x5B, 0x31, 0x5D],
            [0x5B, 0x22, 0xFF, 0x22, 0x5D],
            [0x5B, 0x22, 0xC3, 0x22, 0x5D],
            [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],
            [0x5B, 0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22, 0x5D],
            [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],
        ]

    @Test func acceptsExactlyWhatStrictPythonAccepts() throws {
        let program = """
            import json, re, sys
            def reject_constant(name):
                raise ValueError('constant ' + name)
            def reject_duplicates(pairs):
                keys = [key for key, _ in pairs]
                if len(keys) != len(set(keys)):
                    raise ValueError('duplicate key')
                return dict(pairs)
            def check_strings(value):
                if isinstance(value, str) and re.search('[\\ud800-\\udfff]', value):
                    raise ValueError('lone surrogate')
                if isinstance(value, list):
                    for item in value: check_strings(item)
                if isinstance(value, dict):
                    for key, item in value.items():
                        check_strings(key); check_strings(item)
            for line in sys.stdin.read().split('\\n'):
                if not line: continue
                try:
                    check_strings(json.loads(bytes.fromhex(line), parse_constant=reject_constant, object_pairs_hook=reject_duplicates))
                    print('accept')
                except Exception:
                    print('reject')
            """
        let input =
            Self.differentialInputs.map { $0.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined() }
            .joined(separator: "\n") + "\n"
        let verdicts = try PythonOracle.run(program, input: Data(input.utf8)).split(separator: "\n").map(String.init)
        try #require(verdicts.count == Self.differentialInputs.count)
        for (index, bytes) in Self.differentialInputs.enumerated() {
            let ours = (try? JSONParser().parse(Data(bytes))) != nil ? "accept" : "reject"
            #expect(ours == verdicts[index], "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(verdicts.contains("accept") && verdicts.contains("reject"))
    }
}
