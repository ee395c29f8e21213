import DocumentCodecs

/// The byte rules of JSON text that every reader here shares: white space, runs of plain string bytes,
/// strict strings with their escapes and surrogate pairs, numbers and literals.
///
/// The tape's scanner, the block scanner and the cursor all lex with these, so that a rule (which bytes
/// are white space, what a `\u` escape takes, what a plain integer is) is decided once. Each function
/// reads `count` bytes from `bytes` and returns where the token ends; nil means the strict rules refuse it.
@usableFromInline
enum JSONLexing {
    /// Space, tab, line feed and carriage return: the only white space JSON and `JSONDecoder` allow.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The index of the first byte from `start` that is not white space (`count` when there is none).
    @inline(__always)
    static func skipWhitespace(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        var index = start
        // Compact documents have no whitespace between tokens: one look decides.
        if index < count && bytes[index] > 0x20 { return index }
        // Pretty-printed documents have a line break and a run of spaces: eight bytes at a time, the first
        // that is not whitespace found by its flag. Each byte's test is exact here (no carry crosses bytes:
        // a byte's low seven bits plus 0x7F stay below 0x100), so the lowest flag is the first such byte.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { ~(((value & lowBits) &+ lowBits) | value) }
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let whitespace =
                zeroBytes(word ^ (ones &* 0x20)) | zeroBytes(word ^ (ones &* 0x0A))
                | zeroBytes(word ^ (ones &* 0x0D)) | zeroBytes(word ^ (ones &* 0x09))
            let other = ~whitespace & ~lowBits
            if other != 0 { return index + other.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count && isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The index of the first byte from `start` that is `"` or `\\`, or also, when `stopsAtControlAndNonASCII`,
    /// below 0x20 or above 0x7F (`count` when there is none).
    ///
    /// Eight bytes at a time: a word holds such a byte when one of its bytes is `"` or `\\` (equal to
    /// zero after an exclusive or), below 0x20, or has its high bit set. Each test is exact for the
    /// word as a whole, so a word with none is skipped safely. Within a word a test may also flag bytes
    /// above the first one it rightly flags (a borrow runs upwards from it), never below: the lowest
    /// flagged byte, the first in memory on a little-endian machine, is the one sought.
    @inline(__always)
    static func stringRunEnd(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int, stopsAtControlAndNonASCII: Bool
    ) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            var special = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            if stopsAtControlAndNonASCII { special |= ((word &- ones &* 0x20) & ~word) | word }
            let flagged = special & highBits
            if flagged != 0 { return index + flagged.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 || byte == 0x5C { return index }
            if stopsAtControlAndNonASCII && (byte < 0x20 || byte >= 0x80) { return index }
            index += 1
        }
        return index
    }

    /// Whether the four bytes at `index` are `first` to `fourth`.
    @inline(__always)
    static func matches(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, at index: Int, _ first: UInt8, _ second: UInt8, _ third: UInt8,
        _ fourth: UInt8
    ) -> Bool {
        index + 3 < count && bytes[index] == first && bytes[index + 1] == second && bytes[index + 2] == third
            && bytes[index + 3] == fourth
    }

    /// The index after the number starting at `start`, or nil when it breaks RFC 8259's grammar.
    static func numberEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        @inline(__always) func isDigit(_ offset: Int) -> Bool { offset < count && bytes[offset] &- 0x30 < 10 }
        var index = start
        if index < count && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { return nil }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        if index < count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        return index
    }

