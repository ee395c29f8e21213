import Foundation

extension JSONTape {
    /// A scanned tape with the document it points into, for reading tokens' bytes.
    ///
    /// Valid only while the tape is not changed or freed and the document's bytes stay where they are:
    /// the comparison makes both inside the scope that holds the document and the tape.
    struct Reader {
        let tokens: UnsafePointer<Token>
        let document: UnsafePointer<UInt8>
        let decoded: UnsafePointer<UInt8>

        /// Where a string's or a number's bytes are.
        @inline(__always)
        func bytes(of token: Token) -> UnsafePointer<UInt8> {
            (token.isDecoded ? decoded : document) + Int(token.start)
        }

        /// Whether two string or number tokens, of this tape and of `other`, have the same bytes.
        @inline(__always)
        func sameBytes(_ token: Token, _ other: Reader, _ otherToken: Token) -> Bool {
            token.length == otherToken.length
                && (token.length == 0 || memcmp(bytes(of: token), other.bytes(of: otherToken), Int(token.length)) == 0)
        }
    }

    /// Whether two documents scanned into these tapes hold equal values (see the other `valuesAreEqual`).
    ///
    /// The tapes are borrowed for the whole comparison, so their buffers outlive the readers made of them.
    static func valuesAreEqual(
        _ expected: borrowing JSONTape, of expectedDocument: UnsafeRawBufferPointer,
        _ actual: borrowing JSONTape, of actualDocument: UnsafeRawBufferPointer,
        acceptsKeyOrder: Bool, acceptsNumberSpelling: Bool
    ) -> Bool {
        guard expected.tokenCount > 0, actual.tokenCount > 0,
              let expectedStart = expectedDocument.baseAddress, let actualStart = actualDocument.baseAddress else { return false }
        return valuesAreEqual(
            Reader(tokens: expected.tokens, document: expectedStart.assumingMemoryBound(to: UInt8.self), decoded: expected.decoded),
            Reader(tokens: actual.tokens, document: actualStart.assumingMemoryBound(to: UInt8.self), decoded: actual.decoded),
            acceptsKeyOrder: acceptsKeyOrder, acceptsNumberSpelling: acceptsNumberSpelling)
    }

    /// A key to sort by: the first eight bytes of the key, big-endian and padded with zeros, then its token.
    ///
    /// Padding keeps the order of the prefixes that of the keys' bytes (a shorter key first), so two keys
    /// with different prefixes are ordered without reading them again; equal prefixes compare in full.
    struct SortedKey {
        var prefix: UInt64
        var token: UInt32
    }

    /// Whether two scanned documents hold equal values under the comparator's rules (nil difference).
    ///
    /// The rules are `JSONComparator`'s: strings and keys by their UTF-8 (escapes decoded), numbers by
    /// spelling or, when `acceptsNumberSpelling`, by `JSONNumber.hasSameValue(as:)`, arrays in order,
    /// objects by key with the order counting unless `acceptsKeyOrder`. An object with a repeated key is
    /// never equal here (the parser rejects it). False means "not proven equal": the caller then runs the
    /// full comparison, which explains the difference or the error. Pairs to compare wait on a stack of
    /// their own, so nesting costs no recursion.
    static func valuesAreEqual(_ expected: Reader, _ actual: Reader, acceptsKeyOrder: Bool, acceptsNumberSpelling: Bool) -> Bool {
        var pending: [(expected: UInt32, actual: UInt32)] = [(0, 0)]
        var expectedKeys: [SortedKey] = []
        var actualKeys: [SortedKey] = []
        while let (expectedIndex, actualIndex) = pending.popLast() {
            let expectedToken = expected.tokens[Int(expectedIndex)]
            let actualToken = actual.tokens[Int(actualIndex)]
            guard expectedToken.kind == actualToken.kind else { return false }
            switch expectedToken.kind {
            case .string:
                guard expected.sameBytes(expectedToken, actual, actualToken) else { return false }
            case .number:
                if !expected.sameBytes(expectedToken, actual, actualToken) {
                    guard acceptsNumberSpelling,
                          number(expected, expectedToken).hasSameValue(as: number(actual, actualToken)) else { return false }
                }
            case .trueLiteral, .falseLiteral, .null:
                continue
            case .array:
                guard expectedToken.length == actualToken.length else { return false }
                var expectedElement = expectedIndex + 1, actualElement = actualIndex + 1
                for _ in 0..<expectedToken.length {
                    pending.append((expectedElement, actualElement))
                    expectedElement = expected.tokens[Int(expectedElement)].end
                    actualElement = actual.tokens[Int(actualElement)].end
                }
            case .object:
                guard expectedToken.length == actualToken.length else { return false }
                let memberCount = Int(expectedToken.length)
                // Members written in the same order pair up directly; the keys of one side are still
                // sorted to find a repeated key, which makes the document invalid.
                var sameOrder = true
                var expectedKey = expectedIndex + 1, actualKey = actualIndex + 1
                for _ in 0..<memberCount {
                    if !expected.sameBytes(expected.tokens[Int(expectedKey)], actual, actual.tokens[Int(actualKey)]) {
                        sameOrder = false
                        break
                    }
                    expectedKey = expected.tokens[Int(expectedKey) + 1].end
                    actualKey = actual.tokens[Int(actualKey) + 1].end
                }
                if sameOrder {
                    guard sortKeys(of: expectedIndex, in: expected, into: &expectedKeys) else { return false }
                    expectedKey = expectedIndex + 1
                    actualKey = actualIndex + 1
                    for _ in 0..<memberCount {
                        pending.append((expectedKey + 1, actualKey + 1))
                        expectedKey = expected.tokens[Int(expectedKey) + 1].end
                        actualKey = actual.tokens[Int(actualKey) + 1].end
                    }
                } else {
                    guard acceptsKeyOrder,
                          sortKeys(of: expectedIndex, in: expected, into: &expectedKeys),
                          sortKeys(of: actualIndex, in: actual, into: &actualKeys) else { return false }
                    for position in 0..<memberCount {
                        let left = expectedKeys[position], right = actualKeys[position]
                        guard left.prefix == right.prefix,
                              expected.sameBytes(expected.tokens[Int(left.token)], actual, actual.tokens[Int(right.token)]) else { return false }
                        pending.append((left.token + 1, right.token + 1))
                    }
                }
            }
        }
        return true
    }

