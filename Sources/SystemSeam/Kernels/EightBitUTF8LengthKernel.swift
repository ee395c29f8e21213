// The seam through which the streamed 8-bit → UTF-8 length count reaches AVX2 (vpshufb, which Swift
// cannot emit); the C target compiles the instructions for that function alone and asks CPUID whether
// this CPU has them, so one binary runs everywhere.
import CDocumentPlatform

/// Counts, 32 bytes at a time with AVX2 where the CPU has it, how much longer an 8-bit text becomes in UTF-8 and how
/// many CR LF pairs it holds.
///
/// For an encoding whose lower half is ASCII and whose every upper-half byte becomes two or three
/// UTF-8 bytes, the output is one byte longer than the input for each upper-half byte, and one more
/// for each byte of the three-byte set. The set is given as two nibble tables (see
/// ``init(threeByteSet:)``), which the kernel looks up 32 bytes at once.
package struct EightBitUTF8LengthKernel: Sendable {
    /// Whether this CPU has the instructions; asked once per process.
    package static let isAvailable: Bool = docmigrate_avx2_available() != 0

    private let lowNibbles: [UInt8]
    private let highNibbles: [UInt8]

    /// A kernel for `threeByteSet`, the upper-half bytes that become three UTF-8 bytes; nil where the CPU lacks AVX2.
    ///
    /// A byte `b` is in the set when the bit `(b >> 4) - 8` of `lowNibbles[b & 15]` is set: the high
    /// nibble picks a bit, the low nibble a mask, and lower-half bytes pick no bit.
    package init?(threeByteSet: Set<UInt8>) {
        guard Self.isAvailable else { return nil }
        var low = [UInt8](repeating: 0, count: 16)
        for byte in threeByteSet where byte >= 0x80 { low[Int(byte & 0x0F)] |= 1 << ((byte >> 4) - 8) }
        lowNibbles = low
        highNibbles = (0..<16).map { $0 < 8 ? 0 : 1 << UInt8($0 - 8) }
    }

    /// Counts the leading 32-byte chunks of `bytes` (never its last byte); returns how many bytes it took, the extra
    /// UTF-8 length of those bytes, and the CR LF pairs starting among them.
    ///
    /// A pair whose CR is the last byte taken is counted (the kernel looks at the byte after each
    /// chunk); the caller counts the bytes from the returned offset on, and pairs across its own blocks.
    package func count(_ bytes: UnsafeRawBufferPointer) -> (taken: Int, extra: Int, pairs: Int) {
        guard let base = bytes.baseAddress, bytes.count > 32 else { return (0, 0, 0) }
        var extra: UInt64 = 0, pairs: UInt64 = 0
        let taken = lowNibbles.withUnsafeBufferPointer { low in
            highNibbles.withUnsafeBufferPointer { high in
                docmigrate_eight_bit_utf8_extra_avx2(
                    base, bytes.count, low.baseAddress, high.baseAddress, &extra, &pairs)
            }
        }
        return (taken, Int(extra), Int(pairs))
    }
}
