/// A 64-bit FNV-1a digest: fixed, unseeded, the same in every process and on every machine.
///
/// Swift's `Hasher` is seeded per process, so anything that must agree across processes or runs
/// (lock-file names, a package's identity, an anonymizer's seed) uses this one function instead.
/// Offset basis 0xcbf29ce484222325, prime 0x100000001b3.
package struct StableDigest: Sendable {
    package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    package init() {}

    /// Adds bytes.
    package mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }

    /// Adds a number as its eight little-endian bytes.
    package mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    /// Adds a signed number as its eight little-endian bytes.
    package mutating func add(_ number: Int64) {
        add(UInt64(bitPattern: number))
    }

    /// The digest of a string's UTF-8 bytes.
    package static func of(_ text: String) -> UInt64 {
        var digest = StableDigest()
        digest.add(text.utf8)
        return digest.value
    }
}
