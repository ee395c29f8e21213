import DocumentCodecs

/// Apple's binary writer (`__CFBinaryPlistWrite` / `_flattenPlist`), as plistlib reproduces it byte for byte.
///
/// The value is flattened depth-first in pre-order, the top object first; a dictionary queues all its
/// keys, then all its values, in its own order. Strings, integers, reals, dates and data that are
/// equal share one object (strings compare by Unicode scalars, reals and dates by bit pattern, so
/// that −0.0 keeps its sign where CF's `CFEqual` would merge it with 0.0); booleans are two
/// singletons; arrays, dictionaries and UIDs are never shared (plistlib shares UIDs only when one
/// Python object appears twice, which a value model cannot express). References and offsets take the
/// smallest of 1, 2, 4 or 8 bytes that hold the object count and the offset-table offset. Flattening
/// uses an explicit stack, so a deeply nested value built in memory cannot exhaust the thread's stack.
struct BinaryPropertyListWriter {
    /// A scalar as the uniquing table keys it: type first, then the exact content.
    private enum ScalarKey: Hashable {
        case string(ExactString)
        case integer(Int128)
        case real(UInt64)
        case date(UInt64)
        case data(Data)
        case boolean(Bool)
    }

    /// A string compared and hashed by its UTF-8 bytes, never by canonical equivalence.
    private struct ExactString: Hashable {
        let text: String

        static func == (left: ExactString, right: ExactString) -> Bool {
            left.text.utf8.elementsEqual(right.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    private var objects: [PropertyListValue] = []
    private var references: [[Int]] = []
    private var unique: [ScalarKey: Int] = [:]

    static func write(_ value: PropertyListValue) throws -> Data {
        var writer = BinaryPropertyListWriter()
        writer.flatten(value)
        return Data(try writer.serialize())
    }

    private static func key(_ value: PropertyListValue) -> ScalarKey? {
        switch value {
        case .string(let text): .string(ExactString(text: text))
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real.bitPattern)
        case .date(let seconds): .date(seconds.bitPattern)
        case .data(let data): .data(data)
        case .boolean(let flag): .boolean(flag)
        case .array, .dictionary, .uid: nil
        }
    }

    private mutating func flatten(_ root: PropertyListValue) {
        var stack: [(value: PropertyListValue, parent: Int, slot: Int)] = [(root, -1, 0)]
        while let (value, parent, slot) = stack.popLast() {
            let index: Int
            let key = Self.key(value)
            if let key, let existing = unique[key] {
                index = existing
            } else {
                index = objects.count
                objects.append(value)
                if let key { unique[key] = index }
                switch value {
                case .array(let elements):
                    references.append(Array(repeating: 0, count: elements.count))
                    for (position, element) in elements.enumerated().reversed() {
                        stack.append((element, index, position))
                    }
                case .dictionary(let entries):
                    references.append(Array(repeating: 0, count: entries.count * 2))
                    for (position, entry) in entries.enumerated().reversed() {
                        stack.append((entry.value, index, entries.count + position))
                    }
                    for (position, entry) in entries.enumerated().reversed() {
                        stack.append((.string(entry.key), index, position))
                    }
                default:
                    references.append([])
                }
            }
            if parent >= 0 { references[parent][slot] = index }
        }
    }

    private func serialize() throws -> [UInt8] {
        let referenceSize = Self.byteCount(for: UInt64(objects.count))
        var output: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            offsets.append(output.count)
            switch object {
            case .boolean(let flag):
                output.append(flag ? 0x09 : 0x08)
            case .integer(let integer):
                try Self.appendInteger(integer, to: &output)
            case .real(let real):
                output.append(0x23)
                Self.append(real.bitPattern, size: 8, to: &output)
            case .date(let seconds):
                output.append(0x33)
                Self.append(seconds.bitPattern, size: 8, to: &output)
            case .data(let data):
                Self.appendHeader(0x40, count: data.count, to: &output)
                output.append(contentsOf: data)
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    Self.appendHeader(0x50, count: text.utf8.count, to: &output)
                    output.append(contentsOf: text.utf8)
                } else {
                    Self.appendHeader(0x60, count: text.utf16.count, to: &output)
                    for unit in text.utf16 {
                        output.append(UInt8(unit >> 8))
                        output.append(UInt8(unit & 0xFF))
                    }
                }
            case .uid(let uid):
                switch uid {
                case 0..<0x100:
                    output.append(0x80)
                    Self.append(UInt64(uid), size: 1, to: &output)
                case 0x100..<0x10000:
                    output.append(0x81)
                    Self.append(UInt64(uid), size: 2, to: &output)
                default:
                    output.append(0x83)
                    Self.append(UInt64(uid), size: 4, to: &output)
                }
            case .array:
                Self.appendHeader(0xA0, count: references[index].count, to: &output)
                for reference in references[index] { Self.append(UInt64(reference), size: referenceSize, to: &output) }
            case .dictionary:
                Self.appendHeader(0xD0, count: references[index].count / 2, to: &output)
                for reference in references[index] { Self.append(UInt64(reference), size: referenceSize, to: &output) }
            }
        }
        let tableOffset = output.count
        let offsetSize = Self.byteCount(for: UInt64(tableOffset))
        for offset in offsets { Self.append(UInt64(offset), size: offsetSize, to: &output) }
        output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        Self.append(UInt64(objects.count), size: 8, to: &output)
        Self.append(0, size: 8, to: &output)
        Self.append(UInt64(tableOffset), size: 8, to: &output)
        return output
    }

    /// The smallest of 1, 2, 4 or 8 bytes that holds `value`.
    static func byteCount(for value: UInt64) -> Int {
        switch value {
        case 0..<(1 << 8): 1
        case (1 << 8)..<(1 << 16): 2
        case (1 << 16)..<(1 << 32): 4
        default: 8
        }
    }

    private static func appendInteger(_ integer: Int128, to output: inout [UInt8]) throws {
        switch integer {
        case Int128(Int64.min)..<0:
            output.append(0x13)
            append(UInt64(bitPattern: Int64(integer)), size: 8, to: &output)
        case 0..<(1 << 8):
            output.append(0x10)
            append(UInt64(integer), size: 1, to: &output)
        case (1 << 8)..<(1 << 16):
            output.append(0x11)
            append(UInt64(integer), size: 2, to: &output)
        case (1 << 16)..<(1 << 32):
            output.append(0x12)
            append(UInt64(integer), size: 4, to: &output)
        case (1 << 32)..<(1 << 63):
            output.append(0x13)
            append(UInt64(integer), size: 8, to: &output)
        case (1 << 63)..<(Int128(1) << 64):
            // As plistlib writes 2^63 … 2^64 − 1: a 16-byte two's-complement integer.
            output.append(0x14)
            append(0, size: 8, to: &output)
            append(UInt64(integer), size: 8, to: &output)
        default:
            throw CodecError(
                code: .plist(.binaryIntegerOutOfRange),
                message: "the integer \(integer) is outside −2^63 … 2^64 − 1, the range a property list holds")
        }
    }

    private static func appendHeader(_ marker: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(marker | UInt8(count))
            return
        }
        output.append(marker | 0x0F)
        switch byteCount(for: UInt64(count)) {
        case 1:
            output.append(0x10)
            append(UInt64(count), size: 1, to: &output)
        case 2:
            output.append(0x11)
            append(UInt64(count), size: 2, to: &output)
        case 4:
            output.append(0x12)
            append(UInt64(count), size: 4, to: &output)
        default:
            output.append(0x13)
            append(UInt64(count), size: 8, to: &output)
        }
    }

    private static func append(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
