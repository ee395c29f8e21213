import DocumentCodecs

extension JSONTape {
    /// Reads `document` into tokens; false when `JSONParser` with this `maximumDepth` would reject it,
    /// or when it holds a lone surrogate escape.
    ///
    /// The grammar is the parser's, step for step (a byte-order mark skipped, the same whitespace, the
    /// same number and literal spellings, strict UTF-8 in strings, no control characters, nesting counted
    /// the same way), but nothing is explained: the caller asks the parser why. One rule is left to the
    /// comparison: a repeated key in one object, which `JSONTape.valuesAreEqual` finds when it sorts the
    /// keys. Documents of 4 GiB or more are not scanned (offsets are 32 bits) and go to the parser too.
    mutating func scan(_ document: UnsafeRawBufferPointer, maximumDepth: Int) -> Bool {
        removeAll()
        let count = document.count
        guard count > 0, count < Int(UInt32.max), let start = document.baseAddress else { return false }
        let bytes = start.assumingMemoryBound(to: UInt8.self)
        var index = 0
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        index = Self.skipWhitespace(bytes, count, from: index)
        readingValues: while true {
            // A value starts at `index`, whitespace skipped.
            guard index < count else { return false }
            if openCount > 0 { tokens[innermostOpen].length += 1 }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard openCount < maximumDepth else { return false }
                let isObject = byte == UInt8(ascii: "{")
                let tokenIndex = tokenCount
                append(Token(kind: isObject ? .object : .array, isDecoded: false, start: UInt32(truncatingIfNeeded: index), length: 0, end: 0))
                index = Self.skipWhitespace(bytes, count, from: index + 1)
                if index < count && bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    tokens[tokenIndex].end = UInt32(truncatingIfNeeded: tokenCount)
                } else {
                    pushOpen(tokenIndex)
                    if isObject {
                        guard let next = scanKey(bytes, count, from: index) else { return false }
                        index = next
                    }
                    continue readingValues
                }
            case UInt8(ascii: "\""):
                guard let next = scanString(bytes, count, from: index) else { return false }
                index = next
            case UInt8(ascii: "t"):
                guard Self.matches(bytes, count, at: index, 0x74, 0x72, 0x75, 0x65) else { return false }
                appendScalar(.trueLiteral, at: index, length: 4)
                index += 4
            case UInt8(ascii: "f"):
                guard index + 4 < count, bytes[index + 4] == UInt8(ascii: "e"),
                      Self.matches(bytes, count, at: index, 0x66, 0x61, 0x6C, 0x73) else { return false }
                appendScalar(.falseLiteral, at: index, length: 5)
                index += 5
            case UInt8(ascii: "n"):
                guard Self.matches(bytes, count, at: index, 0x6E, 0x75, 0x6C, 0x6C) else { return false }
                appendScalar(.null, at: index, length: 4)
                index += 4
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let end = Self.numberEnd(bytes, count, from: index) else { return false }
                appendScalar(.number, at: index, length: end - index)
                index = end
            default:
                return false
            }
            // A value is complete: close the containers that end here.
            while openCount > 0 {
                let top = innermostOpen
                index = Self.skipWhitespace(bytes, count, from: index)
                guard index < count else { return false }
                let separator = bytes[index]
                if tokens[top].kind == .object {
                    if separator == UInt8(ascii: ",") {
                        guard let next = scanKey(bytes, count, from: index + 1) else { return false }
                        index = next
                        continue readingValues
                    }
                    guard separator == UInt8(ascii: "}") else { return false }
                } else {
                    if separator == UInt8(ascii: ",") {
                        index = Self.skipWhitespace(bytes, count, from: index + 1)
                        if index < count && bytes[index] == UInt8(ascii: "]") { return false }
                        continue readingValues
                    }
                    guard separator == UInt8(ascii: "]") else { return false }
                }
                index += 1
                tokens[top].end = UInt32(truncatingIfNeeded: tokenCount)
                popOpen()
            }
            return Self.skipWhitespace(bytes, count, from: index) == count
        }
    }

    private mutating func appendScalar(_ kind: Kind, at offset: Int, length: Int) {
        append(Token(
            kind: kind, isDecoded: false, start: UInt32(truncatingIfNeeded: offset), length: UInt32(truncatingIfNeeded: length),
            end: UInt32(truncatingIfNeeded: tokenCount + 1)))
    }

    /// Reads `"key" :` and the whitespace around it, from `index` (whitespace before the key allowed).
    private mutating func scanKey(_ bytes: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int? {
        var index = Self.skipWhitespace(bytes, count, from: index)
        guard index < count, bytes[index] == UInt8(ascii: "\""), let afterKey = scanString(bytes, count, from: index) else { return nil }
        index = Self.skipWhitespace(bytes, count, from: afterKey)
        guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
        return Self.skipWhitespace(bytes, count, from: index + 1)
    }

    @inline(__always)
    private static func skipWhitespace(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
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
            let whitespace = zeroBytes(word ^ (ones &* 0x20)) | zeroBytes(word ^ (ones &* 0x0A))
                | zeroBytes(word ^ (ones &* 0x0D)) | zeroBytes(word ^ (ones &* 0x09))
            let other = ~whitespace & ~lowBits
            if other != 0 { return index + other.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    private static func matches(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, at index: Int, _ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8
    ) -> Bool {
        index + 3 < count && bytes[index] == first && bytes[index + 1] == second && bytes[index + 2] == third && bytes[index + 3] == fourth
    }

    /// The index after the number starting at `start`, or nil when it breaks RFC 8259's grammar.
    private static func numberEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        @inline(__always) func isDigit(_ offset: Int) -> Bool { offset < count && bytes[offset] &- 0x30 < 10 }
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
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

    /// Reads the string whose opening quote is at `quote` into a token; the index after its closing quote.
    private mutating func scanString(_ bytes: UnsafePointer<UInt8>, _ count: Int, from quote: Int) -> Int? {
        let start = quote + 1
        var index = start
        while index < count {
            index = Self.plainRunEnd(bytes, count, from: index)
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                append(Token(
                    kind: .string, isDecoded: false, start: UInt32(truncatingIfNeeded: start),
                    length: UInt32(truncatingIfNeeded: index - start), end: UInt32(truncatingIfNeeded: tokenCount + 1)))
                return index + 1
            }
            if byte == UInt8(ascii: "\\") {
                return scanEscapedString(bytes, count, contentStart: start, from: index)
            }
            if byte < 0x20 { return nil }
            if byte < 0x80 {
                index += 1
            } else {
                guard let next = Self.scalarEnd(bytes, count, from: index) else { return nil }
                index = next
            }
        }
        return nil
    }

    /// The index of the first byte from `start` that is not printable ASCII other than `"` and `\\`.
    ///
    /// Eight bytes at a time: a word holds such a byte when one of its bytes is `"` or `\\` (equal to
    /// zero after an exclusive or), below 0x20, or has its high bit set. Each test is exact for the
    /// word as a whole, so a word with none is skipped safely. Within a word a test may also flag bytes
    /// above the first one it rightly flags (a borrow runs upwards from it), never below: the lowest
    /// flagged byte, the first in memory on a little-endian machine, is the one sought.
    @inline(__always)
    private static func plainRunEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let special = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word) | word
            let flagged = special & highBits
            if flagged != 0 { return index + flagged.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return index
    }

    /// Goes on with a string at its first escape (at `index`), writing its UTF-8 to `decoded`.
    private mutating func scanEscapedString(_ bytes: UnsafePointer<UInt8>, _ count: Int, contentStart: Int, from escape: Int) -> Int? {
        let decodedStart = decodedCount
        appendDecoded(bytes + contentStart, count: escape - contentStart)
        var index = escape
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                append(Token(
                    kind: .string, isDecoded: true, start: UInt32(truncatingIfNeeded: decodedStart),
                    length: UInt32(truncatingIfNeeded: decodedCount - decodedStart), end: UInt32(truncatingIfNeeded: tokenCount + 1)))
                return index + 1
            }
            if byte == UInt8(ascii: "\\") {
                guard let next = decodeEscape(bytes, count, from: index) else { return nil }
                index = next
            } else if byte < 0x20 {
                return nil
            } else if byte < 0x80 {
                appendDecoded(bytes + index, count: 1)
                index += 1
            } else {
                guard let next = Self.scalarEnd(bytes, count, from: index) else { return nil }
                appendDecoded(bytes + index, count: next - index)
                index = next
            }
        }
        return nil
    }

    /// Decodes the escape whose backslash is at `backslash` into `decoded`; the index after it.
    private mutating func decodeEscape(_ bytes: UnsafePointer<UInt8>, _ count: Int, from backslash: Int) -> Int? {
        guard backslash + 1 < count else { return nil }
        let letter = bytes[backslash + 1]
        let simple: UInt32
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = UInt32(letter)
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            guard let first = Self.hexQuad(bytes, count, at: backslash + 2) else { return nil }
            var index = backslash + 6
            var scalar = first
            switch first {
            case 0xDC00...0xDFFF:
                return nil
            case 0xD800...0xDBFF:
                guard index + 1 < count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                      let second = Self.hexQuad(bytes, count, at: index + 2), (0xDC00...0xDFFF).contains(second) else { return nil }
                scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                index += 6
            default:
                break
            }
            appendDecoded(scalar: scalar)
            return index
        default:
            return nil
        }
        appendDecoded(scalar: simple)
        return backslash + 2
    }

    private static func hexQuad(_ bytes: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> UInt32? {
        guard start + 4 <= count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = HexadecimalDigit.value(bytes[start + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The index after the multi-byte UTF-8 scalar starting at `start`, or nil when it is not strictly valid,
    /// by the parser's own rules (`StrictUTF8Scalar`).
    private static func scalarEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        guard case .scalar(_, let length) = StrictUTF8Scalar.decode(UnsafeRawBufferPointer(start: bytes, count: count), at: start) else {
            return nil
        }
        return start + length
    }
}
