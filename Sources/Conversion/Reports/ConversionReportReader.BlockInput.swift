import DocumentPlatform
import SystemSeam

extension ConversionReportReader {
    /// A file read one block at a time, a byte at a time, with the bytes of one value set aside on request.
    ///
    /// Only one block is held, and the value being captured (an item, a field of the report); so a
    /// value may start in one block and end several blocks later.
    struct BlockInput {
        private let stream: ByteNamedStream
        private let block: UnsafeMutableRawBufferPointer
        /// How many bytes of `block` hold the file.
        private var count = 0
        /// The next byte's place in `block`.
        private var index = 0
        /// Where `block` starts in the file.
        private var blockOffset = 0
        private var isCapturing = false
        /// The captured bytes of earlier blocks, then the whole value once `endCapture` ran.
        private var captured: [UInt8] = []
        /// Where the capture starts in `block` (0 once it goes on from an earlier block).
        private var captureStart = 0

        /// A reader of `stream` from its start, `blockSize` bytes at a time; call `deallocate` when done.
        init(stream: ByteNamedStream, blockSize: Int) {
            self.stream = stream
            block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        }

        func deallocate() {
            block.deallocate()
        }

        /// The next byte's offset in the file.
        var offset: Int { blockOffset + index }

        /// The next byte, not consumed; nil at the end of the file.
        @inline(__always)
        mutating func peek() throws -> UInt8? {
            if index < count { return block[index] }
            return try readNextBlock()
        }

        /// Consumes the byte `peek` returned.
        @inline(__always)
        mutating func advance() {
            index += 1
        }

        private mutating func readNextBlock() throws -> UInt8? {
            if isCapturing {
                captured.append(contentsOf: block[captureStart..<count])
                captureStart = 0
            }
            blockOffset += count
            index = 0
            count = 0
            count = try stream.read(at: blockOffset, into: block)
            return count > 0 ? block[0] : nil
        }

        /// Consumes bytes of a string up to (not including) the next quote or backslash, within the block held.
        mutating func skipPlainStringBytes() {
            while index < count {
                let byte = block[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return }
                index += 1
            }
        }

        /// Starts setting aside the bytes from the next one on.
        mutating func startCapture() {
            captured.removeAll(keepingCapacity: true)
            captureStart = index
            isCapturing = true
        }

        /// The bytes consumed since `startCapture`.
        mutating func endCapture() -> [UInt8] {
            captured.append(contentsOf: block[captureStart..<index])
            isCapturing = false
            return captured
        }

        /// Consumes a UTF-8 byte order mark at the start of the file, which `JSONDecoder` skips too.
        mutating func skipByteOrderMark() {
            guard offset == 0, count >= 3, block[0] == 0xEF, block[1] == 0xBB, block[2] == 0xBF else { return }
            index = 3
        }

        /// Whether the file starts as UTF-16 or UTF-32 text would (a byte order mark of those, or a zero byte
        /// among the first four), which UTF-8 JSON never does.
        mutating func isProbablyNotUTF8() throws -> Bool {
            guard offset == 0, try peek() != nil else { return false }
            let leading = block[0..<min(count, 4)]
            if leading.contains(0) { return true }
            return leading.starts(with: [0xFE, 0xFF]) || leading.starts(with: [0xFF, 0xFE])
        }
    }
}
