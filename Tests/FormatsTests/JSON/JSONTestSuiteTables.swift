import Formats
import Foundation
import TestSupport
import Testing

/// Our own JSONTestSuite-style tables: `y_` inputs every RFC 8259 parser must accept, `n_` inputs it
/// must reject, each `n_` with the stable code the strict parser gives. Every RFC rule has rows.
@Suite struct JSONTestSuiteTables {
    /// Must be accepted: (name, input bytes).
    static let acceptedText: [(String, String)] = [
        ("y_array_empty", "[]"), ("y_object_empty", "{}"),
        ("y_array_with_whitespace", " \t\r\n[ \t\r\n1 \t\r\n, 2 ]\r\n"),
        ("y_literals", "[null,true,false]"), ("y_top_level_string", "\"x\""), ("y_top_level_number", "-0"),
        ("y_top_level_null", "null"), ("y_top_level_true", " true "), ("y_number_zero", "0"),
        ("y_number_negative_zero_fraction", "[-0.0]"), ("y_number_exponent_capital_plus", "1E+2"),
        ("y_number_exponent_minus", "1e-2"), ("y_number_zero_exponent", "[0e0]"),
        ("y_number_fraction_exponent", "[-1.5e-10]"),
        ("y_number_huge_exponent", "1e400"), ("y_number_huge_integer", "123456789012345678901234567890"),
        ("y_number_leading_zero_fraction", "0.001"), ("y_string_escapes", #"["\"\\\/\b\f\n\r\t"]"#),
        ("y_string_escaped_nul", #""\u0000""#), ("y_string_unicode_escape_lower_upper", #""\u00e9\u00E9""#),
        ("y_string_surrogate_pair", #""\uD834\uDD1E""#), ("y_string_raw_utf8", "\"é€😀\""),
        ("y_string_raw_del", "\"\u{7F}\""), ("y_string_raw_line_separator", "\"\u{2028}\u{2029}\""),
        ("y_string_empty", "\"\""), ("y_object_empty_key", "{\"\":0}"),
        ("y_object_nested", #"{"a":{"b":[1,{"c":null}]}}"#),
        ("y_object_same_key_in_different_objects", #"{"a":{"a":1},"b":{"a":2}}"#),
        ("y_object_keys_differ_by_normalization", "{\"\u{E9}\":1,\"e\u{301}\":2}"),
        ("y_array_nested", "[[[[]]]]"), ("y_array_mixed", #"[1,"a",{},[],null]"#),
    ]

    static let acceptedBytes: [(String, [UInt8])] = [
        ("y_byte_order_mark", [0xEF, 0xBB, 0xBF, 0x5B, 0x31, 0x5D]),
        ("y_string_four_byte_utf8", [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]),
        ("y_string_largest_scalar", [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]),
    ]

    static let accepted: [(name: String, input: [UInt8])] =
        acceptedText.map { ($0.0, Array($0.1.utf8)) } + acceptedBytes

    /// Must be rejected: (name, input bytes, code).
    static let rejectedText: [(String, String, String)] = [
        // The three JSONTestSuite cases Foundation's JSONSerialization accepts.
        ("n_array_extra_comma", #"["",]"#, "json.trailing-comma"),
        ("n_array_number_and_comma", "[1,]", "json.trailing-comma"),
        ("n_object_trailing_comma", #"{"id":0,}"#, "json.trailing-comma"),
        ("n_array_double_extra_comma", #"["x",,]"#, "json.unexpected-character"),
        ("n_array_double_comma", "[1,,2]", "json.unexpected-character"),
        ("n_array_leading_comma", "[,1]", "json.unexpected-character"),
        ("n_array_missing_comma", "[1 2]", "json.unexpected-character"),
        ("n_array_strings_without_comma", #"["a" "b"]"#, "json.unexpected-character"),
        ("n_array_unclosed", "[1", "json.unexpected-end"),
        ("n_array_open_only", "[", "json.unexpected-end"),
        ("n_array_extra_close", "[1]]", "json.trailing-content"),
        ("n_array_close_only", "]", "json.unexpected-character"),
        ("n_object_missing_colon", #"{"a" 1}"#, "json.unexpected-character"),
        ("n_object_missing_value", #"{"a":}"#, "json.unexpected-character"),
        ("n_object_unquoted_key", "{a:1}", "json.unexpected-character"),
        ("n_object_single_quoted_key", "{'a':1}", "json.unexpected-character"),
        ("n_object_numeric_key", "{1:1}", "json.unexpected-character"),
        ("n_object_missing_comma", #"{"a":1 "b":2}"#, "json.unexpected-character"),
        ("n_object_leading_comma", #"{,"a":1}"#, "json.unexpected-character"),
        ("n_object_unclosed", #"{"a":1"#, "json.unexpected-end"),
        ("n_object_duplicate_key", #"{"a":1,"a":2}"#, "json.duplicate-key"),
        ("n_object_duplicate_escaped_key", #"{"a":1,"\u0061":2}"#, "json.duplicate-key"),
        ("n_number_leading_zero", "[01]", "json.invalid-number"),
        ("n_number_negative_leading_zero", "[-01]", "json.invalid-number"),
        ("n_number_trailing_dot", "[1.]", "json.invalid-number"),
        ("n_number_leading_dot", "[.5]", "json.unexpected-character"),
        ("n_number_exponent_without_digits", "[1e]", "json.invalid-number"),
        ("n_number_exponent_sign_only", "[1e+]", "json.invalid-number"),
        ("n_number_minus_only", "[-]", "json.invalid-number"),
        ("n_number_plus", "[+1]", "json.unexpected-character"),
        ("n_number_hex", "[0x10]", "json.unexpected-character"),
        ("n_number_nan", "[NaN]", "json.unexpected-character"),
        ("n_number_infinity", "[Infinity]", "json.unexpected-character"),
        ("n_number_minus_infinity", "[-Infinity]", "json.invalid-number"),
        ("n_literal_truncated", "[tru]", "json.invalid-literal"),
        ("n_literal_capitalized", "[True]", "json.unexpected-character"),
        ("n_literal_null_truncated", "nul", "json.invalid-literal"),
        ("n_string_unterminated", "\"abc", "json.unexpected-end"),
        ("n_string_single_quoted", "['a']", "json.unexpected-character"),
        ("n_string_invalid_escape", #"["a\x"]"#, "json.invalid-escape"),
        ("n_string_short_unicode_escape", #"["\u12"]"#, "json.invalid-escape"),
        ("n_string_lone_high_surrogate", #"["\uD800"]"#, "json.lone-surrogate"),
        ("n_string_lone_low_surrogate", #"["\uDC00"]"#, "json.lone-surrogate"),
        ("n_string_high_surrogate_then_letter", #"["\uD800\u0041"]"#, "json.lone-surrogate"),
        ("n_string_raw_tab", "[\"a\tb\"]", "json.control-character"),
        ("n_string_raw_newline", "[\"a\nb\"]", "json.control-character"),
        ("n_string_raw_nul", "[\"\u{0}\"]", "json.control-character"),
        ("n_comment_line", "// c\n1", "json.unexpected-character"),
        ("n_comment_block", "/* c */ 1", "json.unexpected-character"),
        ("n_comment_after_value", "[1] // c", "json.trailing-content"),
        ("n_comment_inside_array", "[1/**/]", "json.unexpected-character"),
        ("n_whitespace_vertical_tab", "[\u{0B}1]", "json.unexpected-character"),
        ("n_whitespace_form_feed", "[\u{0C}]", "json.unexpected-character"),
        ("n_whitespace_no_break_space", "[\u{A0}1]", "json.unexpected-character"),
        ("n_two_values", "[1] [2]", "json.trailing-content"),
        ("n_empty", "", "json.empty"),
        ("n_whitespace_only", " \n ", "json.empty"),
    ]

    static let rejectedBytes: [(String, [UInt8], String)] = [
        ("n_utf8_invalid_byte", [0x5B, 0x22, 0xFF, 0x22, 0x5D], "json.invalid-utf8"),
        ("n_utf8_overlong", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], "json.invalid-utf8"),
        ("n_utf8_encoded_surrogate", [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], "json.invalid-utf8"),
        ("n_utf8_truncated", [0x5B, 0x22, 0xC3, 0x22, 0x5D], "json.invalid-utf8"),
        ("n_utf8_beyond_unicode", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "json.invalid-utf8"),
        ("n_utf8_lone_continuation", [0x22, 0x80, 0x22], "json.invalid-utf8"),
        ("n_utf16_byte_order_mark", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], "json.unexpected-character"),
        (
            "n_too_deep",
            Array(repeating: UInt8(ascii: "["), count: 513) + Array(repeating: UInt8(ascii: "]"), count: 513),
            "json.too-deep"
        ),
    ]

    static let rejected: [(name: String, input: [UInt8], code: String)] =
        rejectedText.map { ($0.0, Array($0.1.utf8), $0.2) } + rejectedBytes

    @Test(arguments: accepted.indices)
    func accepts(index: Int) {
        let row = Self.accepted[index]
        #expect(throws: Never.self, "\(row.name)") { try JSONParser().parse(Data(row.input)) }
    }

    @Test(arguments: rejected.indices)
    func rejects(index: Int) {
        let row = Self.rejected[index]
        do {
            let value = try JSONParser().parse(Data(row.input))
            Issue.record("\(row.name) was accepted as \(value.compactText)")
        } catch {
            #expect(error.code == row.code, "\(row.name): \(error)")
        }
    }

    /// The three JSONTestSuite cases Foundation's `JSONSerialization` accepts (legacy-formats finding 9),
    /// and the doubled comma: Foundation is the oracle of what goes wrong, our parser refuses all four.
    @Test func refusesWhatFoundationWronglyAccepts() {
        let cases = [#"["",]"#, "[1,]", #"{"id":0,}"#]
        for text in cases {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil,
                "Foundation accepts \(text)")
            #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
        }
        #expect(throws: JSONParseError.self) { try JSONParser().parse(#"["x",,]"#) }
    }

    /// Strict Python (`json` with NaN, repeated keys and lone surrogates refused) agrees on every row.
    @Test func strictPythonAgreesWithEveryRow() throws {
        let program = """
            import json, re, sys
            def reject_constant(name):
                raise ValueError('constant ' + name)
            def reject_duplicates(pairs):
                keys = [key for key, _ in pairs]
                if len(keys) != len(set(keys)):
                    raise ValueError('duplicate key')
                return dict(pairs)
            def check(value, depth=0):
                if isinstance(value, (list, dict)):
                    depth += 1
                    if depth > 512: raise ValueError('too deep')
                if isinstance(value, str) and re.search('[\\ud800-\\udfff]', value): raise ValueError('surrogate')
                if isinstance(value, list):
                    for item in value: check(item, depth)
                if isinstance(value, dict):
                    for key, item in value.items(): check(key, depth); check(item, depth)
            for line in sys.stdin.read().split('\\n')[:-1]:
                try:
                    data = bytes.fromhex(line)
                    if data.startswith(b'\\xef\\xbb\\xbf'): data = data[3:]
                    check(json.loads(data.decode('utf-8'), parse_constant=reject_constant, object_pairs_hook=reject_duplicates))
                    print('accept')
                except Exception:
                    print('reject')
            """
        let rows =
            Self.accepted.map { ($0.name, $0.input, "accept") } + Self.rejected.map { ($0.name, $0.input, "reject") }
        let input = rows.map { row in row.1.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined() + "\n" }
            .joined()
        let verdicts = try PythonOracle.run(program, input: Data(input.utf8)).split(separator: "\n").map(String.init)
        try #require(verdicts.count == rows.count)
        for (row, verdict) in zip(rows, verdicts) {
            #expect(verdict == row.2, "Python: \(row.0) \(verdict)")
        }
    }
}