    /// Whether `byte` may stand in a number as `JSONDecoder` delimits one before reading it: a digit, a sign,
    /// a dot or an exponent letter.
    @inline(__always)
    static func isLenientNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    /// The end of the strict string whose content starts at `start` (after its opening quote): the index of
    /// its closing quote and of its first escape, if any; nil when the string breaks the strict rules.
    ///
    /// Strict: valid UTF-8 by `StrictUTF8Scalar`, no control character, only JSON's escapes, and a surrogate
    /// escape only as half of a pair (a lone one is refused: a Swift string cannot hold it).
    @usableFromInline
    static func strictStringEnd(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int
    ) -> (quote: Int, firstEscape: Int?)? {
        var index = start
        var firstEscape: Int?
        while true {
            index = stringRunEnd(bytes, count, from: index, stopsAtControlAndNonASCII: true)
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (index, firstEscape) }
            if byte == UInt8(ascii: "\\") {
                guard let (_, end) = escape(bytes, count, at: index) else { return nil }
                if firstEscape == nil { firstEscape = index }
                index = end
            } else if byte < 0x20 {
                return nil
            } else {
                guard let next = scalarEnd(bytes, count, from: index) else { return nil }
                index = next
            }
        }
    }

    /// Writes the UTF-8 of the strict string content from `start` to `end` (the index of its closing quote, as
    /// `strictStringEnd` found it) with its escapes decoded to `target`, which has room for `end - start`
    /// bytes (an escape never decodes longer than it is written); returns the byte count written.
    @usableFromInline
    static func decodeStrictString(
        _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, into target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var index = start
        var written = 0
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), let (scalar, next) = escape(bytes, end, at: index) else {
                target[written] = byte
                written += 1
                index += 1
                continue
            }
            written += encode(scalar, into: target + written)
            index = next
        }
        return written
    }

    /// The scalar the escape whose backslash is at `backslash` names and the index after it; nil for a letter
    /// that is no JSON escape, a `\u` without four hexadecimal digits, or a surrogate without its other half.
    static func escape(_ bytes: UnsafePointer<UInt8>, _ count: Int, at backslash: Int) -> (scalar: UInt32, end: Int)? {
        guard backslash + 1 < count else { return nil }
        let letter = bytes[backslash + 1]
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (UInt32(letter), backslash + 2)
        case UInt8(ascii: "b"): return (0x08, backslash + 2)
        case UInt8(ascii: "f"): return (0x0C, backslash + 2)
        case UInt8(ascii: "n"): return (0x0A, backslash + 2)
        case UInt8(ascii: "r"): return (0x0D, backslash + 2)
        case UInt8(ascii: "t"): return (0x09, backslash + 2)
        case UInt8(ascii: "u"):
            guard let first = hexQuad(bytes, count, at: backslash + 2) else { return nil }
            let index = backslash + 6
            switch first {
            case 0xDC00...0xDFFF:
                return nil
            case 0xD800...0xDBFF:
                guard index + 1 < count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                    let second = hexQuad(bytes, count, at: index + 2), (0xDC00...0xDFFF).contains(second)
                else { return nil }
                return (0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), index + 6)
            default:
                return (first, index)
            }
        default:
            return nil
        }
    }

    /// Four hexadecimal digits at `start` as one UTF-16 code unit; nil when fewer than four are there.
    static func hexQuad(_ bytes: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> UInt32? {
        guard start + 4 <= count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = HexadecimalDigit.value(bytes[start + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Writes the UTF-8 of the scalar `value` (at most U+10FFFF, no surrogate) to `target`; returns its length.
    @inline(__always)
    static func encode(_ value: UInt32, into target: UnsafeMutablePointer<UInt8>) -> Int {
        switch value {
        case ..<0x80:
            target[0] = UInt8(value)
            return 1
        case ..<0x800:
            target[0] = UInt8(0xC0 | value >> 6)
            target[1] = UInt8(0x80 | value & 0x3F)
            return 2
        case ..<0x10000:
            target[0] = UInt8(0xE0 | value >> 12)
            target[1] = UInt8(0x80 | value >> 6 & 0x3F)
            target[2] = UInt8(0x80 | value & 0x3F)
            return 3
        default:
            target[0] = UInt8(0xF0 | value >> 18)
            target[1] = UInt8(0x80 | value >> 12 & 0x3F)
            target[2] = UInt8(0x80 | value >> 6 & 0x3F)
            target[3] = UInt8(0x80 | value & 0x3F)
            return 4
        }
    }

    /// The index after the multi-byte UTF-8 scalar starting at `start`, or nil when it is not strictly valid,
    /// by the parser's own rules (`StrictUTF8Scalar`).
    static func scalarEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
        guard case .scalar(_, let length) = StrictUTF8Scalar.decode(buffer, at: start) else { return nil }
        return start + length
    }
}
