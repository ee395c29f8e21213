import DocumentCodecs
import Foundation

/// The frames a job and its workers exchange over the worker's standard input and output.
///
/// Each message is one `BinaryWriter` frame (its length, then its fields): a request names the input,
/// its kind, the temporary path and whether it must be answered at once; the answer is the `PreparedItem`. A binary form rather than JSON
/// lines: a job sends two messages per item, and `JSONEncoder`/`JSONDecoder` cost more than a small
/// item's whole conversion.
extension ConversionWorker.Request {
    static let damaged = ConversionError(code: "convert.worker.bad-request", message: "the worker could not read its request")

    /// The request as one frame.
    var frame: [UInt8] {
        var writer = BinaryWriter(capacity: input.bytes.count + temporary.bytes.count + 16)
        writer.field(input.bytes)
        writer.byte(UInt8(PlannedItem.Kind.allCases.firstIndex(of: kind) ?? 0))
        writer.field(temporary.bytes)
        writer.byte(answersAtOnce ? 1 : 0)
        return writer.framed
    }

    /// The request in a frame made by `frame`.
    init(frame: [UInt8]) throws {
        var reader = BinaryReader(frame, position: 4, damaged: Self.damaged)
        input = ItemPath(bytes: try reader.field() ?? [])
        let kindIndex = Int(try reader.byte())
        guard kindIndex < PlannedItem.Kind.allCases.count else { throw Self.damaged }
        kind = PlannedItem.Kind.allCases[kindIndex]
        temporary = ItemPath(bytes: try reader.field() ?? [])
        answersAtOnce = try reader.byte() != 0
    }
}

extension PreparedItem {
    static let damaged = ConversionError(code: "convert.worker.bad-answer", message: "the worker's answer could not be read")

    /// The prepared item as one frame.
    var frame: [UInt8] {
        var writer = BinaryWriter(capacity: 256)
        writer.string(sourceType)
        writer.number(UInt32(route.count))
        for codec in route { writer.string(codec) }
        writer.number(inputSize)
        writer.number(inputModificationSeconds)
        writer.number(inputModificationNanoseconds)
        writer.string(inputHash)
        writer.string(outputHash)
        writer.byte(outputIsFolder ? 1 : 0)
        writer.number(UInt32(warnings.count))
        for warning in warnings {
            writer.string(warning.code)
            writer.string(warning.path)
            writer.string(warning.message)
        }
        writer.field(error.flatMap { try? JSONEncoder().encode($0) }.map(Array.init))
        return writer.framed
    }

    /// The prepared item in a frame made by `frame`.
    init(frame: [UInt8]) throws {
        var reader = BinaryReader(frame, position: 4, damaged: Self.damaged)
        self.init()
        sourceType = try reader.string()
        for _ in 0..<(try reader.count()) { route.append(try reader.string() ?? "") }
        inputSize = try reader.number64()
        inputModificationSeconds = try reader.number64()
        inputModificationNanoseconds = try reader.number64()
        inputHash = try reader.string()
        outputHash = try reader.string()
        outputIsFolder = try reader.byte() != 0
        for _ in 0..<(try reader.count()) {
            let code = try reader.string() ?? ""
            let path = try reader.string() ?? ""
            let message = try reader.string() ?? ""
            warnings.append(ConversionWarning(code: code, path: path, message: message))
        }
        error = try reader.field().map { try JSONDecoder().decode(ConversionError.self, from: Data($0)) }
    }
}

/// Splits a byte stream into `BinaryWriter` frames.
///
/// The bytes are read into one buffer kept from read to read (grown only for a frame longer than it),
/// so a job's parent reads its workers' answers without an allocation or an fstat per read; several
/// answers that arrive in one read are taken from the buffer one after another, and an answer split
/// across reads is put together in it.
struct FrameReader {
    /// Bytes read and not yet taken: `storage[start..<end]`; the rest of `storage` is room to read into.
    private var storage: [UInt8]
    private var start = 0
    private var end = 0

    /// The room of a new reader: a page's worth of answers and more, small enough to clear cheaply once.
    static let initialCapacity = 1 << 14

    init(capacity: Int = FrameReader.initialCapacity) {
        storage = [UInt8](repeating: 0, count: max(capacity, 8))
    }

    /// How many bytes the buffer holds room for; it grows only for a frame longer than the room.
    var capacity: Int { storage.count }

    /// The next whole frame, reading more with `read` (which fills a prefix of the buffer it is given
    /// and returns how many bytes it put there, 0 at the end of the stream); nil at the end.
    mutating func next(readingInto read: (UnsafeMutableRawBufferPointer) -> Int) -> [UInt8]? {
        while true {
            if let frame = takeFrame() { return frame }
            makeRoom(atLeast: 1)
            let filled = end
            let count = storage.withUnsafeMutableBytes { bytes in
                read(UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
            }
            if count <= 0 { return nil }
            end += min(count, storage.count - end)
        }
    }

    /// The next whole frame, reading more with `read` (which returns no bytes at the end of the stream); nil at the end.
    mutating func next(reading read: () -> Data) -> [UInt8]? {
        while true {
            if let frame = takeFrame() { return frame }
            let chunk = read()
            if chunk.isEmpty { return nil }
            makeRoom(atLeast: chunk.count)
            let filled = end
            storage.withUnsafeMutableBytes { bytes in
                _ = chunk.copyBytes(to: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]).bindMemory(to: UInt8.self))
            }
            end += chunk.count
        }
    }

    /// The whole frame at the front of the unread bytes, taken from them; nil when it is not all there yet.
    private mutating func takeFrame() -> [UInt8]? {
        guard let length = BinaryWriter.frameLength(storage[start..<end]) else { return nil }
        defer { start += length }
        return Array(storage[start..<(start + length)])
    }

    /// Makes room for at least `count` more bytes behind the unread ones: moves a partial frame to the
    /// front, and grows the buffer (doubling) only when that is not enough.
    private mutating func makeRoom(atLeast count: Int) {
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                let offset = start
                storage.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    base.copyMemory(from: UnsafeRawPointer(base + offset), byteCount: pending)
                }
            }
            start = 0
            end = pending
        }
        var capacity = storage.count
        while capacity - end < count { capacity *= 2 }
        if capacity > storage.count { storage.append(contentsOf: repeatElement(0, count: capacity - storage.count)) }
    }
}
