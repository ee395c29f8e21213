import DocumentCodecs
import Foundation
import Testing

@testable import Formats

/// Binary property lists built to exhaust the reader: a chain of a million nested arrays, and
/// trailers and objects that declare sizes of 2^62. The reader must refuse them with an error,
/// quickly, and without allocating what they declare.
@Suite struct BinaryPropertyListLimitsTests {
    /// `count` arrays, each holding a reference to the next, with 3-byte offsets and references.
    static func chain(of count: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        bytes.reserveCapacity(8 + count * 7 + 32)
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for level in 0..<count {
            offsets.append(bytes.count)
            if level == count - 1 {
                bytes.append(0xA0)
            } else {
                bytes += [0xA1, UInt8((level + 1) >> 16), UInt8(((level + 1) >> 8) & 0xFF), UInt8((level + 1) & 0xFF)]
            }
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 16), UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 3, 3]
        bytes += bigEndian(UInt64(count)) + bigEndian(0) + bigEndian(UInt64(tableOffset))
        return Data(bytes)
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8((value >> (56 - 8 * UInt64($0))) & 0xFF) }
    }

    /// A file whose only object is `object`, with 1-byte offsets and references.
    static func single(_ object: [UInt8]) -> Data {
        var bytes = Array("bplist00".utf8) + object
        let tableOffset = bytes.count
        bytes.append(8)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(1) + bigEndian(0) + bigEndian(UInt64(tableOffset))
        return Data(bytes)
    }

    @Test func aMillionNestedArraysGiveADepthErrorNotAStackOverflow() throws {
        let data = Self.chain(of: 1_000_000)
        let started = ContinuousClock.now
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(data) }
        #expect(error.code == "plist.binary.too-deep")
        #expect(ContinuousClock.now - started < .seconds(5))
        // The same chain within the limit is read: the error is the depth, not the shape of the file.
        #expect(throws: Never.self) { try BinaryPropertyList.read(Self.chain(of: 500)) }
    }

    static let huge: UInt64 = 1 << 62

    @Test func aTrailerThatDeclaresTwoToTheSixtySecondObjectsIsRefusedWithoutAllocatingThem() throws {
        var bytes = Array("bplist00".utf8) + [0x08]
        let tableOffset = bytes.count
        bytes.append(8)
        // 2^62 objects, with 8-byte offsets: the table would be 2^65 bytes, and the object array 2^62 entries.
        bytes +=
            [0, 0, 0, 0, 0, 0, 8, 8] + Self.bigEndian(Self.huge) + Self.bigEndian(0)
            + Self.bigEndian(UInt64(tableOffset))
        let started = ContinuousClock.now
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Data(bytes)) }
        #expect(error.code == "plist.binary.offset-table-size", "\(error)")
        #expect(ContinuousClock.now - started < .seconds(1))
        // 2^60 offsets of 8 bytes (2^63 bytes) do not overflow the product, and are refused the same way.
        var large = Array("bplist00".utf8) + [0x08, 8]
        large += [0, 0, 0, 0, 0, 0, 8, 8] + Self.bigEndian(1 << 60) + Self.bigEndian(0) + Self.bigEndian(9)
        #expect(throws: CodecError.self) { try BinaryPropertyList.read(Data(large)) }
        // An offset table placed at 2^62 is past the end of any file.
        var far = Array("bplist00".utf8) + [0x08, 8]
        far += [0, 0, 0, 0, 0, 0, 1, 1] + Self.bigEndian(1) + Self.bigEndian(0) + Self.bigEndian(Self.huge)
        let farError = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Data(far)) }
        #expect(farError.code == "plist.binary.offset-table-out-of-range")
    }

    /// Objects whose count is an 8-byte integer (marker 0x13) of 2^62: data, strings, an array, a dictionary.
    @Test(arguments: [0x4F, 0x5F, 0x6F, 0xAF, 0xDF] as [UInt8])
    func anObjectThatDeclaresTwoToTheSixtySecondElementsIsRefusedQuickly(marker: UInt8) throws {
        let object = [marker, 0x13] + Self.bigEndian(Self.huge) + [0, 0, 0, 0]
        let started = ContinuousClock.now
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Self.single(object)) }
        #expect(error.code == "plist.binary.truncated-object", "\(error)")
        #expect(error.location == .byte(8))
        #expect(ContinuousClock.now - started < .seconds(1))
        // Every count up to Int.max is refused the same way: none overflows an offset computation.
        for count in [UInt64(Int.max), UInt64(Int.max) / 2 + 1, UInt64.max] {
            let other = [marker, 0x13] + Self.bigEndian(count) + [0, 0, 0, 0]
            #expect(throws: CodecError.self) { try BinaryPropertyList.read(Self.single(other)) }
        }
    }
}
