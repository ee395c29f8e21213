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
        index = JSONLexing.skipWhitespace(bytes, count, from: index)
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
                append(
                    Token(
                        kind: isObject ? .object : .array, isDecoded: false, start: UInt32(truncatingIfNeeded: index),
                        length: 0, end: 0))
                index = JSONLexing.skipWhitespace(bytes, count, from: index + 1)
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
                guard JSONLexing.matches(bytes, count, at: index, 0x74, 0x72, 0x75, 0x65) else { return false }
                appendScalar(.trueLiteral, at: index, length: 4)
                index += 4
            case UInt8(ascii: "f"):
                guard index + 4 < count, bytes[index + 4] == UInt8(ascii: "e"),
                    JSONLexing.matches(bytes, count, at: index, 0x66, 0x61, 0x6C, 0x73)
                else { return false }
                appendScalar(.falseLiteral, at: index, length: 5)
                index += 5
            case UInt8(ascii: "n"):
                guard JSONLexing.matches(bytes, count, at: index, 0x6E, 0x75, 0x6C, 0x6C) else { return false }
                appendScalar(.null, at: index, length: 4)
                index += 4
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let end = JSONLexing.numberEnd(bytes, count, from: index) else { return false }
                appendScalar(.number, at: index, length: end - index)
                index = end
            default:
                return false
            }
            // A value is complete: close the containers that end here.
            while openCount > 0 {
                let top = innermostOpen
                index = JSONLexing.skipWhitespace(bytes, count, from: index)
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
                        index = JSONLexing.skipWhitespace(bytes, count, from: index + 1)
                        if index < count && bytes[index] == UInt8(ascii: "]") { return false }
                        continue readingValues
                    }
                    guard separator == UInt8(ascii: "]") else { return false }
                }
                index += 1
                tokens[top].end = UInt32(truncatingIfNeeded: tokenCount)
                popOpen()
            }
            return JSONLexing.skipWhitespace(bytes, count, from: index) == count
        }
    }

    private mutating func appendScalar(_ kind: Kind, at offset: Int, length: Int) {
        append(
            Token(
                kind: kind, isDecoded: false, start: UInt32(truncatingIfNeeded: offset),
                length: UInt32(truncatingIfNeeded: length),
                end: UInt32(truncatingIfNeeded: tokenCount + 1)))
    }

    /// Reads `"key" :` and the whitespace around it, from `index` (whitespace before the key allowed).
    private mutating func scanKey(_ bytes: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int? {
        var index = JSONLexing.skipWhitespace(bytes, count, from: index)
        guard index < count, bytes[index] == UInt8(ascii: "\""), let afterKey = scanString(bytes, count, from: index)
        else { return nil }
        index = JSONLexing.skipWhitespace(bytes, count, from: afterKey)
        guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
        return JSONLexing.skipWhitespace(bytes, count, from: index + 1)
    }

    /// Reads the string whose opening quote is at `quote` into a token; the index after its closing quote.
    private mutating func scanString(_ bytes: UnsafePointer<UInt8>, _ count: Int, from quote: Int) -> Int? {
        let start = quote + 1
        guard let (end, firstEscape) = JSONLexing.strictStringEnd(bytes, count, from: start) else { return nil }
        guard let firstEscape else {
            append(
                Token(
                    kind: .string, isDecoded: false, start: UInt32(truncatingIfNeeded: start),
                    length: UInt32(truncatingIfNeeded: end - start), end: UInt32(truncatingIfNeeded: tokenCount + 1)))
            return end + 1
        }
        let decodedStart = decodedCount
        appendDecoded(bytes + start, count: firstEscape - start)
        appendDecodedString(bytes, from: firstEscape, to: end)
        append(
            Token(
                kind: .string, isDecoded: true, start: UInt32(truncatingIfNeeded: decodedStart),
                length: UInt32(truncatingIfNeeded: decodedCount - decodedStart),
                end: UInt32(truncatingIfNeeded: tokenCount + 1)))
        return end + 1
    }
}
