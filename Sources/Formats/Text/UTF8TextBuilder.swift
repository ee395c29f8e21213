/// Builds a `String` from pieces of UTF-8 that are valid by construction, without validating them again.
///
/// The text codecs make UTF-8 they know to be valid: an 8-bit table holds only whole UTF-8
/// sequences, and rewriting line endings swaps ASCII for ASCII in text that was already a `String`.
/// Handing such bytes to `String(unsafeUninitializedCapacity:initializingUTF8With:)` or
/// `String(decoding:as:)` validates them once more, which cost a fifth of a 200 MB Mac OS Roman
/// conversion. Here each piece becomes a `UTF8Span` without a check and is appended to one string
/// whose whole capacity is reserved up front, so the bytes are copied once from a small piece buffer
/// (that stays in the processor's cache) into the string's own storage.
///
/// Every piece must be valid UTF-8 on its own (a sequence never spans two pieces); callers guarantee
/// it, and the tests compare the result with `String(decoding:as:)` of the same bytes. Where the
/// standard library lacks `UTF8Span` (Apple systems before the 26 releases) the pieces are validated.
struct UTF8TextBuilder {
    private(set) var text = ""

    /// A builder whose string has room for `capacity` bytes, so that appending never moves it.
    init(reservingCapacity capacity: Int) {
        text.reserveCapacity(capacity)
    }

    /// Appends `piece`, which must be whole, valid UTF-8; `isASCII` says it is all ASCII (false is always safe).
    ///
    /// The flag lets the string keep the "all ASCII" mark that validation would have set, which
    /// makes later indexing of a pure-ASCII text take the standard library's fast paths.
    mutating func append(validUTF8 piece: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
        guard !piece.isEmpty else { return }
        // Debug builds (the tests) check what the callers promise; release builds trust them.
        assert(String(validating: piece, as: UTF8.self) != nil, "a piece of text that is not whole, valid UTF-8")
        assert(!isASCII || Self.isASCII(piece), "a piece marked ASCII that is not")
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            text.append(String(copying: UTF8Span(unchecked: piece.span, isKnownASCII: isASCII)))
        } else {
            text.append(String(decoding: piece, as: UTF8.self))
        }
    }

    /// Whether every byte of `bytes` is ASCII, looked at eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0, union: UInt64 = 0
        while offset + 8 <= bytes.count {
            union |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            union |= UInt64(base[offset])
            offset += 1
        }
        return union & 0x8080_8080_8080_8080 == 0
    }
}
