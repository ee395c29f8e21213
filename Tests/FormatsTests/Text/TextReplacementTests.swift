import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct TextReplacementTests {
    /// Malformed UTF-8 in the manner of Markus Kuhn's test file, generated: every lone byte from 0x80,
    /// every start byte followed by each boundary continuation and by a non-continuation, truncations of
    /// 2- to 4-byte sequences, overlong forms, encoded surrogates, scalars past U+10FFFF, and random
    /// concatenations of all of them with valid text (fixed seed).
    static func malformedSamples() -> [[UInt8]] {
        var samples: [[UInt8]] = (0x80...0xFF).map { [0x61, UInt8($0), 0x62] }
        for lead in [0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE] as [UInt8] {
            for next in [0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0x41] as [UInt8] {
                samples.append([lead, next])
                samples.append([lead, next, 0x80])
                samples.append([lead, next, 0x80, 0x80, 0x41])
            }
        }
        samples += [
            [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xF8, 0x80, 0x80, 0x80, 0xAF], [0xC1, 0xBF],
            [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xAF, 0xBF, 0xED, 0xB0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
            [0xF0, 0x9F, 0x98],
            [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF],  // valid noncharacters: kept as they are
        ]
        var generator = SeededGenerator(seed: 0x4B75686E)
        let pieces = samples + [Array("ok ".utf8), Array("é∆😀".utf8), [0x0A], [0x0D, 0x0A]]
        for _ in 0..<300 {
            var sample: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                sample += pieces.randomElement(using: &generator) ?? []
            }
            samples.append(sample)
        }
        return samples
    }

    @Test func replacementMatchesPythonsDecodeReplaceOnGeneratedMalformedSequences() throws {
        let samples = Self.malformedSamples()
        let input = samples.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n")
        let printed = try PythonOracle.run(
            """
            import sys
            for line in sys.stdin.read().split('\\n'):
                text = bytes.fromhex(line).decode('utf-8', 'replace')
                print(text.encode('utf-8').hex() + ' ' + str(text.count('\\ufffd')))
            """, input: Data(input.utf8))
        let answers = printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(answers.count == samples.count)
        let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .utf8, replacesInvalidBytes: true))
        for (sample, answer) in zip(samples, answers) {
            let parts = answer.split(separator: " ").map(String.init)
            let document = try codec.decode(FileWrapper(regularFileWithContents: Data(sample)), contentType: .plainText)
            #expect(document.text.utf8.map { String(format: "%02x", $0) }.joined() == parts.first, "\(sample)")
            #expect(document.replacedSequenceCount == Int(parts.last ?? ""), "\(sample)")
        }
        #expect(samples.count > 500)
    }

    @Test func theReplacementCountIsRecordedAndStrictDecodingRefusesTheSameBytes() throws {
        let bytes: [UInt8] = [0x61, 0xF0, 0x9F, 0x98, 0x62, 0xFF, 0xC0, 0xAF]
        let replacing = PlainTextCodec(options: TextCodecOptions(replacesInvalidBytes: true))
        let document = try replacing.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
        // Python: 'a\ufffdb\ufffd\ufffd\ufffd' (a truncated 4-byte sequence is one maximal subpart).
        #expect(document.text == "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(document.replacedSequenceCount == 4)
        #expect(throws: CodecError.self) {
            try PlainTextCodec().decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
        }
    }

    @Test func replacementInTheOtherEncodingsGivesOneReplacementCharacterPerBadUnit() throws {
        func decode(_ bytes: [UInt8], _ encoding: TextEncoding) throws -> TextDocument {
            try PlainTextCodec(options: TextCodecOptions(forcedEncoding: encoding, replacesInvalidBytes: true))
                .decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
        }
        #expect(
            try decode([0x41, 0x00, 0x00, 0xD8, 0x42, 0x00, 0x43], .utf16LittleEndian).text == "A\u{FFFD}B\u{FFFD}")
        #expect(try decode([0x61, 0x81, 0x62], .singleByte(.windows1252)).text == "a\u{FFFD}b")
        #expect(try decode([0x61, 0xE9], .ascii).replacedSequenceCount == 1)
        #expect(try decode([0x00, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x41], .utf32BigEndian).text == "\u{FFFD}A")
    }
}
