import DocumentCodecs
import Foundation
import SystemSeam
import TestSupport
import Testing

@testable import Formats

/// The output length told from the input (``TextTranscoding/OutputLengthCounter``) against the length of the
/// byte-by-byte decode and of the transcoder's output.
@Suite struct TextTranscodingOutputLengthCounterTests {
    struct Setup: Sendable, CustomTestStringConvertible {
        var encoding: SingleByteEncoding
        var replacing: Bool
        var lineEnding: LineEnding?
        var testDescription: String {
            "\(encoding.name), \(replacing ? "replacing" : "strict"), \(lineEnding.map { "\($0)" } ?? "line endings kept")"
        }
    }

    static let setups: [Setup] = TextTranscodingTests.tables.flatMap { encoding in
        [false, true].flatMap { replacing in
            [nil, LineEnding.lf, .cr].map { Setup(encoding: encoding, replacing: replacing, lineEnding: $0) }
        }
    }

    /// Text-like bytes with runs of CR and LF in every combination (CR LF pairs, lone CRs, LF CR), and defined bytes
    /// only unless `undefined`.
    static func input(count: Int, seed: UInt64, encoding: SingleByteEncoding, undefined: Bool) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return TextTranscodingTests.textLike(count: count, seed: seed).map { byte in
            let roll = UInt8.random(in: 0...9, using: &generator)
            let chosen = roll < 2 ? 0x0D : roll < 4 ? 0x0A : byte
            return undefined || encoding.scalar(for: chosen) != nil ? chosen : 0x61
        }
    }

    /// The decode written the slow, obvious way, then every CR LF and lone CR made one line ending: the oracle's
    /// length.
    static func referenceLength(_ bytes: [UInt8], _ setup: Setup) -> Int {
        let decoded = TextTranscodingTests.reference(bytes, setup.encoding, replacing: true).utf8
        guard setup.lineEnding != nil else { return decoded.count }
        var length = 0, index = 0
        while index < decoded.count {
            if decoded[index] == 0x0D, index + 1 < decoded.count, decoded[index + 1] == 0x0A { index += 1 }
            length += 1
            index += 1
        }
        return length
    }

    /// Splits `bytes` at random places (and sometimes not at all).
    static func blocks(_ bytes: [UInt8], seed: UInt64) -> [ArraySlice<UInt8>] {
        var generator = SeededGenerator(seed: seed &* 31 &+ 7)
        var blocks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(
                bytes.count, start + Int.random(in: 1...(seed % 3 == 0 ? bytes.count : 20), using: &generator))
            blocks.append(bytes[start..<end])
            start = end
        }
        return blocks
    }

    @Test(arguments: setups)
    func theCountedLengthIsTheTranscodedLengthWhereverTheBlocksEnd(_ setup: Setup) throws {
        let transcoderNormalization = setup.lineEnding.map { NormalizedUTF8(lineEnding: $0) }
        for seed in UInt64(1)...60 {
            let bytes = Self.input(
                count: Int(seed) * 13 % 400, seed: seed, encoding: setup.encoding, undefined: setup.replacing)
            var counter = try #require(
                TextTranscoding.Transcoder(
                    encoding: setup.encoding, replacing: setup.replacing, normalization: transcoderNormalization
                ).makeOutputLengthCounter())
            let transcoder = TextTranscoding.Transcoder(
                encoding: setup.encoding, replacing: setup.replacing, normalization: transcoderNormalization)
            var output: [UInt8] = []
            for block in Self.blocks(bytes, seed: seed) {
                block.withUnsafeBytes { counter.count($0) }
                var buffer = [UInt8](repeating: 0, count: transcoder.outputCapacity(forInputCount: block.count))
                let written = try block.withUnsafeBytes { input in
                    try buffer.withUnsafeMutableBytes { try transcoder.transcode(input, into: $0) }
                }
                output += buffer[0..<written]
            }
            var buffer = [UInt8](repeating: 0, count: transcoder.outputCapacity(forInputCount: 0))
            output += buffer[0..<buffer.withUnsafeMutableBytes { transcoder.finish(into: $0) }]
            #expect(counter.finish() == Self.referenceLength(bytes, setup), "\(setup.testDescription), seed \(seed)")
            #expect(counter.finish() == output.count, "\(setup.testDescription), seed \(seed)")
        }
    }

    /// Mac OS Roman (every byte defined) and the other tables when replacing: the 32-byte kernel runs wherever the CPU
    /// has AVX2.
    static let kernelSetups = setups.filter { $0.encoding == .macOSRoman || $0.replacing }

    @Test(arguments: kernelSetups)
    func theKernelCountsWhatTheEightByteLoopCountsOnLongBlocks(_ setup: Setup) throws {
        let normalization = setup.lineEnding.map { NormalizedUTF8(lineEnding: $0) }
        let table = setup.encoding.utf8Sequences
        let kernelCounter = try #require(
            TextTranscoding.OutputLengthCounter(table: table, replacing: setup.replacing, normalization: normalization))
        #expect(kernelCounter.usesKernel == EightBitUTF8LengthKernel.isAvailable)
        let loopCounter = try #require(
            TextTranscoding.OutputLengthCounter(
                table: table, replacing: setup.replacing, normalization: normalization, usesKernel: false))
        #expect(!loopCounter.usesKernel)
        for seed in UInt64(1)...40 {
            let bytes = Self.input(
                count: 33 + Int(seed) * 397 % 6_000, seed: seed, encoding: setup.encoding, undefined: setup.replacing)
            var withKernel = kernelCounter, withLoop = loopCounter
            // Blocks of every size from one byte to the whole input, so that chunks end everywhere.
            var generator = SeededGenerator(seed: seed &* 977)
            var start = 0
            while start < bytes.count {
                let end = min(
                    bytes.count, start + Int.random(in: 1...(seed % 4 == 0 ? bytes.count : 300), using: &generator))
                bytes[start..<end].withUnsafeBytes { block in
                    withKernel.count(block)
                    withLoop.count(block)
                }
                start = end
            }
            #expect(withKernel.finish() == withLoop.finish(), "\(setup.testDescription), seed \(seed)")
            #expect(withKernel.finish() == Self.referenceLength(bytes, setup), "\(setup.testDescription), seed \(seed)")
        }
    }

    @Test func theKernelCountsAPairAndAThreeByteCharacterAtEveryPlaceOfAChunk() throws {
        let normalization = NormalizedUTF8(lineEnding: .lf)
        let setup = Setup(encoding: .macOSRoman, replacing: false, lineEnding: .lf)
        // A CR LF pair, a lone CR, then ™ (0xAA, three bytes) and é (0x8E, two), each starting at every offset of two
        // 32-byte chunks and the byte after.
        let fresh = try #require(
            TextTranscoding.OutputLengthCounter(
                table: SingleByteEncoding.macOSRoman.utf8Sequences, replacing: false, normalization: normalization))
        for pattern in [[0x0D, 0x0A], [0x0D, 0x61], [0xAA, 0x61], [0x8E, 0x0D], [0xF0, 0xFF]] as [[UInt8]] {
            for place in 0..<70 {
                var bytes = [UInt8](repeating: 0x61, count: 100)
                bytes.replaceSubrange(place..<place + pattern.count, with: pattern)
                for blockSize in [33, 64, 65, 100] {
                    var counter = fresh
                    var start = 0
                    while start < bytes.count {
                        bytes[start..<min(bytes.count, start + blockSize)].withUnsafeBytes { counter.count($0) }
                        start += blockSize
                    }
                    #expect(
                        counter.finish() == Self.referenceLength(bytes, setup),
                        "\(pattern) at \(place), blocks of \(blockSize)")
                }
            }
        }
    }

    @Test func aPairCutByEveryBlockBoundaryIsCountedOnce() throws {
        // CR LF pairs at every offset of an eight-byte word and across words, and CR CR LF, LF CR, CR at the end.
        let bytes: [UInt8] = Array("ab\r\ncdefg\r\nhijklm\r\r\n\n\rxyz\r\n\r".utf8) + [0x8E, 0x0D, 0x0A, 0xAA, 0x0D]
        let expected = Self.referenceLength(bytes, Setup(encoding: .macOSRoman, replacing: false, lineEnding: .lf))
        for blockSize in 1...bytes.count {
            var counter = try #require(
                TextTranscoding.OutputLengthCounter(
                    table: SingleByteEncoding.macOSRoman.utf8Sequences, replacing: false,
                    normalization: NormalizedUTF8(lineEnding: .lf)))
            var start = 0
            while start < bytes.count {
                bytes[start..<min(bytes.count, start + blockSize)].withUnsafeBytes { counter.count($0) }
                start += blockSize
            }
            #expect(counter.finish() == expected, "blocks of \(blockSize)")
        }
        // Five CR LF pairs made LF; Mac OS Roman 0x8E (é) and 0xAA (™) two and three bytes long.
        #expect(expected == bytes.count - 5 + 1 + 2)
    }

    @Test func aLengthThatIsNotASumOfByteLengthsHasNoCounter() {
        let roman = SingleByteEncoding.macOSRoman.utf8Sequences
        // Lines ending in CR LF grow by one for each lone CR or LF.
        #expect(
            TextTranscoding.OutputLengthCounter(
                table: roman, replacing: false, normalization: NormalizedUTF8(lineEnding: .crlf)) == nil)
        // A lower-half byte that is not itself: the eight-byte path would count it as one byte of ASCII.
        var shifted = roman
        shifted[0x41] = 0x0100_0042
        #expect(TextTranscoding.OutputLengthCounter(table: shifted, replacing: false, normalization: nil) == nil)
        // A byte that decodes to a line ending it is not.
        var disguised = roman
        disguised[0x0B] = 0x0100_000A
        #expect(
            TextTranscoding.OutputLengthCounter(
                table: disguised, replacing: false, normalization: NormalizedUTF8(lineEnding: .lf)) == nil)
        // An undefined control byte replaced by three bytes.
        var undefinedControl = roman
        undefinedControl[0x01] = 0
        #expect(
            TextTranscoding.OutputLengthCounter(table: undefinedControl, replacing: true, normalization: nil) == nil)
        #expect(
            TextTranscoding.OutputLengthCounter(
                table: roman, replacing: false, normalization: NormalizedUTF8(lineEnding: .lf)) != nil)
    }
}
