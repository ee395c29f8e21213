import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct SingleByteEncodingTests {
    static let tables: [(SingleByteEncoding, String)] = [
        (.macOSRoman, "mac_roman"), (.windows1252, "cp1252"), (.isoLatin1, "latin-1"),
    ]

    /// Python's decoding of every byte: `byte:scalar` in hex, or `byte:-` where the codec defines none.
    static func pythonDecoding(_ codec: String) throws -> [UInt8: UInt32?] {
        let printed = try PythonOracle.run(
            """
            for b in range(256):
                try:
                    print('%02x:%x' % (b, ord(bytes([b]).decode('\(codec)'))))
                except UnicodeDecodeError:
                    print('%02x:-' % b)
            """)
        var table: [UInt8: UInt32?] = [:]
        for line in printed.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let byte = UInt8(parts[0], radix: 16) else { continue }
            table[byte] = parts[1] == "-" ? .some(nil) : UInt32(parts[1], radix: 16)
        }
        return table
    }

    /// Every scalar of the Basic Multilingual Plane that Python's codec can encode, with its byte.
    static func pythonEncoding(_ codec: String) throws -> [UInt32: UInt8] {
        let printed = try PythonOracle.run(
            """
            for c in range(0x10000):
                if 0xD800 <= c <= 0xDFFF: continue
                try:
                    print('%x:%02x' % (c, chr(c).encode('\(codec)')[0]))
                except UnicodeEncodeError:
                    pass
            """)
        var table: [UInt32: UInt8] = [:]
        for line in printed.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let scalar = UInt32(parts[0], radix: 16), let byte = UInt8(parts[1], radix: 16)
            else { continue }
            table[scalar] = byte
        }
        return table
    }

    @Test(arguments: tables)
    func everyByteDecodesAsPythonDecodesIt(_ encoding: SingleByteEncoding, _ python: String) throws {
        let oracle = try Self.pythonDecoding(python)
        #expect(oracle.count == 256)
        for byte in UInt8.min...UInt8.max {
            let expected = try #require(oracle[byte])
            #expect(encoding.scalar(for: byte)?.value == expected, "\(encoding.name) byte 0x\(String(byte, radix: 16))")
        }
        // The same through the codec: all 256 bytes in one file, forced to this encoding.
        let defined = (UInt8.min...UInt8.max).filter { oracle[$0] != .some(nil) }
        let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(encoding)))
        let document = try codec.decode(FileWrapper(regularFileWithContents: Data(defined)), contentType: .plainText)
        #expect(document.text.unicodeScalars.map(\.value) == defined.compactMap { oracle[$0] ?? nil })
        #expect(try codec.encode(document, previous: nil, contentType: .plainText).regularFileContents == Data(defined))
    }

    @Test(arguments: tables)
    func everyCharacterOfThePlaneEncodesAsPythonEncodesIt(_ encoding: SingleByteEncoding, _ python: String) throws {
        let oracle = try Self.pythonEncoding(python)
        #expect(oracle.count >= 251)
        var checked = 0
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if encoding.byte(for: scalar) != oracle[value] { disagreements.append("U+" + String(value, radix: 16)) }
            checked += 1
        }
        #expect(disagreements.isEmpty, "\(encoding.name): \(disagreements.prefix(10))")
        #expect(checked == 0x10000 - 0x800)
    }

    @Test func macOSRomanHasTheBytesThatFoundationOnLinuxGetsWrong() throws {
        #expect(SingleByteEncoding.macOSRoman.scalar(for: 0x8E) == "é")
        #expect(SingleByteEncoding.macOSRoman.scalar(for: 0xDB) == "€")
        #expect(SingleByteEncoding.macOSRoman.scalar(for: 0xF0) == "\u{F8FF}")
        #expect(SingleByteEncoding.macOSRoman.byte(for: "\u{FB02}") == 0xDF)
        #expect(SingleByteEncoding.windows1252.scalar(for: 0x81) == nil)
    }
}
