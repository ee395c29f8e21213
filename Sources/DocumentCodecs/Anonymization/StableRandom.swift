import DocumentModels

/// A deterministic stream of random numbers whose seed is a stable hash of bytes (never Swift's `Hasher`).
///
/// The seed is FNV-1a (64 bit) of the given byte strings, each followed by a 0xFF separator (a byte
/// UTF-8 never contains, so `["ab", "c"]` and `["a", "bc"]` differ); the stream is SplitMix64. Both are
/// fixed, documented functions, so the same input gives the same numbers in every process and on
/// every machine, which `Hasher` (seeded per process) would not.
struct StableRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A stream seeded by the FNV-1a hash of `parts`.
    init(_ parts: [some Sequence<UInt8>]) {
        var digest = StableDigest()
        for part in parts {
            digest.add(part)
            digest.add([0xFF])
        }
        state = digest.value
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }
}
