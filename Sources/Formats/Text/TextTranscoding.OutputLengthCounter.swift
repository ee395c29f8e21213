import DocumentCodecs
import SystemSeam

extension TextTranscoding {
    /// The length of a ``Transcoder``'s output told from its input alone, a block at a time, without transcoding it.
    ///
    /// The journal's digest of an output starts with the output's length, so a streamed output can be
    /// hashed as it is written only when its length is known first. For an ASCII-compatible 8-bit
    /// encoding each input byte has a fixed UTF-8 length (1 for ASCII, the table's sequence length, or
    /// 3 for a replaced byte), and normalising line endings to LF or CR shortens the output by one for
    /// each CR LF pair and leaves every other line ending one byte long. So the length is the sum of
    /// the bytes' lengths less the CR LF pairs, counted eight bytes at a time (two bytes per table lookup). A pair cut
    /// by a block
    /// boundary is counted through the carried last byte. The count of an input the transcoder rejects
    /// (an undefined byte, without replacing) means nothing; the transcoder throws for it anyway.
    ///
    /// Where every upper-half byte becomes two or three bytes (Mac OS Roman, and any table without
    /// undefined bytes or with them replaced) and the CPU has AVX2, the bulk of each block goes through
    /// ``EightBitUTF8LengthKernel`` instead, 32 bytes at a time (about four times the speed of the
    /// table lookups, which is a large part of the digest thread's work on a large file); the eight-byte
    /// loop counts what it leaves, at least the block's last byte. The tests run both on the same inputs.
    struct OutputLengthCounter: StreamingOutputLengthCounter {
        /// For each pair of bytes (the first in the low eight bits), how many more UTF-8 bytes than two they become; a
        /// lower-half byte is one byte long.
        private let pairExtraLengths: [UInt8]
        private let collapsesCarriageReturnLineFeed: Bool
        /// The 32-byte kernel, where the table and the CPU allow it.
        private let kernel: EightBitUTF8LengthKernel?
        private var length = 0
        private var endsWithCarriageReturn = false

        /// A counter for `table`'s output with `normalization`, or nil when its length is not a sum of per-byte
        /// lengths.
        ///
        /// Nil when a lower-half byte is not itself (an encoding that is not ASCII-compatible, or an
        /// undefined control byte replaced by three bytes), when a byte other than CR or LF decodes to
        /// a CR or LF, or when line endings become CR LF (each lone CR and LF grows by one).
        /// `usesKernel` false counts with the eight-byte loop alone (the tests compare the two).
        init?(table: [UInt32], replacing: Bool, normalization: NormalizedUTF8?, usesKernel: Bool = true) {
            if normalization?.lineEnding == .crlf { return nil }
            collapsesCarriageReturnLineFeed = normalization != nil
            var extraLengths = [UInt8](repeating: 0, count: 256)
            for byte in 0..<256 {
                let packed = table[byte]
                let length = packed == 0 ? (replacing ? 3 : 1) : Int(packed >> 24)
                let bytes = (0..<min(length, 3)).map { UInt8(truncatingIfNeeded: packed >> (8 * $0)) }
                if byte < 0x80 {
                    guard packed != 0, length == 1, bytes == [UInt8(byte)] else { return nil }
                } else {
                    guard length >= 1, packed == 0 || bytes.allSatisfy({ $0 >= 0x80 }) else { return nil }
                    extraLengths[byte] = UInt8(length - 1)
                }
            }
            pairExtraLengths = (0..<65_536).map { extraLengths[$0 & 0xFF] &+ extraLengths[$0 >> 8] }
            // The kernel counts one extra byte for every upper-half byte and one more for each in the set.
            let upperHalf = extraLengths[0x80...]
            kernel =
                usesKernel && upperHalf.allSatisfy({ $0 == 1 || $0 == 2 })
                ? EightBitUTF8LengthKernel(
                    threeByteSet: Set((0x80...0xFF).filter { extraLengths[$0] == 2 }.map { UInt8($0) })) : nil
        }

        mutating func count(_ block: UnsafeRawBufferPointer) {
            guard let base = block.baseAddress, !block.isEmpty else { return }
            let count = block.count
            let ones: UInt64 = 0x0101_0101_0101_0101, lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            // The high bit of each byte of `word` that is zero, and of no other byte (no carry crosses bytes).
            func zeroBytes(_ word: UInt64) -> UInt64 { ~(((word & lowBits) &+ lowBits) | word | lowBits) }
            var length = count, pairs = 0
            var carried = endsWithCarriageReturn
            let collapses = collapsesCarriageReturnLineFeed
            var start = 0
            if let kernel {
                let (taken, extra, kernelPairs) = kernel.count(block)
                if taken > 0 {
                    // The pair of a CR carried from the block before; the kernel counts those that start among the
                    // bytes it took.
                    if collapses, carried, base.load(as: UInt8.self) == 0x0A { pairs += 1 }
                    length += extra
                    if collapses { pairs += kernelPairs }
                    // A CR last among the taken bytes is paired already, if at all.
                    carried = false
                    start = taken
                }
            }
            pairExtraLengths.withUnsafeBufferPointer { pairExtra in
                var offset = start
                while offset + 8 <= count {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    // Four lookups without a branch: whether a word holds an upper-half byte is a coin toss in text
                    // with accents.
                    length &+=
                        Int(pairExtra[Int(truncatingIfNeeded: word & 0xFFFF)])
                        &+ Int(pairExtra[Int(truncatingIfNeeded: (word >> 16) & 0xFFFF)])
                        &+ Int(pairExtra[Int(truncatingIfNeeded: (word >> 32) & 0xFFFF)])
                        &+ Int(pairExtra[Int(truncatingIfNeeded: word >> 48)])
                    if collapses {
                        let carriageReturns = zeroBytes(word ^ (0x0D &* ones))
                        if carriageReturns != 0 || carried {
                            let lineFeeds = zeroBytes(word ^ (0x0A &* ones))
                            if carried, lineFeeds & 0x80 != 0 { pairs += 1 }
                            pairs += (carriageReturns & (lineFeeds >> 8)).nonzeroBitCount
                            carried = carriageReturns >> 63 != 0
                        }
                    }
                    offset += 8
                }
                while offset < count {
                    let byte = base.load(fromByteOffset: offset, as: UInt8.self)
                    length += Int(pairExtra[Int(byte)])
                    if collapses {
                        if carried, byte == 0x0A { pairs += 1 }
                        carried = byte == 0x0D
                    }
                    offset += 1
                }
            }
            endsWithCarriageReturn = carried
            self.length += length - pairs
        }

        func finish() -> Int { length }

        /// Whether blocks go through ``EightBitUTF8LengthKernel`` (tests check that the kernel they compare is the one
        /// running).
        var usesKernel: Bool { kernel != nil }
    }
}

extension TextTranscoding.Transcoder {
    /// A counter of this transcoder's output length, when the encoding and line endings make it a sum of per-byte
    /// lengths.
    func makeOutputLengthCounter() -> (any StreamingOutputLengthCounter)? {
        TextTranscoding.OutputLengthCounter(
            table: encoding.utf8Sequences, replacing: replacing, normalization: normalization)
    }
}
