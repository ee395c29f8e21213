import DocumentCodecs

extension TextTranscoding {
    /// One 8-bit stream decoded to UTF-8 a block at a time, its line endings optionally made one kind across block
    /// boundaries.
    ///
    /// Each block goes through the table kernel of the whole-document decode
    /// (``TextDecoding/eightBit(_:table:into:replacing:errors:)``) and then, when a line ending is
    /// asked for, through ``NormalizedUTF8/rewriteLineEndings(_:from:to:into:)``, the rules of the
    /// whole-document conversion. A block that decodes to a final CR holds it back: whether it is a
    /// CR LF pair or a lone CR depends on the next block's first byte, or on there being none
    /// (``finish(into:)``). So the bytes are exactly those of decoding the whole file and normalising
    /// the whole text, wherever the boundaries fall. With LF line endings (what `convert` writes) the
    /// block is decoded straight into the output and its CRs rewritten there
    /// (``rewriteCarriageReturnsAsLineFeeds(_:count:)``), saving a copy of every block. A class
    /// because it owns its scratch buffer; one thread uses it.
    final class Transcoder: StreamingTranscoder {
        let encoding: SingleByteEncoding
        let replacing: Bool
        let normalization: NormalizedUTF8?
        /// How many input bytes the blocks so far held (the offset of the next block in the whole input).
        private(set) var offset = 0
        /// How many undefined bytes became U+FFFD so far.
        private(set) var replacedCount = 0
        private let table: [UInt32]
        private let longest: Int
        private var carriesCarriageReturn = false
        private var scratch: UnsafeMutableRawPointer?
        private var scratchSize = 0

        init(encoding: SingleByteEncoding, replacing: Bool, normalization: NormalizedUTF8?) {
            self.encoding = encoding
            self.replacing = replacing
            self.normalization = normalization
            table = encoding.utf8Sequences
            longest = TextDecoding.longestSequence(table, replacing: replacing)
        }

        deinit { scratch?.deallocate() }

        /// Each input byte becomes at most `longest` bytes, and each of those at most two (LF as CR LF); one more for a
        /// held-back CR.
        func outputCapacity(forInputCount count: Int) -> Int {
            let decoded = (count + 1) * longest + TextDecoding.eightBitSlack
            return normalization?.lineEnding == .crlf ? 2 * decoded : decoded
        }

        /// No warnings: the whole-document conversion reports none either (replaced bytes are counted, not reported).
        var warnings: [ConversionWarning] { [] }

        func transcode(_ block: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
            precondition(
                output.count >= outputCapacity(forInputCount: block.count),
                "the output buffer is smaller than outputCapacity(forInputCount:)")
            let input = block.bindMemory(to: UInt8.self)
            guard let outputBase = output.baseAddress else { return 0 }
            guard let normalization else {
                let written = try decode(input, into: outputBase)
                offset += input.count
                return written
            }
            if normalization.lineEnding == .lf {
                // Decoded straight into the output and rewritten where it lies: no second copy of the block.
                let end = try decodeHoldingCarriageReturn(input, into: outputBase)
                return Self.rewriteCarriageReturnsAsLineFeeds(
                    outputBase.assumingMemoryBound(to: UInt8.self), count: end)
            }
            let needed = (input.count + 1) * longest + TextDecoding.eightBitSlack
            if scratchSize < needed {
                scratch?.deallocate()
                scratch = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: MemoryLayout<UInt64>.alignment)
                scratchSize = needed
            }
            guard let scratch else { return 0 }
            let end = try decodeHoldingCarriageReturn(input, into: scratch)
            return normalization.rewriteLineEndings(
                scratch.assumingMemoryBound(to: UInt8.self), from: 0, to: end,
                into: outputBase.assumingMemoryBound(to: UInt8.self)
            ).0
        }

        /// Decodes `input` into `base` after the CR held back from the block before, if any; returns how
        /// many bytes are ready for the line-ending rewrite, holding back a final CR for the next block
        /// (whether it starts a CR LF pair depends on that block's first byte).
        private func decodeHoldingCarriageReturn(
            _ input: UnsafeBufferPointer<UInt8>, into base: UnsafeMutableRawPointer
        ) throws -> Int {
            let held = carriesCarriageReturn ? 1 : 0
            if carriesCarriageReturn { base.storeBytes(of: 0x0D, as: UInt8.self) }
            let decoded = held + (try decode(input, into: base + held))
            offset += input.count
            carriesCarriageReturn = decoded > 0 && base.load(fromByteOffset: decoded - 1, as: UInt8.self) == 0x0D
            return carriesCarriageReturn ? decoded - 1 : decoded
        }

        func finish(into output: UnsafeMutableRawBufferPointer) -> Int {
            guard let normalization, carriesCarriageReturn, let base = output.baseAddress else { return 0 }
            carriesCarriageReturn = false
            let carriageReturn: [UInt8] = [0x0D]
            return carriageReturn.withUnsafeBufferPointer { held in
                guard let heldBase = held.baseAddress else { return 0 }
                return normalization.rewriteLineEndings(
                    heldBase, from: 0, to: 1, into: base.assumingMemoryBound(to: UInt8.self)
                ).0
            }
        }

        /// Rewrites `bytes[0..<count]` in place as ``NormalizedUTF8/rewriteLineEndings(_:from:to:into:)`` rewrites it
        /// to LF; returns the new length.
        ///
        /// With LF as the line ending, an LF stays, a CR LF pair becomes its LF and a lone CR becomes
        /// an LF: only CRs change, and nothing grows, so the text is rewritten where it lies, the bytes
        /// between CR LF pairs moved down by one per pair before them (none in a file of lone CRs). The
        /// range must not end on a CR whose LF may follow (the caller holds it back). The differential
        /// tests hold it to the general rewrite on every input.
        static func rewriteCarriageReturnsAsLineFeeds(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
            var read = 0, write = 0
            while true {
                let next = nextCarriageReturn(in: bytes, from: read, to: count)
                if write != read { (bytes + write).update(from: bytes + read, count: next - read) }
                write += next - read
                guard next < count else { return write }
                bytes[write] = 0x0A
                write += 1
                read = next + 1 < count && bytes[next + 1] == 0x0A ? next + 2 : next + 1
            }
        }

        /// The offset of the first CR in `bytes[start..<end]`, or `end`; eight bytes at a time.
        private static func nextCarriageReturn(
            in bytes: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int
        ) -> Int {
            let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
            var offset = start
            while offset + 8 <= end {
                let word =
                    UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
                    ^ (0x0D &* ones)
                // A byte that is zero after the exclusive-or sets its high bit here; the lowest set bit is always a
                // real one.
                let found = (word &- ones) & ~word & highBits
                if found != 0 { return offset + found.trailingZeroBitCount >> 3 }
                offset += 8
            }
            while offset < end, bytes[offset] != 0x0D { offset += 1 }
            return offset
        }

        private func decode(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableRawPointer) throws -> Int {
            do {
                return try table.withUnsafeBufferPointer { table in
                    try TextDecoding.eightBit(
                        input, table: table, into: output, replacing: replacing, errors: &replacedCount)
                }
            } catch let invalid as TextDecoding.Invalid {
                throw CodecError(
                    code: .text(.invalidBytes),
                    message: "\(invalid.reason) is not valid \(TextEncoding.singleByte(encoding).name)",
                    location: .byte(offset + invalid.offset))
            }
        }
    }
}
