import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

/// The whole-document path (decode a piece at a time into one string built without re-validation,
/// line endings rewritten the same way) against Python's `codecs` and `re`, across piece boundaries.
@Suite struct TextWholeDocumentDecodeTests {
    static let tables: [(SingleByteEncoding, String)] = [
        (.macOSRoman, "mac_roman"), (.windows1252, "cp1252"), (.isoLatin1, "latin-1"),
    ]

    /// Runs `program` with `input` in a file whose path it finds in `INPUT`.
    ///
    /// A file rather than standard input: writing a large input into Python's pipe was interrupted
    /// by a signal (EINTR), which `FileHandle.write` turns into a crash.
    static func runPython(_ program: String, input: some Sequence<UInt8>) throws -> String {
        let folder = try TemporaryDirectory("python-input")
        let file = folder.appending("input")
        try Data(input).write(to: file)
        return try PythonOracle.run("INPUT = '\(file.path)'\n" + program)
    }

    /// Python's decoding of `bytes` as UTF-8 text, or `error:OFFSET` where strict decoding stops.
    static func pythonDecode(_ bytes: [UInt8], codec: String, replacing: Bool) throws -> String {
        try runPython(
            """
            import sys
            data = open(INPUT, 'rb').read()
            try:
                sys.stdout.buffer.write(data.decode('\(codec)', '\(replacing ? "replace" : "strict")').encode('utf-8'))
            except UnicodeDecodeError as error:
                sys.stdout.write('error:%d' % error.start)
            """, input: bytes)
    }

    /// Every byte value, after an `x` that keeps the file from looking like UTF-16, then every byte again
    /// at the end of a second piece and a third that runs over it.
    static func everyByteAcrossPieces() -> [UInt8] {
        let all = (0...255).map { UInt8($0) }
        var bytes: [UInt8] = [UInt8(ascii: "x")] + all
        bytes += TextTranscodingTests.textLike(count: 2 * TextDecoding.eightBitPieceSize - bytes.count - 100, seed: 3)
        bytes += all + TextTranscodingTests.textLike(count: 1_001, seed: 4)
        return bytes
    }

    /// The inputs of the every-byte test: all 256 bytes in one piece, across pieces, and in an input
    /// long enough to be decoded on two threads (every byte value again in its last piece).
    static let everyByteInputs: [[UInt8]] = [
        [UInt8(ascii: "x")] + (0...255).map { UInt8($0) },
        everyByteAcrossPieces(),
        [UInt8(ascii: "x")]
            + TextTranscodingTests.textLike(
                count: TextDecoding.eightBitConcurrentMinimum + 2 * TextDecoding.eightBitPieceSize + 333, seed: 5)
            + (0...255).map { UInt8($0) },
    ]

