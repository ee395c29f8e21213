import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct PlainTextCodecTests {
    let codec = PlainTextCodec()

    func decode(_ bytes: [UInt8], _ codec: PlainTextCodec = PlainTextCodec()) throws -> TextDocument {
        try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
    }

    func encode(_ document: TextDocument) throws -> [UInt8] {
        Array(try codec.encode(document, previous: nil, contentType: .plainText).regularFileContents ?? Data())
    }

    @Test func keepsAByteOrderMarkAndMixedLineEndingsByteForByte() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("one\r\ntwo\nthree\rfour é\r\n".utf8)
        let document = try decode(bytes)
        #expect(document.encoding == .utf8 && document.hasByteOrderMark)
        #expect(document.text == "one\r\ntwo\nthree\rfour é\r\n")
        #expect(document.lineEndingStyle == .mixed && document.hasTrailingNewline)
        #expect(try encode(document) == bytes)
    }

    /// Python's bytes for `text` in each encoding, with and without its byte-order mark, with each line ending.
    static let pythonEncodings: [(python: String, encoding: TextEncoding, mark: [UInt8])] = [
        ("utf-8", .utf8, [0xEF, 0xBB, 0xBF]), ("utf-16-le", .utf16LittleEndian, [0xFF, 0xFE]),
        ("utf-16-be", .utf16BigEndian, [0xFE, 0xFF]), ("utf-32-le", .utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
        ("utf-32-be", .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]), ("mac_roman", .singleByte(.macOSRoman), []),
        ("cp1252", .singleByte(.windows1252), []), ("latin-1", .singleByte(.isoLatin1), []), ("ascii", .ascii, []),
    ]

    static func pythonBytes(_ text: String, _ codec: String) throws -> [UInt8] {
        try pythonBytes([(text, codec)])[0]
    }

    /// Python's encoding of each text with its codec, in one run of Python.
    static func pythonBytes(_ requests: [(text: String, codec: String)]) throws -> [[UInt8]] {
        let input = try JSONSerialization.data(withJSONObject: requests.map { [$0.text, $0.codec] })
        let printed = try PythonOracle.run(
            """
            import json, sys
            for text, codec in json.loads(sys.stdin.read()):
                print(text.encode(codec).hex())
            """, input: input)
        return printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            let digits = Array(line)
            return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0..<$0 + 2]), radix: 16) }
        }
    }

    static func sample(_ encoding: TextEncoding, _ ending: LineEnding) -> String {
        let sample =
            switch encoding {
            case .ascii: "plain text\nsecond line\n"
            case .singleByte(.isoLatin1): "Café ½ naïve ÿ\nsecond line\n"
            default: "Café “quoted” — 10 € fine\nsecond line\n"
            }
        return sample.replacingOccurrences(of: "\n", with: ending.characters)
    }

    @Test(arguments: LineEnding.allCases)
    func everyEncodingByteOrderMarkAndLineEndingIsKeptByteForByte(_ ending: LineEnding) throws {
        let bodies = try Self.pythonBytes(Self.pythonEncodings.map { (Self.sample($0.encoding, ending), $0.python) })
        #expect(bodies.count == Self.pythonEncodings.count)
        for ((python, encoding, mark), body) in zip(Self.pythonEncodings, bodies) {
            let text = Self.sample(encoding, ending)
            for withMark in mark.isEmpty ? [false] : [false, true] {
                let bytes = (withMark ? mark : []) + body
                // Forced: every encoding reads its own bytes back; detected: where detection can tell (a mark, UTF-8,
                // UTF-16 with NULs).
                let forced = try decode(bytes, PlainTextCodec(options: TextCodecOptions(forcedEncoding: encoding)))
                #expect(
                    forced.text == text && forced.encoding == encoding && forced.hasByteOrderMark == withMark,
                    "\(python) \(withMark)")
                #expect(
                    forced.lineEndingStyle == LineEndingStyle(rawValue: ending.rawValue) && forced.hasTrailingNewline)
                #expect(try encode(forced) == bytes, "\(python) mark \(withMark) \(ending)")
                if withMark || encoding == .utf8 || encoding == .utf16LittleEndian || encoding == .utf16BigEndian {
                    let detected = try decode(bytes)
                    #expect(detected == forced, "detected \(detected.encoding) for \(python) mark \(withMark)")
                }
            }
        }
    }

    @Test func utf16WithoutAByteOrderMarkIsDetectedInBothByteOrders() throws {
        let text = "Grüße aus Köln 😀\r\n"
        let little = try decode(Self.pythonBytes(text, "utf-16-le"))
        #expect(little.encoding == .utf16LittleEndian && !little.hasByteOrderMark && little.text == text)
        let big = try decode(Self.pythonBytes(text, "utf-16-be"))
        #expect(big.encoding == .utf16BigEndian && !big.hasByteOrderMark && big.text == text)
    }

    @Test func theByteOrderMarksAreSniffedInCoreFoundationsOrder() throws {
        // FF FE 00 00 is UTF-32LE (checked before UTF-16LE), FF FE alone UTF-16LE.
        #expect(try decode([0xFF, 0xFE, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00]).encoding == .utf32LittleEndian)
        #expect(try decode([0xFF, 0xFE, 0x41, 0x00]).encoding == .utf16LittleEndian)
        #expect(try decode([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x41]).encoding == .utf32BigEndian)
        #expect(try decode([0xFE, 0xFF, 0x00, 0x41]).encoding == .utf16BigEndian)
        #expect(
            try decode([0xEF, 0xBB, 0xBF, 0x41]) == TextDocument(text: "A", encoding: .utf8, hasByteOrderMark: true))
        // Pure ASCII is UTF-8, even with a fallback declared.
        let withFallback = PlainTextCodec(options: TextCodecOptions(fallbackEncoding: .singleByte(.macOSRoman)))
        #expect(try decode(Array("ascii\n".utf8), withFallback).encoding == .utf8)
        #expect(try decode([0x63, 0x61, 0x66, 0x8E], withFallback).text == "café")
    }

    /// Byte strings whose validity Python's strict UTF-8 decoder judges independently.
    static let samples: [[UInt8]] = [
        Array("plain ascii".utf8),
        Array("é ∆ 😀".utf8),
        [0x61, 0x80, 0x62],  // a lone continuation byte
        [0x61, 0xC3],  // a truncated two-byte sequence at the end
        [0xC0, 0xAF],  // an overlong encoding of '/'
        [0x61, 0x62, 0xED, 0xA0, 0x80],  // an encoded surrogate
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        [0x68, 0x69, 0xF5, 0x80],  // a byte that never appears in UTF-8
        [0xE2, 0x82, 0xAC, 0xE2, 0x82],  // a valid euro sign, then a truncated one
        [0xEF, 0xBB, 0xBF, 0xFF],  // a byte-order mark, then 0xFF
    ]

    @Test func anUndecodableByteIsReportedAtTheOffsetPythonGives() throws {
        let input = Self.samples.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n")
        let oracle = try PythonOracle.run(
            """
            import sys
            for line in sys.stdin.read().split('\\n'):
                try:
                    bytes.fromhex(line).decode('utf-8')
                    print('valid')
                except UnicodeDecodeError as error:
                    print(error.start)
            """, input: Data(input.utf8)
        ).split(separator: "\n").map(String.init)
        #expect(oracle.count == Self.samples.count)
        let strict = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .utf8))
        for (bytes, answer) in zip(Self.samples, oracle) {
            do {
                let document = try decode(bytes, strict)
                #expect(answer == "valid", "\(bytes)")
                #expect(try encode(document) == bytes)
            } catch let error as CodecError {
                #expect(error.code == "text.invalid-bytes")
                #expect(error.message.contains("utf-8"))
                #expect(error.location == .byte(try #require(Int(answer))), "python says \(answer) for \(bytes)")
            }
        }
    }

    @Test func withoutAFallbackUnknownBytesAreUndetectableAndTheMessageSaysWhatToDo() throws {
        let error = try #require(throws: CodecError.self) { try decode(Array("caf".utf8) + [0xE9, 0x0A]) }
        #expect(error.code == "text.undetectable-encoding")
        #expect(error.location == .byte(3))
        #expect(error.message.contains("--fallback-encoding"))
    }

    @Test func invalidBytesOfEachEncodingAreNamedWithTheirOffset() throws {
        let cases: [(TextEncoding, [UInt8], Int)] = [
            (.utf16LittleEndian, [0x41, 0x00, 0x00, 0xD8, 0x42, 0x00], 2),  // a high surrogate, then 'B'
            (.utf16BigEndian, [0xFE, 0xFF, 0x00, 0x41, 0xDC, 0x00], 4),  // a lone low surrogate after the mark
            (.utf16LittleEndian, [0x41, 0x00, 0x42], 2),  // half a code unit
            (.utf32BigEndian, [0x00, 0x00, 0x00, 0x41, 0x00, 0x11, 0x00, 0x00], 4),  // past U+10FFFF
            (.utf32LittleEndian, [0x41, 0x00, 0x00, 0x00, 0x42], 4),  // a truncated code unit
            (.singleByte(.windows1252), [0x61, 0x62, 0x9D], 2),  // undefined in Windows-1252
            (.ascii, [0x61, 0xE9], 1),
        ]
        for (encoding, bytes, offset) in cases {
            let error = try #require(throws: CodecError.self) {
                try decode(bytes, PlainTextCodec(options: TextCodecOptions(forcedEncoding: encoding)))
            }
            #expect(error.code == "text.invalid-bytes", "\(encoding)")
            #expect(error.location == .byte(offset), "\(encoding)")
            #expect(error.message.hasSuffix("is not valid \(encoding.name)"), "\(error.message)")
        }
    }

    @Test func aCharacterTheEncodingCannotHoldIsNamedWithItsIndex() throws {
        let document = TextDocument(text: "ab\r\nc∆d", encoding: .singleByte(.isoLatin1), hasByteOrderMark: false)
        let error = try #require(throws: CodecError.self) { try encode(document) }
        #expect(error.code == "text.unencodable-character")
        #expect(
            error.message.contains("U+2206 '∆'") && error.message.contains("index 5")
                && error.message.contains("iso-8859-1"))
        #expect(error.location == .line(2, column: 2))
        let ascii = TextDocument(text: "é", encoding: .ascii, hasByteOrderMark: false)
        #expect(throws: CodecError.self) { try encode(ascii) }
        // Mac OS Roman holds ∆ (0xC6): the same text saves there.
        #expect(
            try encode(TextDocument(text: "∆", encoding: .singleByte(.macOSRoman), hasByteOrderMark: false)) == [0xC6])
    }

    @Test func optionsAreCheckedAndNamed() throws {
        #expect(try TextCodecOptions(["encoding": "MacRoman"]).forcedEncoding == .singleByte(.macOSRoman))
        #expect(
            try TextCodecOptions(["fallback-encoding": "windows-1252", "replace-invalid": "true"])
                == TextCodecOptions(
                    fallbackEncoding: .singleByte(.windows1252), replacesInvalidBytes: true))
        let unknown = try #require(throws: CodecError.self) { try TextCodecOptions(["encoding": "ebcdic"]) }
        #expect(
            unknown.code == "text.unknown-encoding" && unknown.location == .keyPath("encoding")
                && unknown.message.contains("macintosh"))
        let notEightBit = try #require(throws: CodecError.self) {
            try TextCodecOptions(["fallback-encoding": "utf-16le"])
        }
        #expect(
            notEightBit.code == "codec.option.invalid-value" && notEightBit.location == .keyPath("fallback-encoding"))
        let name = try #require(throws: CodecError.self) { try PlainTextCodec.configured(["colour": "red"]) }
        #expect(
            name.code == "codec.option.unknown" && name.message.contains("plain-text")
                && name.location == .keyPath("colour"))
    }

    @Test func writingToAURLGivesTheSameBytesAsEncodingForEveryForm() throws {
        let folder = try TemporaryDirectory("text-write")
        let documents = [
            TextDocument(text: "plain UTF-8 é\r\n"), TextDocument(text: ""),
            TextDocument(text: "marked", encoding: .utf8, hasByteOrderMark: true),
            TextDocument(text: "Ω\r", encoding: .utf16BigEndian, hasByteOrderMark: false),
            TextDocument(text: "∆\n", encoding: .singleByte(.macOSRoman), hasByteOrderMark: false),
        ]
        for (index, document) in documents.enumerated() {
            let url = folder.appending("\(index).txt")
            try document.write(to: url)
            #expect(try Data(contentsOf: url) == document.encoded(), "\(document.encoding)")
        }
        let unencodable = TextDocument(text: "😀", encoding: .singleByte(.isoLatin1), hasByteOrderMark: false)
        #expect(throws: CodecError.self) { try unencodable.write(to: folder.appending("never.txt")) }
        #expect(!FileManager.default.fileExists(atPath: folder.appending("never.txt").path))
    }

    @Test func aFolderIsNotPlainText() {
        let error = #expect(throws: CodecError.self) {
            try codec.decode(FileWrapper(directoryWithFileWrappers: [:]), contentType: .plainText)
        }
        #expect(error?.code == "text.not-a-file")
    }

    @Test func explainsTheEncodingTheMarkAndTheFirstDifferenceByLineAndColumn() {
        let differences = codec.differences(
            expected: TextDocument(text: "alpha\r\nbeta\rgamma"), actual: TextDocument(text: "alpha\r\nbeta\rgamMa"))
        #expect(
            differences == [
                SnapshotDifference(
                    path: "text line 3, column 4", expected: "'m'", actual: "'M'", summary: "the text differs")
            ])
        #expect(codec.differences(expected: TextDocument(text: "same"), actual: TextDocument(text: "same")).isEmpty)
        #expect(
            codec.differences(expected: TextDocument(text: "a\r\n"), actual: TextDocument(text: "a\n")).first?.expected
                == "U+000D")
        let stored = codec.differences(
            expected: TextDocument(text: "x", encoding: .utf16LittleEndian, hasByteOrderMark: true),
            actual: TextDocument(text: "x"))
        #expect(stored.map(\.path) == ["encoding", "byte-order mark"])
        #expect(stored.first?.expected == "utf-16le" && stored.first?.actual == "utf-8")
    }

    @Test func snapshotsAreEqualOnlyForTheSameScalars() {
        // Canonically equivalent, but other bytes: not the same document.
        #expect(TextDocument(text: "caf\u{E9}") != TextDocument(text: "cafe\u{301}"))
        #expect(TextDocument(text: "a") == TextDocument(text: "a", encoding: .utf8, hasByteOrderMark: false))
    }

    @Test(arguments: [
        ("", LineEndingStyle.none, false), ("one line", .none, false), ("a\nb\n", .lf, true), ("a\r\nb", .crlf, false),
        ("a\rb\r", .cr, true), ("a\nb\r\n", .mixed, true), ("a\r\rb", .cr, false), ("a\r\n\nb", .mixed, false),
    ])
    func theLineEndingStyleAndTrailingNewlineAreReported(_ text: String, _ style: LineEndingStyle, _ trailing: Bool) {
        let document = TextDocument(text: text)
        #expect(document.lineEndingStyle == style)
        #expect(document.hasTrailingNewline == trailing)
    }
}