    private static func number(_ reader: Reader, _ token: Token) -> JSONNumber {
        JSONNumber(validatedText: String(decoding: UnsafeBufferPointer(start: reader.bytes(of: token), count: Int(token.length)), as: UTF8.self))
    }

    /// Fills `keys` with the keys of the object at `objectIndex` in byte order; false when one repeats.
    private static func sortKeys(of objectIndex: UInt32, in reader: Reader, into keys: inout [SortedKey]) -> Bool {
        let object = reader.tokens[Int(objectIndex)]
        keys.removeAll(keepingCapacity: true)
        var keyIndex = objectIndex + 1
        for _ in 0..<object.length {
            let key = reader.tokens[Int(keyIndex)]
            keys.append(SortedKey(prefix: prefix(reader.bytes(of: key), count: Int(key.length)), token: keyIndex))
            keyIndex = reader.tokens[Int(keyIndex) + 1].end
        }
        if keys.count <= 24 {
            // Insertion sort: objects are mostly small, and it compares prefixes inline.
            keys.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for position in 1..<max(1, buffer.count) {
                    let moving = base[position]
                    var slot = position
                    while slot > 0 {
                        let before = base[slot - 1]
                        if before.prefix < moving.prefix { break }
                        if before.prefix == moving.prefix && compareBytes(reader, before.token, moving.token) <= 0 { break }
                        base[slot] = before
                        slot -= 1
                    }
                    base[slot] = moving
                }
            }
        } else {
            keys.sort { left, right in
                left.prefix != right.prefix ? left.prefix < right.prefix : compareBytes(reader, left.token, right.token) < 0
            }
        }
        for position in keys.indices.dropFirst() where keys[position].prefix == keys[position - 1].prefix {
            if compareBytes(reader, keys[position].token, keys[position - 1].token) == 0 { return false }
        }
        return true
    }

    /// The first eight bytes as a big-endian number, zero-padded: ordered as the bytes are.
    @inline(__always)
    private static func prefix(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count >= 8 {
            return UInt64(bigEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
        }
        var value: UInt64 = 0
        for offset in 0..<count { value |= UInt64(bytes[offset]) << (56 - 8 * offset) }
        return value
    }

    /// The byte-wise order of two keys of one tape: negative, zero or positive, a shorter key first on a tie.
    private static func compareBytes(_ reader: Reader, _ left: UInt32, _ right: UInt32) -> Int {
        let leftToken = reader.tokens[Int(left)], rightToken = reader.tokens[Int(right)]
        let common = Int(min(leftToken.length, rightToken.length))
        if common > 0 {
            let order = memcmp(reader.bytes(of: leftToken), reader.bytes(of: rightToken), common)
            if order != 0 { return Int(order) }
        }
        return Int(leftToken.length) - Int(rightToken.length)
    }
}
