import Foundation
import Testing

@testable import Formats

/// The cursor takes only what it reads exactly as `JSONDecoder` does, and declines the rest without consuming it.
@Suite struct JSONCursorTests {
    private static func withCursor<Result>(_ text: [UInt8], _ body: (inout JSONCursor) -> Result) -> Result {
        text.withUnsafeBytes { bytes in
            var cursor = JSONCursor(bytes)
            return body(&cursor)
        }
    }

    /// The cursor's reading of a string literal: its text, or nil where it declines.
    private static func string(_ literal: [UInt8]) -> String? {
        withCursor(literal) { cursor in
            let text = cursor.withString { String(validating: $0, as: UTF8.self) }
            return cursor.isAtEnd() ? text : nil
        }
    }

    static let strings: [[UInt8]] = [
        #""plain""#, #""""#, #""caf\u00e9 \u00E9""#, #""\"\\\/\b\f\n\r\t""#, #""\ud83d\ude00 and \uD834\uDD1E""#,
        #""\u0000""#,
        "\"caf\u{E9} \u{1F600} \u{2028}\"", #""tab\tand \\u0041""#,
    ].map { Array($0.utf8) }

    /// What every reader might read otherwise, or refuses: each declined.
    static let declinedStrings: [[UInt8]] =
        [
            #""\ud800""#, #""\udc00x""#, #""\ud83d\u0041""#, #""\ud83d""#, #""\q""#, #""\u12""#, #""\u00G0""#,
            "\"a\tb\"",
            "\"a\u{1}\"",
            #""open"#, #""\"#, "plain",
        ].map { Array($0.utf8) } + [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22],
        ]

    @Test func decodesStringsAsTheDecoderDoes() throws {
        for literal in Self.strings {
            let decoded = try JSONDecoder().decode(String.self, from: Data(literal))
            #expect(Self.string(literal) == decoded, "\(String(decoding: literal, as: UTF8.self))")
        }
    }

    @Test func declinesStringsTheStrictRulesRefuse() {
        for literal in Self.declinedStrings {
            #expect(Self.string(literal) == nil, "\(literal)")
            // Declining takes nothing: the opening quote (or the word) is still next.
            let next = Self.withCursor(literal) { cursor in
                _ = cursor.withString { _ in () }
                return cursor.position
            }
            #expect(next == 0, "\(literal)")
        }
    }

    @Test func plainStringsHaveNoEscapeAndNoControlCharacter() {
        let cases: [(String, String?)] = [
            (#""status""#, "status"), (#" "caf\#u{E9}""#, "caf\u{E9}"), (#""a\u0041""#, nil), ("\"a\tb\"", nil),
            (#""open"#, nil),
            ("null", nil),
        ]
        for (text, expected) in cases {
            let plain = Self.withCursor(Array(text.utf8)) { cursor in
                cursor.plainString().map { String(decoding: $0, as: UTF8.self) }
            }
            #expect(plain == expected, "\(text)")
        }
        // Bytes that are not UTF-8 are left for the caller to check.
        let raw = Self.withCursor([0x22, 0x61, 0xFF, 0x22]) { cursor in cursor.plainString().map { Array($0) } }
        #expect(raw == [0x61, 0xFF])
    }

    @Test func integersOnlyInTheirPlainestForm() {
        let cases: [(String, Int?)] = [
            ("0", 0), ("-0", 0), (" 42,", 42), ("-12}", -12), ("123456789012345678", 123_456_789_012_345_678),
            ("-999999999999999999", -999_999_999_999_999_999), ("1234567890123456789", nil), ("01", nil), ("1.0", nil),
            ("1e2", nil),
            ("1E2", nil), ("-", nil), ("1+", nil), ("1-", nil), ("+1", nil), ("\"1\"", nil), ("", nil),
        ]
        for (text, expected) in cases {
            #expect(Self.withCursor(Array(text.utf8)) { $0.integer() } == expected, "\(text)")
        }
    }

    @Test func takesPunctuationAndNullAfterWhiteSpace() {
        let taken = Self.withCursor(Array(" {\t\"a\" :\r\n null ,nul}  ".utf8)) { cursor -> [Bool] in
            [
                cursor.take(UInt8(ascii: "{")), cursor.take(UInt8(ascii: "}")), cursor.plainString() != nil,
                cursor.take(UInt8(ascii: ":")),
                cursor.takeNull(), cursor.isAtEnd(), cursor.take(UInt8(ascii: ",")), cursor.takeNull(),
                cursor.plainString() != nil,
            ]
        }
        #expect(taken == [true, false, true, true, true, false, true, false, false])
        #expect(Self.withCursor(Array("  \n".utf8)) { $0.isAtEnd() })
        #expect(
            Self.withCursor([]) { cursor in
                cursor.isAtEnd() && !cursor.take(UInt8(ascii: "{")) && cursor.integer() == nil
            })
    }
}
