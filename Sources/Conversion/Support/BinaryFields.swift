/// Writes the fields of a small binary record: numbers little-endian, byte strings as a 4-byte length and the bytes.
///
/// The job's own files and pipes (the report's spill, the messages to and from its workers) use this
/// rather than JSON: paths stay exact bytes, and a record costs a few copies instead of an encoder's
/// reflection over `Codable`. "None" is a length of 0xFFFF_FFFF.
struct BinaryWriter {
    static let none: UInt32 = 0xFFFF_FFFF
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func number(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func number(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    mutating func field(_ value: [UInt8]?) {
        guard let value else {
            number(Self.none)
            return
        }
        number(UInt32(value.count))
        bytes += value
    }

    mutating func string(_ value: String?) {
        field(value.map { Array($0.utf8) })
    }

    /// The record with its length in front, as one frame.
    var framed: [UInt8] {
        var frame = BinaryWriter(capacity: bytes.count + 4)
        frame.number(UInt32(bytes.count))
        frame.bytes += bytes
        return frame.bytes
    }

    /// The length of the frame at the start of `buffer`, when all of it is there.
    static func frameLength(_ buffer: ArraySlice<UInt8>) -> Int? {
        guard buffer.count >= 4 else { return nil }
        let start = buffer.startIndex
        let length =
            4
            + Int(
                UInt32(buffer[start]) | UInt32(buffer[start + 1]) << 8 | UInt32(buffer[start + 2]) << 16 | UInt32(
                    buffer[start + 3]) << 24)
        return buffer.count >= length ? length : nil
    }
}

/// Reads what `BinaryWriter` (or `WorkerFrame`) wrote where it lies, checking every length against the
/// bytes that are there; byte strings come back in place, valid while the buffer is.
struct BinaryReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var position: Int
    private let damaged: ConversionError

    /// A reader of `bytes` from `position`; `damaged` is thrown when a field runs past the end.
    init(_ bytes: UnsafeRawBufferPointer, position: Int = 0, damaged: ConversionError) {
        self.bytes = bytes
        self.position = position
        self.damaged = damaged
    }

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw damaged }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func number() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw damaged }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[position + index]) << UInt32(8 * index) }
        position += 4
        return value
    }

    mutating func number64() throws -> Int64 {
        guard position + 8 <= bytes.count else { throw damaged }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[position + index]) << UInt64(8 * index) }
        position += 8
        return Int64(bitPattern: value)
    }

    /// A count of items that follow (each at least one byte, so it cannot exceed what is left).
    mutating func count() throws -> Int {
        let value = try number()
        guard value != BinaryWriter.none, Int(value) <= bytes.count - position else { throw damaged }
        return Int(value)
    }

    /// The next byte string, in place; nil for "none".
    mutating func field() throws -> UnsafeRawBufferPointer? {
        let length = try number()
        if length == BinaryWriter.none { return nil }
        guard Int(length) <= bytes.count - position else { throw damaged }
        defer { position += Int(length) }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + Int(length))])
    }

    mutating func string() throws -> String? {
        try field().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes from `start` to the current position, in place.
    func bytes(from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }
}
