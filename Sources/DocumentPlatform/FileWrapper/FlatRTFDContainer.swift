import Foundation

/// The flat-RTFD container (`com.apple.flat-rtfd`), the layout of `FileWrapper.serializedRepresentation`.
///
/// Layout, every integer a little-endian `UInt32`: `"rtfd"`, version 0, then a directory record:
/// type 3, entry count N, N × (name length, name bytes), N × entry size, then the N entries. An
/// entry is a directory record, or type 1 followed by the data length and the data; a length of
/// `0x80000000` is followed by the real length, a padding length and that many zero bytes. The
/// layout is reverse-engineered (Apple documents it as opaque); see the reference fact sheet.
/// The decoder checks every length against the bytes that remain, so hostile input throws.
package enum FlatRTFDContainer {
    /// One entry of a directory record.
    package indirect enum Entry: Equatable, Sendable {
        case data(Data)
        case directory([Item])
    }

    /// A named entry; names are raw bytes, as stored.
    package struct Item: Equatable, Sendable {
        package var name: [UInt8]
        package var entry: Entry
        package init(name: [UInt8], entry: Entry) {
            self.name = name
            self.entry = entry
        }
        package init(_ name: String, _ entry: Entry) {
            self.init(name: Array(name.utf8), entry: entry)
        }
    }

    private static let magic: [UInt8] = Array("rtfd".utf8)
    private static let directoryType: UInt32 = 3
    private static let dataType: UInt32 = 1
    private static let paddedMarker: UInt32 = 0x8000_0000
    /// Deeper nesting than this is refused rather than recursed into.
    package static let maximumDepth = 256

    // MARK: Encoding

    /// Encodes a top-level directory record.
    package static func encode(_ items: [Item]) -> Data {
        var output = [UInt8]()
        output += magic
        append(0, to: &output)
        output += encodeDirectory(items)
        return Data(output)
    }

    private static func append(_ value: UInt32, to output: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { output += $0 }
    }

    private static func encodeEntry(_ entry: Entry) -> [UInt8] {
        switch entry {
        case .data(let data):
            var output = [UInt8]()
            append(dataType, to: &output)
            append(UInt32(data.count), to: &output)
            output += data
            return output
        case .directory(let items):
            return encodeDirectory(items)
        }
    }

    private static func encodeDirectory(_ items: [Item]) -> [UInt8] {
        var output = [UInt8]()
        append(directoryType, to: &output)
        append(UInt32(items.count), to: &output)
        for item in items {
            append(UInt32(item.name.count), to: &output)
            output += item.name
        }
        let bodies = items.map { encodeEntry($0.entry) }
        for body in bodies { append(UInt32(body.count), to: &output) }
        for body in bodies { output += body }
        return output
    }

    // MARK: Decoding

    /// Why a flat-RTFD container could not be decoded, with the byte offset.
    package struct DecodingError: LocatedError, Sendable {
        package let file: String? = nil
        package let location: ErrorLocation?
        /// The catalogued code.
        package let kind: FlatRTFDContainerErrorCode
        package var code: String { kind.rawValue }
        package let message: String

        init(_ kind: FlatRTFDContainerErrorCode, at offset: Int, _ message: String) {
            self.location = .byte(offset)
            self.kind = kind
            self.message = message
        }
    }

    /// Decodes the top-level directory record of a container.
    package static func decode(_ data: Data) throws -> [Item] {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, Array(bytes[0..<4]) == magic else {
            throw DecodingError(.magic, at: 0, "the data does not start with the flat-RTFD signature \"rtfd\"")
        }
        var reader = Reader(bytes: bytes, offset: 4, end: bytes.count)
        let version = try reader.word("version")
        guard version == 0 else {
            throw DecodingError(.version, at: 4, "unsupported flat-RTFD version \(version) (only 0 is known)")
        }
        let typeOffset = reader.offset
        guard try reader.word("entry type") == directoryType else {
            throw DecodingError(.topLevelType, at: typeOffset, "the top-level entry is not a directory record")
        }
        let items = try decodeDirectory(&reader, depth: 0)
        guard reader.offset == bytes.count else {
            throw DecodingError(
                .trailingBytes, at: reader.offset,
                "\(bytes.count - reader.offset) bytes follow the end of the container")
        }
        return items
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int
        let end: Int

        mutating func word(_ what: String) throws -> UInt32 {
            guard end - offset >= 4 else {
                throw DecodingError(.truncated, at: offset, "the container ends inside the \(what)")
            }
            let value =
                UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(
                    bytes[offset + 3]) << 24
            offset += 4
            return value
        }

        mutating func take(_ count: Int, _ what: String) throws -> ArraySlice<UInt8> {
            guard count >= 0, end - offset >= count else {
                throw DecodingError(
                    .truncated, at: offset, "the \(what) claims \(count) bytes but only \(end - offset) remain")
            }
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }
    }

    /// Decodes a directory record whose type word has been read.
    private static func decodeDirectory(_ reader: inout Reader, depth: Int) throws -> [Item] {
        guard depth < maximumDepth else {
            throw DecodingError(.tooDeep, at: reader.offset, "directories are nested more than \(maximumDepth) deep")
        }
        let countOffset = reader.offset
        let count = Int(try reader.word("entry count"))
        // Each entry needs at least a name length and a size: refuse counts the remaining bytes cannot hold.
        guard count <= (reader.end - reader.offset) / 8 else {
            throw DecodingError(
                .count, at: countOffset, "the directory claims \(count) entries, more than the remaining bytes can hold"
            )
        }
        var names: [[UInt8]] = []
        var seen = Set<[UInt8]>()
        for _ in 0..<count {
            let nameOffset = reader.offset
            let length = Int(try reader.word("name length"))
            let name = Array(try reader.take(length, "name"))
            guard seen.insert(name).inserted else {
                throw DecodingError(
                    .duplicateName, at: nameOffset,
                    "the name '\(String(decoding: name, as: UTF8.self))' appears twice in one directory")
            }
            names.append(name)
        }
        var sizes: [Int] = []
        for _ in 0..<count { sizes.append(Int(try reader.word("entry size"))) }
        var items: [Item] = []
        for (name, size) in zip(names, sizes) {
            let start = reader.offset
            guard size <= reader.end - start else {
                throw DecodingError(
                    .truncated, at: start, "an entry claims \(size) bytes but only \(reader.end - start) remain")
            }
            var entryReader = Reader(bytes: reader.bytes, offset: start, end: start + size)
            let type = try entryReader.word("entry type")
            let entry: Entry
            switch type {
            case dataType:
                entry = .data(try decodeData(&entryReader))
            case directoryType:
                entry = .directory(try decodeDirectory(&entryReader, depth: depth + 1))
            default:
                throw DecodingError(.entryType, at: start, "unknown entry type \(type) (1 is data, 3 a directory)")
            }
            guard entryReader.offset == entryReader.end else {
                throw DecodingError(
                    .entrySize, at: entryReader.offset,
                    "the entry is \(entryReader.offset - start) bytes long but its size says \(size)")
            }
            reader.offset = entryReader.end
            items.append(Item(name: name, entry: entry))
        }
        return items
    }

    private static func decodeData(_ reader: inout Reader) throws -> Data {
        var length = try reader.word("data length")
        if length == paddedMarker {
            length = try reader.word("padded data length")
            let paddingOffset = reader.offset
            let padding = Int(try reader.word("padding length"))
            let zeros = try reader.take(padding, "padding")
            guard zeros.allSatisfy({ $0 == 0 }) else {
                throw DecodingError(.padding, at: paddingOffset, "the padding before the data is not all zero bytes")
            }
        }
        return Data(try reader.take(Int(length), "data"))
    }
}