    /// Python's decoding of every input with every codec, strict and replacing, from one run of Python
    /// (one per case made the suite slow on a loaded machine): keyed `codec input replacing`.
    static let everyByteOracle = Result { () throws -> [String: String] in
        let lengths = everyByteInputs.map { String($0.count) }.joined(separator: ", ")
        let printed = try runPython(
            """
            import json, sys
            data, inputs, start = open(INPUT, 'rb').read(), [], 0
            for length in [\(lengths)]:
                inputs.append(data[start:start + length])
                start += length
            answers = {}
            for codec in ['mac_roman', 'cp1252', 'latin-1']:
                for index, bytes in enumerate(inputs):
                    for errors in ['strict', 'replace']:
                        try:
                            answer = bytes.decode(codec, errors)
                        except UnicodeDecodeError as error:
                            answer = 'error:%d' % error.start
                        answers['%s %d %d' % (codec, index, errors == 'replace')] = answer
            json.dump(answers, sys.stdout)
            """, input: everyByteInputs.joined())
        guard let answers = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: String] else {
            throw UnreadableOracle()
        }
        return answers
    }

    @Test(arguments: tables)
    func everyByteDecodesAsPythonDecodesItWithEveryOption(_ encoding: SingleByteEncoding, _ python: String) throws {
        let oracle = try Self.everyByteOracle.get()
        for (index, bytes) in Self.everyByteInputs.enumerated() {
            for replacing in [false, true] {
                let expected = try #require(oracle["\(python) \(index) \(replacing ? 1 : 0)"])
                let options = [
                    TextCodecOptions(forcedEncoding: .singleByte(encoding), replacesInvalidBytes: replacing),
                    TextCodecOptions(fallbackEncoding: .singleByte(encoding), replacesInvalidBytes: replacing),
                ]
                for option in options {
                    let codec = PlainTextCodec(options: option)
                    let label = "\(encoding.name), \(bytes.count) bytes, \(option)"
                    if expected.hasPrefix("error:") {
                        let error = try #require(throws: CodecError.self, "\(label)") {
                            try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
                        }
                        #expect(error.code == "text.invalid-bytes", "\(label)")
                        #expect(error.location == .byte(Int(expected.dropFirst(6)) ?? -1), "\(label)")
                        continue
                    }
                    let document = try codec.decode(
                        FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
                    #expect(Array(document.text.utf8) == Array(expected.utf8), "\(label)")
                    #expect(document.encoding == .singleByte(encoding) && !document.hasByteOrderMark)
                    let reference = TextTranscodingTests.reference(bytes, encoding, replacing: replacing)
                    #expect(document.replacedSequenceCount == reference.replaced, "\(label)")
                    // The text re-encodes to the bytes read, where every byte was defined.
                    if reference.replaced == 0 {
                        #expect(try document.encoded() == Data(bytes), "\(label)")
                    }
                }
            }
        }
    }

    /// Undefined bytes in the first, a middle and the last piece, in inputs decoded on one thread and on two.
    @Test(arguments: [
        3 * TextDecoding.eightBitPieceSize,
        TextDecoding.eightBitConcurrentMinimum + 3 * TextDecoding.eightBitPieceSize + 5,
    ])
    func anUndefinedByteIsReportedAtItsOffsetInTheFileWhicheverPieceHoldsIt(_ length: Int) throws {
        let piece = TextDecoding.eightBitPieceSize
        for offsets in [[17], [2 * piece + 17, 2 * piece + 22], [length - 1], [piece - 1, length - 2]] {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
            for offset in offsets { bytes[offset] = 0x81 }
            let strict = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(.windows1252)))
            let error = try #require(throws: CodecError.self, "\(length) bytes, 0x81 at \(offsets)") {
                try strict.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
            }
            #expect(error.code == "text.invalid-bytes")
            #expect(error.location == .byte(offsets[0]), "\(length) bytes, 0x81 at \(offsets)")
            #expect(error.message == "the byte 0x81 is not valid windows-1252")

            let replacing = PlainTextCodec(
                options: TextCodecOptions(forcedEncoding: .singleByte(.windows1252), replacesInvalidBytes: true))
            let document = try replacing.decode(
                FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
            #expect(document.replacedSequenceCount == offsets.count)
            var expected = Array(repeating: UInt8(ascii: "a"), count: length)
            for offset in offsets.reversed() { expected.replaceSubrange(offset...offset, with: [0xEF, 0xBF, 0xBD]) }
            #expect(Array(document.text.utf8) == expected, "\(length) bytes, 0x81 at \(offsets)")
        }
        #expect(try Self.pythonDecode([0x61, 0x81], codec: "cp1252", replacing: false) == "error:1")
    }

    @Test func theBenchmarkedPathWritesWhatPythonWritesForALargeMacOSRomanFile() throws {
        let folder = try TemporaryDirectory("whole-document")
        let source = folder.appending("classic.txt"), destination = folder.appending("utf8.txt")
        let bytes = Self.everyByteInputs[2] + [0x8E, 0x0D]
        try Data(bytes).write(to: source)
        let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(.macOSRoman)))
        let document = try codec.decode(FileWrapper(url: source, options: .immediate), contentType: .plainText)
        try TextDocument(text: document.text).write(to: destination)
        let expected = try Self.pythonDecode(bytes, codec: "mac_roman", replacing: false)
        #expect(try Data(contentsOf: destination) == Data(expected.utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "classic.txt", "utf8.txt",
            ])
    }

    /// Python printed something other than the JSON asked for.
    struct UnreadableOracle: Error {}

    // MARK: Line endings

    /// Python's rewrite of every CR LF, lone CR and LF of every text into each ending, and how many
    /// endings differed from it, from one run of Python: keyed `text-index ending`, `[changed, text]`.
    static let lineEndingOracle = Result { () throws -> [String: (changed: Int, text: String)] in
        let texts = lineEndingTexts
        let lengths = texts.map { String($0.utf8.count) }.joined(separator: ", ")
        let printed = try runPython(
            """
            import json, re, sys
            data, texts, start = open(INPUT, 'rb').read(), [], 0
            for length in [\(lengths)]:
                texts.append(data[start:start + length].decode('utf-8'))
                start += length
            answers = {}
            for index, text in enumerate(texts):
                for name, ending in [('lf', '\\n'), ('crlf', '\\r\\n'), ('cr', '\\r')]:
                    changed = sum(1 for match in re.finditer('\\r\\n|\\r|\\n', text) if match.group() != ending)
                    answers['%d %s' % (index, name)] = [changed, re.sub('\\r\\n|\\r|\\n', ending, text)]
            json.dump(answers, sys.stdout)
            """, input: texts.map { Array($0.utf8) }.joined())
        guard let answers = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: [Any]] else {
            throw UnreadableOracle()
        }
        return try answers.mapValues { answer in
            guard let changed = answer.first as? Int, let text = answer.last as? String else {
                throw UnreadableOracle()
            }
            return (changed, text)
        }
    }

    /// Texts whose line endings and multi-byte characters fall on and beside the pieces' boundaries.
    static let lineEndingTexts: [String] = {
        let piece = NormalizedUTF8.pieceSize
        var generator = SeededGenerator(seed: 1_984)
        let alphabet = ["a", "b", " ", "é", "€", "𝄞", "\r", "\n", "\r\n", "\r\r", "\n\r"]
        var random = ""
        while random.utf8.count < 3 * piece + 5 { random += alphabet.randomElement(using: &generator) ?? "" }
        let filler = { (count: Int) in String(repeating: "a", count: count) }
        return [
            "", "\r", "\n", "\r\n", "\r\r\n", "\n\r", "a\r", "plain",
            random,
            filler(piece - 1) + "\r\n" + filler(10) + "\r",  // the CR is the last byte of the first piece
            filler(piece - 2) + "\r\n\r\n",  // a pair on each side of the boundary
            filler(piece - 1) + "\r" + "b",  // a lone CR at the boundary
            filler(piece - 2) + "𝄞\n",  // a four-byte character across the boundary
            filler(piece - 1) + "é\r\n",
            String(repeating: "\r", count: 2 * piece + 3),
            String(repeating: "€\r\n", count: piece / 2),
        ]
    }()

    @Test(arguments: LineEnding.allCases)
    func lineEndingsAreRewrittenAsPythonRewritesThem(_ ending: LineEnding) throws {
        let oracle = try Self.lineEndingOracle.get()
        let normalization = NormalizedUTF8(lineEnding: ending)
        for (index, text) in Self.lineEndingTexts.enumerated() {
            let answer = try #require(oracle["\(index) \(ending.rawValue)"])
            let (expectedChanged, expectedText) = answer
            let document = TextDocument(text: text, encoding: .singleByte(.macOSRoman), hasByteOrderMark: false)
            let (normalized, changes) = normalization.apply(to: document)
            #expect(Array(normalized.text.utf8) == Array(expectedText.utf8), "text \(index), \(ending)")
            #expect(changes.changedLineEndings == expectedChanged, "text \(index), \(ending)")
            #expect(normalized.encoding == .utf8 && !normalized.hasByteOrderMark)
        }
    }

    // MARK: Mutation

    @Test func aMutatedDocumentEncodesAndWritesItsNewTextAndItsCopyKeepsTheOld() throws {
        let folder = try TemporaryDirectory("whole-document")
        let bytes = Self.everyByteAcrossPieces()
        let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(.macOSRoman)))
        let original = try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
        var edited = original
        edited.text.append("é!")
        edited.text.replaceSubrange(
            edited.text.startIndex..<edited.text.index(after: edited.text.startIndex), with: "Ω")
        #expect(try edited.encoded() == Data([0xBD] + bytes.dropFirst() + [0x8E, 0x21]))
        #expect(try original.encoded() == Data(bytes))
        #expect(edited != original)

        var utf8 = TextDocument(text: original.text)
        let before = Data(original.text.utf8)
        utf8.text.append("\u{1D11E}")
        try utf8.write(to: folder.appending("edited.txt"))
        #expect(try Data(contentsOf: folder.appending("edited.txt")) == before + Data("\u{1D11E}".utf8))
        utf8.text = "short"
        try utf8.write(to: folder.appending("edited.txt"))
        #expect(try Data(contentsOf: folder.appending("edited.txt")) == Data("short".utf8))
    }
}
