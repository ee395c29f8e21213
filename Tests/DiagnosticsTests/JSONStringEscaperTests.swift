import Diagnostics
import Foundation
import TestSupport
import Testing

@Suite struct JSONStringEscaperTests {
    /// Every ASCII scalar, the C1 range's ends, the separators JavaScript treats as line ends, a noncharacter,
    /// a combining mark and a scalar outside the BMP: each in a string of its own and all together.
    static let samples: [String] = {
        var scalars = (0..<0x80).compactMap(Unicode.Scalar.init)
        scalars += [0x80, 0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF, 0x301, 0x1F600].compactMap(Unicode.Scalar.init)
        var strings = scalars.map { String(Character($0)) }
        strings.append(String(String.UnicodeScalarView(scalars)))
        strings += ["", "a/b", "\r\n", "tab\there \"quoted\" back\\slash"]
        return strings
    }()

    @Test func pythonsJSONReadsBackEveryString() throws {
        let literals = Self.samples.map { JSONStringEscaper.quoted($0) }
        // One literal a line: a raw LF can only be the separator, since the escaper escapes every LF.
        let program = """
            import sys, json
            for line in sys.stdin.buffer.read().split(b"\\n")[:-1]:
                print(json.dumps([ord(c) for c in json.loads(line.decode("utf-8"))]))
            """
        let printed = try PythonOracle.run(program, input: Data(literals.map { $0 + "\n" }.joined().utf8))
        let expected = Self.samples.map { sample in
            "[" + sample.unicodeScalars.map { String($0.value) }.joined(separator: ", ") + "]"
        }
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines == expected)
    }

    @Test(arguments: [false, true]) func writesTheBytesJSONEncoderWrites(escapingSlashes: Bool) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = escapingSlashes ? [] : [.withoutEscapingSlashes]
        for sample in Self.samples {
            let encoded = String(decoding: try encoder.encode([sample]), as: UTF8.self)
            #expect("[" + JSONStringEscaper.quoted(sample, escapingSlashes: escapingSlashes) + "]" == encoded)
        }
    }

    @Test func namesTheShortEscapesAndLowercaseHex() {
        #expect(JSONStringEscaper.quoted("\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}") == #""\b\f\n\r\t\u0000\u001f\#u{7F}""#)
        #expect(JSONStringEscaper.quoted("a/b") == #""a/b""#)
        #expect(JSONStringEscaper.quoted("a/b", escapingSlashes: true) == #""a\/b""#)
    }

    @Test func appendsUTF8BytesAsTheStringForm() {
        for sample in Self.samples {
            var bytes: [UInt8] = [0x41]
            var text = sample
            text.withUTF8 { JSONStringEscaper.append(utf8: $0, to: &bytes) }
            #expect(bytes == [0x41] + Array(JSONStringEscaper.quoted(sample).utf8))
        }
    }
}
