import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct BinaryPropertyListStringTests {
    /// Strings of ASCII, two- and three-byte characters and supplementary characters (surrogate pairs in the file).
    static func strings(seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let pieces: [String] = [
            "a", "~", "\u{7F}", "é", "\u{7FF}", "\u{800}", "日本", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "😀",
            "\u{10000}", "\u{10FFFF}",
        ]
        return (0..<200).map { _ in
            (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "a" }
                .joined()
        }
    }

    @Test func readsBackEveryStringItWroteScalarForScalar() throws {
        let strings = Self.strings(seed: 11)
        let value = PropertyListValue.array(strings.map { .string($0) })
        guard case .array(let read) = try BinaryPropertyList.read(try BinaryPropertyList.write(value)) else {
            Issue.record("the array did not read back as an array")
            return
        }
        #expect(read.count == strings.count)
        for (element, expected) in zip(read, strings) {
            guard case .string(let text) = element else {
                Issue.record("\(element) is not a string")
                continue
            }
            #expect(Array(text.unicodeScalars) == Array(expected.unicodeScalars))
        }
    }

    /// A dictionary of `count` keys named k0, k1, …, with `key` in place of the key at `position`.
    static func dictionary(count: Int, replacing position: Int, with key: String) -> PropertyListValue {
        .dictionary(
            (0..<count).map { PropertyListEntry(key: $0 == position ? key : "k\($0)", value: .integer(Int128($0))) })
    }

    @Test(arguments: [3, 12, 13, 40])
    func refusesADuplicateKeyInDictionariesOfEverySize(_ count: Int) throws {
        let data = try BinaryPropertyList.write(Self.dictionary(count: count, replacing: count - 1, with: "k1"))
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(data) }
        #expect(error.code == "plist.binary.duplicate-key")
        #expect(error.message.contains("\"k1\" twice"))
    }

    @Test(arguments: [3, 12, 13, 40])
    func keepsCanonicallyEquivalentKeysApartInDictionariesOfEverySize(_ count: Int) throws {
        // "é" as one scalar and as e + U+0301 are equal Swift strings but different keys in a file.
        var entries: [PropertyListEntry] = (0..<count - 2).map {
            PropertyListEntry(key: "k\($0)", value: .boolean(true))
        }
        entries.append(PropertyListEntry(key: "caf\u{E9}", value: .integer(1)))
        entries.append(PropertyListEntry(key: "cafe\u{301}", value: .integer(2)))
        let read = try BinaryPropertyList.read(try BinaryPropertyList.write(.dictionary(entries)))
        guard case .dictionary(let readEntries) = read else {
            Issue.record("the dictionary did not read back as a dictionary")
            return
        }
        #expect(readEntries.count == count)
        #expect(
            readEntries.suffix(2).map { Array($0.key.unicodeScalars) } == [
                Array("caf\u{E9}".unicodeScalars), Array("cafe\u{301}".unicodeScalars),
            ])
    }

    @Test func refusesAnUnpairedSurrogateAtItsByteOffset() throws {
        // bplist00, one UTF-16 string of two units: a lone high surrogate D800 then 'a'.
        var bytes = Array("bplist00".utf8) + [0x62, 0xD8, 0x00, 0x00, 0x61]
        let offsetTable = bytes.count
        bytes.append(8)
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [
                0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable),
            ]
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Data(bytes)) }
        #expect(error.code == "plist.binary.invalid-utf16")
        #expect(error.location == .byte(9))
    }
}
