import Foundation
import TestSupport
import Testing

@testable import Formats

/// The block scanner must give the same events wherever its blocks end, and accept exactly what `JSONDecoder`
/// accepts of a value it does not read.
@Suite struct JSONBlockScannerTests {
    /// One line per event (a key or value with its captured bytes), and the error's place and kind if it fails.
    ///
    /// The scanner reads the top-level value and arrays directly inside it token by token; every other value
    /// at depth 1 and all values deeper down are read whole and captured.
    static func log(_ document: [UInt8], blockSize: Int, maximumDepth: Int = 512) -> [String] {
        var scanner = JSONBlockScanner(maximumDepth: maximumDepth)
        var lines: [String] = []
        func captured() -> String { scanner.withCapturedBytes { String(decoding: $0, as: UTF8.self) } }
        func handle(_ event: JSONBlockScanner.Event) {
            switch event {
            case .valueStart(let offset, let byte):
                lines.append("start \(offset) \(Character(Unicode.Scalar(byte)))")
                let entered = scanner.depth == 0 || (scanner.depth == 1 && byte == UInt8(ascii: "["))
                if !entered { scanner.skipValue(capturing: true) }
            case .key(let start, let end):
                lines.append("key \(start)..<\(end) \(captured())")
            case .valueEnd(let start, let end):
                lines.append("value \(start)..<\(end) \(captured())")
            case .containerEnd(let end):
                lines.append("end \(end) depth \(scanner.depth)")
            }
        }
        do {
            var start = 0
            repeat {
                let end = min(document.count, start + blockSize)
                try document[start..<end].withUnsafeBytes { block in
                    scanner.feed(block)
                    while let event = try scanner.next() { handle(event) }
                }
                start = end
            } while start < document.count
            while let event = try scanner.finish() { handle(event) }
            lines.append("complete")
        } catch let error as JSONBlockScanner.SyntaxError {
            lines.append(
                "error at \(error.offset): \(error) (depth \(error.depth), skipped \(error.isInsideSkippedValue))")
        } catch {
            lines.append("not a syntax error: \(error)")
        }
        return lines
    }

    static let documents: [String] = [
        #"{"a" : [1, "two", {"three": [3.5e-2, true]}, null,], "b\"\\" : {"x\u0041" : "\ud83d\ude00"}, "c": -0}"#,
        "\u{FEFF}[false, \"caf\u{E9}\", \"\u{1F600}\"]\r\n\t ",
        #"{"odd" : [01, -, 1e, "\q", {"\x" : "\ud800"}], "trailing": [1,], }"#,
        "[", "{\"a\"", "{\"a\":", "[\"ab", "[\"a\\", "[\"\\u12\"x\"]", "[tru]", "[nul", "[1 2]", "{\"a\" 1}",
        "{\"a\":1 \"b\"}",
        "{,}", "[,]", "[1,,]", "[1] x", "", " \n", "{}", "[]", "5", "-12", "\"text\"", "[\u{0C}1]", "{\"a\":1}}",
    ]

    /// Every document, as one block and in blocks of 1 to 7 bytes: the same events, bytes and errors.
    @Test(arguments: documents.indices)
    func eventsDoNotDependOnWhereBlocksEnd(_ index: Int) {
        let document = Array(Self.documents[index].utf8)
        let whole = Self.log(document, blockSize: max(document.count, 1))
        for blockSize in 1...7 {
            #expect(Self.log(document, blockSize: blockSize) == whole, "block size \(blockSize)")
        }
    }

    @Test func eventsNameEveryTokenOfTheLevelsReadAndWholeValuesBelow() {
        let document = Array(#"{"a" : [1, {"x": [2]}], "b\"" : "\u00e9", "c": {"d": nul}}"#.utf8)
        #expect(
            Self.log(document, blockSize: 3) == [
                "start 0 {", "key 2..<3 a", "start 7 [", "start 8 1", "value 8..<9 1", "start 11 {",
                #"value 11..<21 {"x": [2]}"#,
                "end 22 depth 1", #"key 25..<28 b\""#, #"start 32 ""#, #"value 32..<40 "\u00e9""#, "key 43..<44 c",
                "start 47 {",
                "error at 53: a value is not 'null' (depth 1, skipped true)",
            ])
        #expect(
            Self.log(Array(#"{"a":1}"#.utf8), blockSize: 2) == [
                "start 0 {", "key 2..<3 a", "start 5 1", "value 5..<6 1", "end 7 depth 0", "complete",
            ])
    }

