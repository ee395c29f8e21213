import Foundation
import TestSupport
import Testing

@testable import Formats

@Suite struct UTF8TextBuilderTests {
    /// Valid UTF-8 cut at random sequence boundaries gives, appended piece by piece, what one validating decode gives.
    @Test func piecesCutBetweenSequencesMakeTheSameStringAsOneValidatingDecode() {
        var generator = SeededGenerator(seed: 77)
        let alphabet = ["a", "Z", " ", "\r\n", "é", "€", "𝄞", "\u{0301}", "\0"]
        for round in 0..<30 {
            var pieces: [String] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                pieces.append(
                    (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator) ?? ""
                    }.joined())
            }
            var builder = UTF8TextBuilder(reservingCapacity: Int.random(in: 0...64, using: &generator))
            for piece in pieces {
                Array(piece.utf8).withUnsafeBufferPointer {
                    builder.append(validUTF8: $0, isASCII: UTF8TextBuilder.isASCII($0))
                }
            }
            let expected = String(decoding: pieces.flatMap { Array($0.utf8) }, as: UTF8.self)
            #expect(Array(builder.text.utf8) == Array(expected.utf8), "round \(round)")
            #expect(builder.text == expected && builder.text.count == expected.count, "round \(round)")
            #expect(builder.text.unicodeScalars.map(\.value) == expected.unicodeScalars.map(\.value))
        }
    }

    @Test func asciiIsRecognisedWhateverTheLengthAndWhereverTheFirstOtherByteIs() {
        for length in 0...19 {
            let ascii = Array(repeating: UInt8(ascii: "q"), count: length)
            #expect(ascii.withUnsafeBufferPointer { UTF8TextBuilder.isASCII($0) }, "length \(length)")
            for position in 0..<length {
                var other = ascii
                other[position] = 0x80
                #expect(
                    !other.withUnsafeBufferPointer { UTF8TextBuilder.isASCII($0) },
                    "length \(length), 0x80 at \(position)")
            }
        }
    }

    @Test func sameUTF8ComparesEveryByteAndNotCanonicalEquivalence() {
        let long = String(repeating: "abcdefgh", count: 20) + "é"
        #expect(long.hasSameUTF8(as: String(decoding: Array(long.utf8), as: UTF8.self)))
        #expect("".hasSameUTF8(as: ""))
        #expect("short".hasSameUTF8(as: "short"))
        for position in [0, 3, 7, 8, 15, 161] {
            var bytes = Array(long.utf8)
            bytes[position] ^= 0x01
            let changed = String(decoding: bytes, as: UTF8.self)
            #expect(!long.hasSameUTF8(as: changed), "byte \(position)")
            #expect(!changed.hasSameUTF8(as: long), "byte \(position)")
        }
        #expect(!long.hasSameUTF8(as: long + "x"))
        // Canonically equivalent (Swift's == says equal) but not the same scalars: not the same document.
        #expect("caf\u{E9}" == "cafe\u{301}" && !"caf\u{E9}".hasSameUTF8(as: "cafe\u{301}"))
        #expect(TextDocument(text: "caf\u{E9}") != TextDocument(text: "cafe\u{301}"))
        #expect(TextDocument(text: long) == TextDocument(text: String(decoding: Array(long.utf8), as: UTF8.self)))
        #expect(TextDifferences.first(expected: long, actual: long) == nil)
        let difference = TextDifferences.first(expected: "line one\nline two", actual: "line one\nline twx")
        #expect(difference?.path == "line 2, column 8")
    }
}
