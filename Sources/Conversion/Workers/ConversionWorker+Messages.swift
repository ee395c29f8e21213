import DocumentCodecs
import Foundation

/// The frames a job and its workers exchange over the worker's standard input and output.
///
/// Each message is one frame: its length (4 bytes, little-endian, not counting itself), a mark and the
/// version of this format, then its fields: numbers little-endian, byte strings as a 4-byte length and
/// the bytes ("none" is a length of 0xFFFF_FFFF). A request names the input, its kind, the temporary
/// path and whether it must be answered at once; the answer is the `PreparedItem`. A binary form rather
/// than JSON lines: a job sends two messages per item, and `JSONEncoder`/`JSONDecoder` cost more than a
/// small item's whole conversion. Frames are written straight into the buffer that goes to the pipe and
/// read in place in the buffer they arrived in, so neither side copies a frame on its way.
///
/// Only a parent and a worker of the same build talk this way, but a worker command can be another
/// program: a frame of another version (or none at all) is refused with `convert.worker.version-mismatch`,
/// never read as something else.
enum WorkerFrame {
    /// The first byte of every frame's body: what tells a frame of this format from anything else.
    static let mark: UInt8 = 0xD7
    /// The version of this format; a change of any field changes it.
    static let version: UInt8 = 2
    /// "None" in a byte string's length.
    static let none: UInt32 = 0xFFFF_FFFF

    static let versionMismatch = ConversionError(
        code: .workerVersionMismatch,
        message:
            "the worker's messages are of another version than this job's (the worker command is another build of "
            + "docmigrate)"
    )

    /// Starts a frame at the end of `bytes`; returns where its length goes, for `end(_:in:)`.
    static func begin(_ bytes: inout [UInt8]) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0, mark, version])
        return start
    }

    /// Writes the length of the frame that `begin` started at `start`, now that its fields are written.
    static func end(_ start: Int, in bytes: inout [UInt8]) {
        let length = UInt32(bytes.count - start - 4)
        for index in 0..<4 { bytes[start + index] = UInt8(truncatingIfNeeded: length >> UInt32(8 * index)) }
    }

    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        let bits = UInt64(bitPattern: value)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    static func append(field value: some Collection<UInt8>, to bytes: inout [UInt8]) {
        append(UInt32(value.count), to: &bytes)
        bytes.append(contentsOf: value)
    }

    static func append(string value: String?, to bytes: inout [UInt8]) {
        guard let value else {
            append(none, to: &bytes)
            return
        }
        append(field: value.utf8, to: &bytes)
    }
}

extension WorkerFrame {
    /// A reader of the fields of the frame `bytes` (its length first), past its mark and version; throws
    /// `damaged` when the frame is too short to hold them, and `versionMismatch` when it is not of this format.
    static func fields(of bytes: UnsafeRawBufferPointer, damaged: ConversionError) throws -> BinaryReader {
        guard bytes.count >= 6 else { throw damaged }
        guard bytes[4] == mark, bytes[5] == version else { throw versionMismatch }
        return BinaryReader(bytes, position: 6, damaged: damaged)
    }
}

extension ConversionWorker.Request {
    static let damaged = ConversionError(code: .workerBadRequest, message: "the worker could not read its request")

    /// How many bytes the request's frame takes.
    var frameSize: Int { 4 + 2 + 2 + 4 + input.bytes.count + 4 + temporary.bytes.count }

    /// Appends the request's frame to `bytes`, asking for an answer at once when `answersAtOnce` is set.
    func appendFrame(to bytes: inout [UInt8], answersAtOnce: Bool) {
        let start = WorkerFrame.begin(&bytes)
        bytes.append(UInt8(PlannedItem.Kind.allCases.firstIndex(of: kind) ?? 0))
        bytes.append(answersAtOnce ? 1 : 0)
        WorkerFrame.append(field: input.bytes, to: &bytes)
        WorkerFrame.append(field: temporary.bytes, to: &bytes)
        WorkerFrame.end(start, in: &bytes)
    }

