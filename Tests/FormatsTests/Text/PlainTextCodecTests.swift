import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct PlainTextCodecTests {
    let codec = PlainTextCodec()

    @Test func keepsAByteOrderMarkAndMixedLineEndingsByteForByte() throws {
        let bytes = Data([0xEF, 0xBB, 0xBF]) + Data("one\r\ntwo\nthree\rfour é\r\n".utf8)
        let text = try codec.decode(FileWrapper(regularFileWithContents: bytes), contentType: .utf8PlainText)
        let encoded = try codec.encode(text, previous: nil, contentType: .utf8PlainText)
        #expect(encoded.regularFileContents == bytes)
    }

    /// Byte strings whose validity Python's strict UTF-8 decoder judges independently.
    static let samples: [[UInt8]] = [
        Array("plain ascii".utf8),
        Array("é ∆ 😀".utf8),
        [0x61, 0x80, 0x62],                    // a lone continuation byte
        [0x61, 0xC3],                          // a truncated two-byte sequence at the end
        [0xC0, 0xAF],                          // an overlong encoding of '/'
        [0x61, 0x62, 0xED, 0xA0, 0x80],        // an encoded surrogate
        [0xF4, 0x90, 0x80, 0x80],              // past U+10FFFF
        [0x68, 0x69, 0xF5, 0x80],              // a byte that never appears in UTF-8
        [0xE2, 0x82, 0xAC, 0xE2, 0x82],        // a valid euro sign, then a truncated one
        [0xEF, 0xBB, 0xBF, 0xFF],              // a byte-order mark, then 0xFF
    ]

    @Test(arguments: samples)
    func agreesWithPythonOnValidityAndTheOffsetOfTheFirstBadByte(_ bytes: [UInt8]) throws {
        let oracle = try PythonOracle.run("""
            import sys
            data = sys.stdin.buffer.read()
            try:
                data.decode('utf-8')
                print('valid')
            except UnicodeDecodeError as error:
                print(error.start)
            """, input: Data(bytes)).trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            let text = try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .utf8PlainText)
            #expect(oracle == "valid")
            #expect(Array(text.utf8) == bytes)
        } catch let error as CodecError {
            #expect(error.code == "plain-text.invalid-utf8")
            #expect(error.location == .byte(try #require(Int(oracle))), "python says \(oracle)")
        }
    }

    @Test func aFolderIsNotPlainText() {
        #expect(throws: CodecError.self) {
            try codec.decode(FileWrapper(directoryWithFileWrappers: [:]), contentType: .plainText)
        }
    }

    @Test func explainsTheFirstDifferenceByLineAndColumn() {
        let differences = codec.differences(expected: "alpha\nbeta\ngamma", actual: "alpha\nbeta\ngamMa")
        #expect(differences == [SnapshotDifference(path: "line 3, column 4", expected: "'m'", actual: "'M'", summary: "the text differs")])
        #expect(codec.differences(expected: "same", actual: "same").isEmpty)
        #expect(codec.differences(expected: "a\r\n", actual: "a\n").first?.expected == "U+000D")
    }
}
