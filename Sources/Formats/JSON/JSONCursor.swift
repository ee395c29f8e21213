/// Reads the tokens of one JSON text in memory one at a time, in their plainest spellings only, for decoders
/// that read a known shape faster than `JSONDecoder` and hand everything else to it.
///
/// Each read skips the white space before it and either takes its token or, declining, returns nil or
/// false. What it takes is decoded as every JSON reader decodes it: a string strictly (UTF-8 by
/// `StrictUTF8Scalar`, no control character, only JSON's escapes, surrogates only in pairs), an
/// integer only in its plainest form. Whatever another reader might read otherwise is declined, so a
/// caller that declines in turn and asks `JSONDecoder` never decodes a value differently from it. A read
/// that declines takes no token, only the white space before it.
package struct JSONCursor {
    /// The text's bytes; nil only for an empty text, where nothing is ever read.
    // Internal but usable from inlinable code: `withString` is inlined into its callers in other modules,
    // so that it is specialised for their value types instead of paying for generic metadata per string.
    @usableFromInline let bytes: UnsafePointer<UInt8>?
    @usableFromInline let count: Int
    /// The index of the next byte.
    @usableFromInline package internal(set) var position = 0

    /// A cursor at the start of `text`, which must stay valid while the cursor reads it.
    package init(_ text: UnsafeRawBufferPointer) {
        bytes = text.baseAddress?.assumingMemoryBound(to: UInt8.self)
        count = text.count
    }

    /// Whether only white space is left.
    package mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position == count
    }

    /// Takes `byte` (a bracket, a brace, a comma or a colon) when it comes next.
    package mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard let bytes, position < count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Takes `null` when it comes next.
    package mutating func takeNull() -> Bool {
        skipWhitespace()
        guard let bytes, JSONLexing.matches(bytes, count, at: position, 0x6E, 0x75, 0x6C, 0x6C) else { return false }
        position += 4
        return true
    }

    /// The content of the string that comes next when it has no escape and no control character (its bytes
    /// are not checked for UTF-8: compare them with known names, or validate them).
    package mutating func plainString() -> UnsafeRawBufferPointer? {
        guard let bytes, take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        var index = start
        while true {
            index = JSONLexing.stringRunEnd(bytes, count, from: index, stopsAtControlAndNonASCII: true)
            guard index < count else {
                position = start - 1
                return nil
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x80 else {
                position = start - 1
                return nil
            }
            index += 1
        }
        position = index + 1
        return UnsafeRawBufferPointer(start: bytes + start, count: index - start)
    }

    /// Calls `body` with the UTF-8 of the string that comes next, its escapes decoded; nil, declining, for a
    /// string the strict rules refuse (which `JSONDecoder` refuses too, or might read otherwise).
    @inlinable
    package mutating func withString<Value>(_ body: (UnsafeRawBufferPointer) -> Value?) -> Value? {
        guard let bytes, take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        guard let (end, firstEscape) = JSONLexing.strictStringEnd(bytes, count, from: start) else {
            position = start - 1
            return nil
        }
        let value: Value?
        if firstEscape == nil {
            value = body(UnsafeRawBufferPointer(start: bytes + start, count: end - start))
        } else {
            value = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) { target in
                guard let base = target.baseAddress else { return nil }
                let length = JSONLexing.decodeStrictString(bytes, from: start, to: end, into: base)
                return body(UnsafeRawBufferPointer(start: base, count: length))
            }
        }
        position = value == nil ? start - 1 : end + 1
        return value
    }

    /// The integer that comes next when it is in JSON's plainest form (an optional minus, no leading zero, at
    /// most 18 digits, which always fit an `Int`; no fraction or exponent); nil, declining, for any other number.
    package mutating func integer() -> Int? {
        skipWhitespace()
        guard let bytes, let end = JSONLexing.numberEnd(bytes, count, from: position) else { return nil }
        // `1+` or `1.`: JSONDecoder delimits a number by these bytes, so this is one malformed number.
        guard end == count || !JSONLexing.isLenientNumberByte(bytes[end]) else { return nil }
        let isNegative = bytes[position] == UInt8(ascii: "-")
        let digitsStart = isNegative ? position + 1 : position
        guard end - digitsStart <= 18 else { return nil }
        var value = 0
        for index in digitsStart..<end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        position = end
        return isNegative ? -value : value
    }

    private mutating func skipWhitespace() {
        guard let bytes else { return }
        position = JSONLexing.skipWhitespace(bytes, count, from: position)
    }
}
