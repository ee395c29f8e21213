import Formats
import Foundation
import Testing

/// The readings a text comparison takes of a file's bytes: strict UTF-8 in place, with the offset of the first bad
/// byte.
@Suite struct TextDecodingReadingsTests {
    /// Decoding in place gives the scalars Swift's own validation gives, and the offset of the first bad byte.
    @Test func utf8DecodingMatchesTheStandardLibrary() {
        let valid = [
            "", "ascii only\n", "caf\u{E9} \u{1F600} \u{FEFF}", String(repeating: "x", count: 5_000) + "\u{E9}",
        ]
        for text in valid {
            guard case .success(let scalars) = TextDecoding.utf8Scalars(Data(text.utf8)) else {
                Issue.record("\(text) did not decode")
                continue
            }
            #expect(scalars == Array(text.unicodeScalars))
        }
        let invalid: [(bytes: [UInt8], offset: Int)] = [
            ([0x61, 0x80], 1), ([0xC3], 0), ([0x61, 0x62, 0xED, 0xA0, 0x80], 2), ([0xC0, 0xAF], 0),
            (Array("caf\u{E9}".utf8) + [0xFF, 0x61], 5), ([0xF4, 0x90, 0x80, 0x80], 0),
        ]
        for (bytes, offset) in invalid {
            #expect(String(validating: bytes, as: UTF8.self) == nil)
            guard case .failure(let error) = TextDecoding.utf8Scalars(Data(bytes)) else {
                Issue.record("\(bytes) decoded")
                continue
            }
            #expect(error.offset == offset, "\(bytes)")
        }
    }

    /// A UTF-16 mark wins, a UTF-8 mark is named, and bytes in 0x80…0x9F are read both as Windows-1252 and as Latin-1.
    @Test func readingsNameTheEncodingsThatFit() {
        #expect(TextDecoding.readings(of: Data([0xFF, 0xFE, 0x41, 0x00])).map(\.encoding) == ["UTF-16LE with BOM"])
        #expect(TextDecoding.readings(of: Data([0xEF, 0xBB, 0xBF, 0x41])).map(\.encoding) == ["UTF-8 with BOM"])
        #expect(TextDecoding.readings(of: Data([0x63, 0xE9])).map(\.encoding) == ["ISO-8859-1"])
        let windows = TextDecoding.readings(of: Data([0x80, 0x41]))
        #expect(windows.map(\.encoding) == ["Windows-1252", "ISO-8859-1"])
        #expect(windows.first?.scalars == ["\u{20AC}", "A"])
        // 0x81 is one of the five bytes Windows-1252 leaves undefined.
        #expect(TextDecoding.readings(of: Data([0x81])).map(\.encoding) == ["ISO-8859-1"])
    }
}