    /// The request as one frame.
    var frame: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frameSize)
        appendFrame(to: &bytes, answersAtOnce: answersAtOnce)
        return bytes
    }

    /// The request in a frame made by `appendFrame(to:answersAtOnce:)`, read where it lies.
    init(frame: UnsafeRawBufferPointer) throws {
        var fields = try WorkerFrame.fields(of: frame, damaged: Self.damaged)
        let kindIndex = Int(try fields.byte())
        guard kindIndex < PlannedItem.Kind.allCases.count else { throw Self.damaged }
        let answersAtOnce = try fields.byte() != 0
        guard let input = try fields.field(), let temporary = try fields.field() else { throw Self.damaged }
        self.init(
            input: ItemPath(bytes: Array(input)), kind: PlannedItem.Kind.allCases[kindIndex],
            temporary: ItemPath(bytes: Array(temporary)))
        self.answersAtOnce = answersAtOnce
    }

    /// The request in a frame made by `frame`.
    init(frame: [UInt8]) throws {
        self = try frame.withUnsafeBytes { try Self(frame: $0) }
    }
}

extension PreparedItem {
    static let damaged = ConversionError(code: .workerBadAnswer, message: "the worker's answer could not be read")

    /// Appends the prepared item's frame to `bytes`.
    func appendFrame(to bytes: inout [UInt8]) {
        let start = WorkerFrame.begin(&bytes)
        bytes.append(outputIsFolder ? 1 : 0)
        WorkerFrame.append(inputSize, to: &bytes)
        WorkerFrame.append(inputModificationSeconds, to: &bytes)
        WorkerFrame.append(inputModificationNanoseconds, to: &bytes)
        WorkerFrame.append(string: sourceType, to: &bytes)
        WorkerFrame.append(UInt32(route.count), to: &bytes)
        for codec in route { WorkerFrame.append(string: codec, to: &bytes) }
        WorkerFrame.append(string: inputHash, to: &bytes)
        WorkerFrame.append(string: outputHash, to: &bytes)
        WorkerFrame.append(UInt32(warnings.count), to: &bytes)
        for warning in warnings {
            WorkerFrame.append(string: warning.code, to: &bytes)
            WorkerFrame.append(string: warning.path, to: &bytes)
            WorkerFrame.append(string: warning.message, to: &bytes)
        }
        // An error is rare and nested (its location): JSON keeps every part of it.
        if let error, let encoded = try? JSONEncoder().encode(error) {
            WorkerFrame.append(field: encoded, to: &bytes)
        } else {
            WorkerFrame.append(WorkerFrame.none, to: &bytes)
        }
        WorkerFrame.end(start, in: &bytes)
    }

    /// The prepared item as one frame.
    var frame: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        appendFrame(to: &bytes)
        return bytes
    }

    /// The prepared item in a frame made by `appendFrame(to:)`, read where it lies; `names` keeps the
    /// content types and routes already read, which a job's answers repeat.
    init(frame: UnsafeRawBufferPointer, names: inout AnswerNames) throws {
        var fields = try WorkerFrame.fields(of: frame, damaged: Self.damaged)
        self.init()
        outputIsFolder = try fields.byte() != 0
        inputSize = try fields.number64()
        inputModificationSeconds = try fields.number64()
        inputModificationNanoseconds = try fields.number64()
        sourceType = try fields.field().map { names.string($0) }
        let routeCount = try fields.count()
        let routeStart = fields.position
        for _ in 0..<routeCount { _ = try fields.field() }
        route = try names.route(fields.bytes(from: routeStart), count: routeCount)
        inputHash = try fields.string()
        outputHash = try fields.string()
        for _ in 0..<(try fields.count()) {
            let code = try fields.string() ?? ""
            let path = try fields.string() ?? ""
            let message = try fields.string() ?? ""
            warnings.append(ConversionWarning(code: code, path: path, message: message))
        }
        error = try fields.field().map { try JSONDecoder().decode(ConversionError.self, from: Data($0)) }
    }

    /// The prepared item in a frame made by `frame`.
    init(frame: [UInt8]) throws {
        var names = AnswerNames()
        self = try frame.withUnsafeBytes { try Self(frame: $0, names: &names) }
    }
}

