import Dispatch
import Foundation

extension TextDecoding {
    /// The pieces of one 8-bit decode, each decoded into a slot buffer and then appended to the string.
    ///
    /// Decoding runs the table (processor work); appending copies into the string's storage, whose
    /// fresh pages the kernel must map and clear (system work that takes as long again for a large
    /// file). ``decodeConcurrently(into:)`` overlaps the two: a thread of its own decodes piece
    /// after piece into the next free slot while the calling thread appends the filled ones in order.
    ///
    /// `@unchecked Sendable` because the decoding thread reaches the input, the table and the slots
    /// through pointers: they outlive it (the caller waits for it to finish before it returns or
    /// throws), and each slot is written only by the decoding thread between a wait on `free` and a
    /// signal of `filled`, and read only by the calling thread between a wait on `filled` and a
    /// signal of `free`, so the semaphores order every access to it. `failure` and `errors` are
    /// written by the decoding thread only, and read only after `finished` is signalled.
    final class EightBitPieces: @unchecked Sendable {
        let input: UnsafeBufferPointer<UInt8>
        let table: UnsafeBufferPointer<UInt32>
        let replacing: Bool
        let pieceSize: Int
        let pieceCount: Int
        private let slotCount: Int
        private let slotSize: Int
        private let slots: UnsafeMutableRawPointer
        // How many UTF-8 bytes each slot holds; -1 when its piece stopped at an undefined byte.
        private let written: UnsafeMutablePointer<Int>
        private(set) var errors = 0
        private var failure: Invalid?
        // Created at 0 and signalled once per slot: libdispatch traps when a semaphore is freed with
        // a value below the one it was created with, which a decode stopped by an undefined byte leaves.
        private let free = DispatchSemaphore(value: 0)
        private let filled = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)

        init(
            input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt32>, longest: Int, replacing: Bool,
            slotCount: Int
        ) {
            self.input = input
            self.table = table
            self.replacing = replacing
            pieceSize = min(input.count, TextDecoding.eightBitPieceSize)
            pieceCount = pieceSize == 0 ? 0 : (input.count + pieceSize - 1) / pieceSize
            self.slotCount = slotCount
            slotSize = pieceSize * longest + TextDecoding.eightBitSlack
            slots = UnsafeMutableRawPointer.allocate(
                byteCount: slotCount * slotSize, alignment: MemoryLayout<UInt64>.alignment)
            slots.bindMemory(to: UInt8.self, capacity: slotCount * slotSize)
            written = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
            written.initialize(repeating: 0, count: slotCount)
            for _ in 0..<slotCount { free.signal() }
        }

        /// Frees the slots; only once no thread uses them.
        func deallocate() {
            slots.deallocate()
            written.deallocate()
        }

        /// Every piece decoded and appended on the calling thread, one slot reused.
        func decode(into builder: inout UTF8TextBuilder) throws(Invalid) {
            for index in 0..<pieceCount {
                if let failure = decodePiece(index) { throw failure }
                append(index, to: &builder)
            }
        }

        /// Every piece decoded on a thread of its own and appended here, in order, as each is ready.
        func decodeConcurrently(into builder: inout UTF8TextBuilder) throws(Invalid) {
            let decoder = Thread { [self] in
                for index in 0..<pieceCount {
                    free.wait()
                    let failed = decodePiece(index) != nil
                    filled.signal()
                    if failed { break }
                }
                finished.signal()
            }
            decoder.start()
            for index in 0..<pieceCount {
                filled.wait()
                guard written[index % slotCount] >= 0 else { break }
                append(index, to: &builder)
                free.signal()
            }
            finished.wait()
            if let failure { throw failure }
        }

        /// Decodes piece `index` into its slot; at a byte the encoding does not define, records and returns where.
        private func decodePiece(_ index: Int) -> Invalid? {
            let start = index * pieceSize, end = min(start + pieceSize, input.count)
            let slot = index % slotCount
            do {
                written[slot] = try TextDecoding.eightBit(
                    UnsafeBufferPointer(rebasing: input[start..<end]), table: table, into: slots + slot * slotSize,
                    replacing: replacing,
                    errors: &errors)
                return nil
            } catch {
                let located = Invalid(offset: start + error.offset, reason: error.reason)
                failure = located
                written[slot] = -1
                return located
            }
        }

        private func append(_ index: Int, to builder: inout UTF8TextBuilder) {
            let slot = index % slotCount
            let count = written[slot]
            let pieceLength = min(pieceSize, input.count - index * pieceSize)
            let bytes = UnsafeBufferPointer(
                start: (slots + slot * slotSize).assumingMemoryBound(to: UInt8.self), count: count)
            // Every byte becomes one to three bytes, so as many bytes out as in means each became one: ASCII.
            builder.append(validUTF8: bytes, isASCII: count == pieceLength)
        }
    }
}