    /// Each error at its place: the offending byte, the literal's start, or the end of the input.
    @Test func errorsNameTheirKindAndOffset() {
        let cases: [(String, Int, JSONBlockScanner.SyntaxError.Kind)] = [
            ("", 0, .noValue), (" \n", 2, .noValue), ("\u{FEFF}", 3, .noValue), ("[", 1, .endsInsideValue),
            ("[\"ab", 4, .endsInsideString), ("[\"a\\", 4, .endsInsideString),
            ("[\"\\u12\"x\"]", 6, .shortUnicodeEscape),
            ("[1, tru]", 4, .misspeltLiteral("true")), ("[nul", 1, .misspeltLiteral("null")),
            ("[1 2]", 3, .unexpected(UInt8(ascii: "2"), .afterElement)),
            ("{\"a\" 1}", 5, .unexpected(UInt8(ascii: "1"), .afterKey)),
            ("{\"a\":1 \"b\"}", 7, .unexpected(UInt8(ascii: "\""), .afterMember)),
            ("{,}", 1, .unexpected(UInt8(ascii: ","), .keyStart)),
            ("[1,,]", 3, .unexpected(UInt8(ascii: ","), .valueStart)),
            ("[1] x", 4, .unexpected(UInt8(ascii: "x"), .afterDocument)),
            ("[\u{0C}1]", 1, .unexpected(0x0C, .valueStart)), ("[[[1]]]", 2, .tooDeep(limit: 2)),
        ]
        for (text, offset, kind) in cases {
            var scanner = JSONBlockScanner(maximumDepth: 2)
            let document = Array(text.utf8)
            let error = #expect(throws: JSONBlockScanner.SyntaxError.self, "\(text.debugDescription)") {
                try document.withUnsafeBytes { block in
                    scanner.feed(block)
                    while let event = try scanner.next() {
                        if case .valueStart = event, scanner.depth > 0 { scanner.skipValue(capturing: false) }
                    }
                    while try scanner.finish() != nil {}
                }
            }
            #expect(error?.offset == offset, "\(text.debugDescription)")
            #expect(error?.kind == kind, "\(text.debugDescription)")
        }
        // A byte-order mark cut short is a value that starts badly, at the start, even in one-byte blocks.
        for prefix in [[0xEF], [0xEF, 0xBB], [0xEF, 0xBB, 0x31]] as [[UInt8]] {
            let expected = "error at 0: unexpected byte 0xef where a value should start (depth 0, skipped false)"
            #expect(Self.log(prefix, blockSize: 1).last == expected)
        }
    }

    /// Decodes a top-level array and reads none of its elements, so that `JSONDecoder` only scans them.
    struct UnreadElements: Decodable {
        init(from decoder: any Decoder) throws {
            _ = try decoder.unkeyedContainer()
        }
    }

    /// Whether the scanner reads `document` through, every element of its top-level array skipped.
    static func scans(_ document: [UInt8]) -> Bool {
        var scanner = JSONBlockScanner()
        do {
            try document.withUnsafeBytes { block in
                scanner.feed(block)
                while let event = try scanner.next() {
                    if case .valueStart = event, scanner.depth > 0 { scanner.skipValue(capturing: false) }
                }
                while try scanner.finish() != nil {}
            }
            return true
        } catch {
            return false
        }
    }

    static func decoderAccepts(_ document: [UInt8]) -> Bool {
        (try? JSONDecoder().decode(UnreadElements.self, from: Data(document))) != nil
    }

    /// Values the decoder only scans: its leniencies (a trailing comma, loose numbers, unchecked escapes) and
    /// its limits, each judged by `JSONDecoder` itself.
    @Test func acceptsWhatTheDecoderAcceptsOfValuesItDoesNotRead() {
        let texts = [
            "[1,]", "[1,,]", "[,]", "[]", "[01, -, 1e, 1.2.3, +1]", "[\"\\q\", \"\\ud800\", \"\\u00G0\"]",
            "[\"\\u12\"]",
            "[tru]", "[true, false, null]", "[{\"a\":1,}]", "[{\"a\" 1}]", "[{1:2}]", "[1 2]", "[1] x", "[1]  \r\n",
            "\u{FEFF}[1]", " \u{FEFF}[1]", "[\u{0C}1]", "[\"a\tb\"]", "[{\"a\":[1,],}]",
            "[" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "]",
            "[" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]",
        ]
        var accepted = 0
        for text in texts {
            let document = Array(text.utf8)
            #expect(Self.scans(document) == Self.decoderAccepts(document), "\(text.prefix(40).debugDescription)")
            if Self.scans(document) { accepted += 1 }
        }
        // Both answers occur, so neither an always-yes nor an always-no scanner passes.
        #expect(accepted > 5 && accepted < texts.count - 5)
    }

    /// Seeded random edits of an array of mixed values: each scanned through exactly when `JSONDecoder` reads it.
    @Test func randomlyEditedValuesAreScannedAsTheDecoderScansThem() {
        let original = Array(
            #"[{"a": [1, -2.5e+3, "x\"y\\z\u00e9"], "b": {"c": null, "d": true}}, "\ud83d\ude00", false, [], {}]"#.utf8)
        let interesting =
            Array("\"\\{}[],:0159-+.eEun /".utf8)
            + [0x00, 0x09, 0x0A, 0x0C, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xFF]
        var generator = SeededGenerator(seed: 41)
        var accepted = 0
        for round in 0..<600 {
            var bytes = original
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let place = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[place] = interesting[Int(generator.next() % UInt64(interesting.count))]
                case 1: bytes.remove(at: place)
                default:
                    let length = Int(generator.next() % 12)
                    bytes.insert(contentsOf: bytes[place..<min(bytes.count, place + length)], at: place)
                }
            }
            let scans = Self.scans(bytes)
            #expect(scans == Self.decoderAccepts(bytes), "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            if scans { accepted += 1 }
        }
        #expect(accepted > 50 && accepted < 550)
    }

    @Test func utf16AndUTF32AreToldFromUTF8() {
        let cases: [([UInt8], Bool)] = [
            ([0xFF, 0xFE, 0x7B, 0x00], true), ([0xFE, 0xFF, 0x00, 0x7B], true), ([0x7B, 0x00, 0x00, 0x00], true),
            ([0x00, 0x00, 0x00, 0x7B], true), ([0xEF, 0xBB, 0xBF, 0x7B], false), (Array("{\"a\"".utf8), false),
            ([], false),
            (Array("{\"a\":1}\u{0}".utf8), false),
        ]
        for (bytes, expected) in cases {
            #expect(bytes.withUnsafeBytes { JSONBlockScanner.startsAsUTF16OrUTF32($0) } == expected, "\(bytes)")
        }
    }
}