/// The content types and routes a worker's answers named lately, each made a `String` once.
///
/// A job's items are mostly of a few types, each converted along one route: the same few names come
/// back in every answer, and making them anew cost allocations per answer in the parent.
struct AnswerNames {
    private var strings: [(bytes: [UInt8], value: String)] = []
    private var routes: [(bytes: [UInt8], value: [String])] = []
    /// The most names of each kind kept: more distinct ones are made afresh each time.
    static let limit = 16

    /// The text of the UTF-8 `bytes`, as `String(decoding:as:)` makes it.
    mutating func string(_ bytes: UnsafeRawBufferPointer) -> String {
        if let known = strings.first(where: { $0.bytes.elementsEqual(bytes) }) { return known.value }
        let value = String(decoding: bytes, as: UTF8.self)
        if strings.count < Self.limit { strings.append((Array(bytes), value)) }
        return value
    }

    /// The route whose `count` fields are `bytes`.
    mutating func route(_ bytes: UnsafeRawBufferPointer, count: Int) throws -> [String] {
        if count == 0 { return [] }
        if let known = routes.first(where: { $0.bytes.elementsEqual(bytes) }) { return known.value }
        var fields = RouteFields(bytes)
        var value: [String] = []
        value.reserveCapacity(count)
        for _ in 0..<count {
            guard let field = fields.next() else { throw PreparedItem.damaged }
            value.append(field.map { string($0) } ?? "")
        }
        if routes.count < Self.limit { routes.append((Array(bytes), value)) }
        return value
    }

    /// The byte strings of a route already checked by the frame's reader (`WorkerFrame.fields(of:damaged:)`).
    private struct RouteFields {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// The next field (nil inside for "none"); nil at the end.
        mutating func next() -> UnsafeRawBufferPointer?? {
            guard position + 4 <= bytes.count else { return nil }
            var length: UInt32 = 0
            for index in 0..<4 { length |= UInt32(bytes[position + index]) << UInt32(8 * index) }
            position += 4
            if length == WorkerFrame.none { return .some(nil) }
            guard Int(length) <= bytes.count - position else { return nil }
            defer { position += Int(length) }
            return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + Int(length))])
        }
    }
}

/// Splits a byte stream into frames (each its 4-byte little-endian length, then that many bytes).
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

    /// Hands the next whole frame (its length first) to `body` where it lies in the buffer, reading
    /// more with `read` (which fills a prefix of the buffer it is given and returns how many bytes it
    /// put there, 0 at the end of the stream); returns what `body` returned, or nil at the end.
    mutating func nextFrame<Result>(
        readingInto read: (UnsafeMutableRawBufferPointer) -> Int, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        while true {
            if let length = frameLength() {
                let frameStart = start
                start += length
                return storage.withUnsafeBytes { bytes in
                    body(UnsafeRawBufferPointer(rebasing: bytes[frameStart..<(frameStart + length)]))
                }
            }
            makeRoom(atLeast: 1)
            let filled = end
            let count = storage.withUnsafeMutableBytes { bytes in
                read(UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
            }
            if count <= 0 { return nil }
            end += min(count, storage.count - end)
        }
    }

    /// The next whole frame, reading more with `read` (as `nextFrame(readingInto:_:)` does); nil at the end.
    mutating func next(readingInto read: (UnsafeMutableRawBufferPointer) -> Int) -> [UInt8]? {
        nextFrame(readingInto: read) { Array($0) }
    }

    /// The next whole frame, reading more with `read` (which returns no bytes at the end of the stream); nil at the
    /// end.
    mutating func next(reading read: () -> Data) -> [UInt8]? {
        while true {
            if let length = frameLength() {
                defer { start += length }
                return Array(storage[start..<(start + length)])
            }
            let chunk = read()
            if chunk.isEmpty { return nil }
            makeRoom(atLeast: chunk.count)
            let filled = end
            storage.withUnsafeMutableBytes { bytes in
                _ = chunk.copyBytes(
                    to: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]).bindMemory(to: UInt8.self))
            }
            end += chunk.count
        }
    }

    /// The length of the whole frame at the front of the unread bytes (its length field included); nil
    /// when it is not all there yet.
    private func frameLength() -> Int? {
        guard end - start >= 4 else { return nil }
        var length = 4
        for index in 0..<4 { length += Int(storage[start + index]) << (8 * index) }
        return end - start >= length ? length : nil
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
