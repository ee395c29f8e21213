/// A streaming SHA-256 hasher (FIPS 180-4) that uses the CPU's SHA instructions where it has them.
///
/// Where the CPU lacks them (or on another architecture) the hasher runs its own rounds, written in
/// Swift, so that every platform hashes alike. Feed bytes with `update(_:)` in pieces of any size and
/// call `finalize()` once; `hash(_:)` does both for bytes already in memory and Comparison's
/// `hash(contentsOf:)` streams a file. The verifier hashes every member first and decodes only what
/// differs, so the inner loop works on raw buffers, a whole block at a time, without allocating.
///
/// Public, unlike the rest of the seam, because Comparison's public API hands these hashers and their
/// digests out (it re-exports the two types).
public struct SHA256: Sendable {
    /// The number of bytes one compression step consumes.
    public static let blockByteCount = 64

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes of an incomplete block waiting for more input; only the first `pendingCount` are meaningful.
    private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0
    private var totalByteCount: UInt64 = 0
    private var finalized = false
    /// Whether `compress(blocks:)` hands the blocks to the CPU's SHA instructions; chosen once, at `init`.
    private let usesHardwareCompression: Bool

    /// Whether new hashers use the CPU's SHA-256 instructions: true where the CPU has them (the x86
    /// SHA extensions, asked of CPUID once per process), false elsewhere.
    package static let usesHardware: Bool = SHA256HardwareCompression.isAvailable

    /// A hasher that has seen no bytes yet.
    public init() {
        usesHardwareCompression = Self.usesHardware
    }

    /// A hasher that runs its own Swift rounds even where the CPU has SHA instructions, or, with
    /// `allowsHardware` true, the same as `init()`; the tests compare the two on one machine.
    package init(allowsHardware: Bool) {
        usesHardwareCompression = allowsHardware && Self.usesHardware
    }

    /// Adds the bytes of `buffer` to the message.
    ///
    /// Calling it after `finalize()` is a precondition failure, as with any finished hasher.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        precondition(!finalized, "SHA256.update(_:) called after finalize()")
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        totalByteCount &+= UInt64(buffer.count)
        var offset = 0
        if pendingCount > 0 {
            let taken = min(Self.blockByteCount - pendingCount, buffer.count)
            withUnsafeMutableBytes(of: &pending) { pendingBytes in
                guard let pendingBase = pendingBytes.baseAddress else { return }
                (pendingBase + pendingCount).copyMemory(from: base, byteCount: taken)
            }
            pendingCount += taken
            offset = taken
            if pendingCount == Self.blockByteCount {
                var block = pending
                withUnsafeBytes(of: &block) { compress(blocks: $0) }
                pendingCount = 0
            }
        }
        let wholeBlockBytes = (buffer.count - offset) / Self.blockByteCount * Self.blockByteCount
        if wholeBlockBytes > 0 {
            compress(blocks: UnsafeRawBufferPointer(start: base + offset, count: wholeBlockBytes))
            offset += wholeBlockBytes
        }
        let rest = buffer.count - offset
        if rest > 0 {
            withUnsafeMutableBytes(of: &pending) { pendingBytes in
                guard let pendingBase = pendingBytes.baseAddress else { return }
                pendingBase.copyMemory(from: base + offset, byteCount: rest)
            }
            pendingCount = rest
        }
    }

    /// Adds `bytes` (an array, `Data`, a slice…) to the message, without copying contiguous storage.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { storage in
            update(UnsafeRawBufferPointer(storage))
        }
        if handled != nil { return }
        // Data and other non-contiguous collections arrive here; copy them in bounded chunks.
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 16)
        for byte in bytes {
            chunk.append(byte)
            if chunk.count == 1 << 16 {
                chunk.withUnsafeBytes { update($0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        chunk.withUnsafeBytes { update($0) }
    }

    /// Pads the message, returns its digest and ends this hasher; a second call is a precondition failure.
    public mutating func finalize() -> SHA256Digest {
        precondition(!finalized, "SHA256.finalize() called twice")
        let bitCount = totalByteCount &* 8
        var padding = [UInt8](repeating: 0, count: Self.blockByteCount * 2)
        padding[0] = 0x80
        // One 0x80 byte, zeros, and the 8-byte length must end on a block boundary.
        let paddingCount = pendingCount < 56 ? 64 - pendingCount : 128 - pendingCount
        for index in 0..<8 {
            padding[paddingCount - 8 + index] = UInt8(truncatingIfNeeded: bitCount >> (56 - 8 * UInt64(index)))
        }
        let total = totalByteCount
        padding.withUnsafeBytes { update(UnsafeRawBufferPointer(rebasing: $0[0..<paddingCount])) }
        totalByteCount = total
        finalized = true
        return SHA256Digest(
            words: (
                UInt64(state.0) << 32 | UInt64(state.1), UInt64(state.2) << 32 | UInt64(state.3),
                UInt64(state.4) << 32 | UInt64(state.5), UInt64(state.6) << 32 | UInt64(state.7)
            ))
    }

    /// The digest of `bytes` in one call.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> SHA256Digest where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Runs the compression function over whole 64-byte blocks, by the CPU's instructions or in Swift.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        guard let base = blocks.baseAddress else { return }
        let blockCount = blocks.count / Self.blockByteCount
        if usesHardwareCompression {
            // A tuple of one element type is laid out as a C array, which is what the C side updates.
            withUnsafeMutablePointer(to: &state) { tuple in
                tuple.withMemoryRebound(to: UInt32.self, capacity: 8) { words in
                    SHA256HardwareCompression.compress(state: words, blocks: base, blockCount: blockCount)
                }
            }
        } else {
            compressInSwift(base: base, blockCount: blockCount)
        }
    }

    /// The compression function of FIPS 180-4 (6.2.2) in portable Swift, for CPUs without SHA instructions.
    private mutating func compressInSwift(base: UnsafeRawPointer, blockCount: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        SHA256.roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                for blockIndex in 0..<blockCount {
                    let block = base + blockIndex * Self.blockByteCount
                    for index in 0..<16 {
                        schedule[index] = block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self).bigEndian
                    }
                    for index in 16..<64 {
                        let early = schedule[index - 15], late = schedule[index - 2]
                        let sigma0 = early.rotatedRight(7) ^ early.rotatedRight(18) ^ (early >> 3)
                        let sigma1 = late.rotatedRight(17) ^ late.rotatedRight(19) ^ (late >> 10)
                        schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    for index in 0..<64 {
                        let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = (e & f) ^ (~e & g)
                        let temporary1 = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
                        let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let temporary2 = sum0 &+ majority
                        h = g
                        g = f
                        f = e
                        e = d &+ temporary1
                        d = c
                        c = b
                        b = a
                        a = temporary1 &+ temporary2
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
