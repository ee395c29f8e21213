import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct XMLPropertyListKeyOrderTests {
    /// Keys that probe every part of the UTF-16 order: shared starts longer than eight bytes, ASCII, the rest of the
    /// Basic Multilingual Plane below and above the
    /// surrogates (U+E000…U+FFFF sorts after the supplementary planes in UTF-16), and supplementary characters.
    static func keys(seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let pieces: [String] = [
            "a", "b", "Z", "é", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FF61}", "\u{FFFD}", "\u{10000}", "😀",
            "\u{10FFFF}", "samePrefix",
        ]
        var keys = Set<String>()
        while keys.count < 40 {
            let count = Int.random(in: 0...4, using: &generator)
            keys.insert((0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined())
        }
        return keys.shuffled(using: &generator)
    }

    /// The order of `<key>` elements in the written XML.
    static func writtenKeys(_ value: PropertyListValue) throws -> [String] {
        let xml = String(decoding: try XMLPropertyList.write(value), as: UTF8.self)
        return xml.components(separatedBy: "<key>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test func coreFoundationStyleSortsKeysByUTF16CodeUnits() throws {
        for seed in UInt64(1)...20 {
            let keys = Self.keys(seed: seed)
            let value = PropertyListValue.dictionary(keys.map { PropertyListEntry(key: $0, value: .boolean(true)) })
            let expected = keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            #expect(try Self.writtenKeys(value) == expected, "seed \(seed)")
        }
    }
}
