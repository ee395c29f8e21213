/// The values of one JSON document as one flat array of tokens, for deciding quickly that two documents are equal.
///
/// `JSONParser` builds a `JSONValue` tree: an allocation per string, number, array and object, and
/// reference counting for each. Deciding that two reformatted documents are equal, the common case
/// of a comparison, needs none of that: a token names a value's kind and where its bytes are, and a
/// container knows how many members or elements it has and where its last descendant ends. Strings
/// without escapes point into the document itself; only strings with escapes are decoded, into
/// `decoded`. The tape owns its three buffers and frees them when it ends, so it cannot be copied.
///
/// Scanning accepts exactly the documents `JSONParser` accepts, with one exception on the safe side:
/// a lone surrogate escape (which the parser rejects or, when asked, replaces) fails the scan. A
/// failed scan says nothing about why: the caller then asks the parser, which names the place.
struct JSONTape: ~Copyable {
    /// What a token stands for.
    enum Kind: UInt8 {
        case object, array, string, number, trueLiteral, falseLiteral, null
    }

    /// One value; an object member is two tokens, its key (a string) and then its value.
    struct Token {
        var kind: Kind
        /// Whether a string's bytes are in `decoded` (it had an escape) rather than in the document.
        var isDecoded: Bool
        /// Where a string's content or a number's text begins, in the document or in `decoded`.
        var start: UInt32
        /// The byte count of a string or a number; the member or element count of a container.
        var length: UInt32
        /// The index of the token after this value and everything inside it.
        var end: UInt32
    }

    private(set) var tokens: UnsafeMutablePointer<Token>
    private(set) var tokenCount = 0
    private var tokenCapacity: Int
    /// The UTF-8 of the strings that had escapes, one after another.
    private(set) var decoded: UnsafeMutablePointer<UInt8>
    private(set) var decodedCount = 0
    private var decodedCapacity: Int
    /// The token indices of the arrays and objects whose closing bracket has not been read yet.
    private var open: UnsafeMutablePointer<UInt32>
    private(set) var openCount = 0
    private var openCapacity: Int

    /// An empty tape with room for a document of about `documentSize` bytes (it grows when needed).
    init(documentSize: Int) {
        tokenCapacity = max(64, documentSize / 8)
        tokens = .allocate(capacity: tokenCapacity)
        decodedCapacity = 64
        decoded = .allocate(capacity: decodedCapacity)
        openCapacity = 32
        open = .allocate(capacity: openCapacity)
    }

    deinit {
        tokens.deallocate()
        decoded.deallocate()
        open.deallocate()
    }

    // MARK: Storage

    mutating func append(_ token: Token) {
        if tokenCount == tokenCapacity {
            Self.grow(&tokens, count: tokenCount, capacity: &tokenCapacity, to: tokenCapacity * 2)
        }
        (tokens + tokenCount).initialize(to: token)
        tokenCount += 1
    }

    private mutating func reserveDecoded(_ extra: Int) {
        guard decodedCount + extra > decodedCapacity else { return }
        Self.grow(
            &decoded, count: decodedCount, capacity: &decodedCapacity,
            to: max(decodedCapacity * 2, decodedCount + extra))
    }

    /// Moves the first `count` elements of `buffer` into a new buffer of `newCapacity` and frees the old one.
    private static func grow<Element>(
        _ buffer: inout UnsafeMutablePointer<Element>, count: Int, capacity: inout Int, to newCapacity: Int
    ) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = larger
        capacity = newCapacity
    }

    mutating func appendDecoded(_ bytes: UnsafePointer<UInt8>, count: Int) {
        reserveDecoded(count)
        (decoded + decodedCount).update(from: bytes, count: count)
        decodedCount += count
    }

    /// Appends the strict string content from `start` to `end` (its closing quote) with its escapes decoded.
    mutating func appendDecodedString(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        reserveDecoded(end - start)
        decodedCount += JSONLexing.decodeStrictString(bytes, from: start, to: end, into: decoded + decodedCount)
    }

    /// Empties the tape for another document, keeping its buffers.
    mutating func removeAll() {
        tokenCount = 0
        decodedCount = 0
        openCount = 0
    }

    /// The token index of the innermost open container; only while `openCount > 0`.
    var innermostOpen: Int { Int(open[openCount - 1]) }

    /// Forgets the innermost open container, whose closing bracket was read.
    mutating func popOpen() {
        openCount -= 1
    }

    mutating func pushOpen(_ tokenIndex: Int) {
        if openCount == openCapacity {
            Self.grow(&open, count: openCount, capacity: &openCapacity, to: openCapacity * 2)
        }
        open[openCount] = UInt32(truncatingIfNeeded: tokenIndex)
        openCount += 1
    }
}
