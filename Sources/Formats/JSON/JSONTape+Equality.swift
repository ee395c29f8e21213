import Foundation

extension JSONTape {
    /// A scanned tape with the document it points into, for reading tokens' bytes.
    ///
    /// Valid only while the tape is not changed or freed and the document's bytes stay where they are:
    /// the comparison makes both inside the scope that holds the document and the tape.
    struct Reader {
        let tokens: UnsafePointer<Token>
        let tokenCount: Int
        let document: UnsafePointer<UInt8>
        let documentCount: Int
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
                && JSONTape.equalBytes(bytes(of: token), other.bytes(of: otherToken), Int(token.length))
        }

        /// The first eight bytes of a string token as a big-endian number, zero-padded (see `SortedKey`).
        ///
        /// A string in the document is followed by its closing quote at least, so where eight bytes
        /// remain in the document they are read at once and the bytes past the string masked off.
        @inline(__always)
        func prefix(of token: Token) -> UInt64 {
            let length = Int(token.length)
            if length >= 8 || token.isDecoded || Int(token.start) + 8 > documentCount {
                return JSONTape.prefix(bytes(of: token), count: length)
            }
            if length == 0 { return 0 }
            let word = UInt64(bigEndian: UnsafeRawPointer(document + Int(token.start)).loadUnaligned(as: UInt64.self))
            return word & ~(UInt64.max >> (8 * length))
        }
    }

    /// Whether the `count` bytes at `left` and `right` are the same; short runs, most keys and values,
    /// are compared in words here rather than by a call.
    @inline(__always)
    static func equalBytes(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        if count > 64 { return memcmp(left, right, count) == 0 }
        let leftRaw = UnsafeRawPointer(left), rightRaw = UnsafeRawPointer(right)
        var offset = 0
        while offset + 8 <= count {
            if leftRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != rightRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        if offset + 4 <= count {
            if leftRaw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                != rightRaw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            {
                return false
            }
            offset += 4
        }
        if offset + 2 <= count {
            if leftRaw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
                != rightRaw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
            {
                return false
            }
            offset += 2
        }
        return offset == count || left[offset] == right[offset]
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
            let expectedStart = expectedDocument.baseAddress, let actualStart = actualDocument.baseAddress
        else { return false }
        return valuesAreEqual(
            Reader(
                tokens: expected.tokens, tokenCount: expected.tokenCount,
                document: expectedStart.assumingMemoryBound(to: UInt8.self),
                documentCount: expectedDocument.count, decoded: expected.decoded),
            Reader(
                tokens: actual.tokens, tokenCount: actual.tokenCount,
                document: actualStart.assumingMemoryBound(to: UInt8.self),
                documentCount: actualDocument.count, decoded: actual.decoded),
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
    ///
    /// The stack and the key buffers are plain memory, allocated once per comparison: every pair on the
    /// stack is of a different expected token, so it never holds more pairs than the expected tape has
    /// tokens. An object's expected keys go into a small hash table (or, past `KeyBuffer.tableLimit`
    /// members, are sorted), which finds a repeated expected key; members in another order are matched
    /// by looking each actual key up there, and an expected key found twice means a repeated actual key.
    /// With as many members on both sides, every actual key found once is a one-to-one match. The table
    /// is open addressing on a hash of the key's first and last eight bytes and its length; a table of
    /// at most `tableLimit` keys bounds what keys alike in those bytes can cost.
    static func valuesAreEqual(
        _ expected: Reader, _ actual: Reader, acceptsKeyOrder: Bool, acceptsNumberSpelling: Bool
    ) -> Bool {
        let pending = UnsafeMutablePointer<(expected: UInt32, actual: UInt32)>.allocate(
            capacity: max(1, expected.tokenCount))
        defer { pending.deallocate() }
        var keys = KeyBuffer()
        defer { keys.deallocate() }
        pending[0] = (0, 0)
        var pendingCount = 1
        while pendingCount > 0 {
            pendingCount -= 1
            let (expectedIndex, actualIndex) = pending[pendingCount]
            let expectedToken = expected.tokens[Int(expectedIndex)]
            let actualToken = actual.tokens[Int(actualIndex)]
            guard expectedToken.kind == actualToken.kind else { return false }
            switch expectedToken.kind {
            case .string:
                guard expected.sameBytes(expectedToken, actual, actualToken) else { return false }
            case .number:
                if !expected.sameBytes(expectedToken, actual, actualToken) {
                    guard acceptsNumberSpelling,
                        number(expected, expectedToken).hasSameValue(as: number(actual, actualToken))
                    else { return false }
                }
            case .trueLiteral, .falseLiteral, .null:
                continue
            case .array:
                guard expectedToken.length == actualToken.length else { return false }
                var expectedElement = expectedIndex + 1, actualElement = actualIndex + 1
                for _ in 0..<expectedToken.length {
                    pending[pendingCount] = (expectedElement, actualElement)
                    pendingCount += 1
                    expectedElement = expected.tokens[Int(expectedElement)].end
                    actualElement = actual.tokens[Int(actualElement)].end
                }
            case .object:
                guard expectedToken.length == actualToken.length else { return false }
                let memberCount = Int(expectedToken.length)
                keys.reserve(memberCount)
                // Members written in the same order pair up directly; the keys of one side still go into
                // the table (or are sorted) to find a repeated key, which makes the document invalid.
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
                let usesTable = memberCount <= KeyBuffer.tableLimit
                if usesTable {
                    guard fillTable(&keys, of: expectedIndex, in: expected) else { return false }
                }
                if sameOrder {
                    guard usesTable || sortKeys(of: expectedIndex, in: expected, into: keys.sorted) else {
                        return false
                    }
                    expectedKey = expectedIndex + 1
                    actualKey = actualIndex + 1
                    for _ in 0..<memberCount {
                        pending[pendingCount] = (expectedKey + 1, actualKey + 1)
                        pendingCount += 1
                        expectedKey = expected.tokens[Int(expectedKey) + 1].end
                        actualKey = actual.tokens[Int(actualKey) + 1].end
                    }
                } else if usesTable {
                    guard acceptsKeyOrder else { return false }
                    actualKey = actualIndex + 1
                    for _ in 0..<memberCount {
                        guard let expectedMatch = match(actualKey, in: actual, table: &keys, of: expected) else {
                            return false
                        }
                        pending[pendingCount] = (expectedMatch + 1, actualKey + 1)
                        pendingCount += 1
                        actualKey = actual.tokens[Int(actualKey) + 1].end
                    }
                } else {
                    guard acceptsKeyOrder, sortKeys(of: expectedIndex, in: expected, into: keys.sorted) else {
                        return false
                    }
                    keys.matched.initialize(repeating: false, count: memberCount)
                    actualKey = actualIndex + 1
                    for _ in 0..<memberCount {
                        guard
                            let position = position(
                                of: actualKey, in: actual, among: keys.sorted, count: memberCount, of: expected),
                            !keys.matched[position]
                        else { return false }
                        keys.matched[position] = true
                        pending[pendingCount] = (keys.sorted[position].token + 1, actualKey + 1)
                        pendingCount += 1
                        actualKey = actual.tokens[Int(actualKey) + 1].end
                    }
                }
            }
        }
        return true
    }

    /// One object's expected keys: a hash table for objects of up to `tableLimit` members, else sorted
    /// keys and which of them an actual key matched (grown for the largest object).
    private struct KeyBuffer {
        /// The most members whose keys go into the table.
        static let tableLimit = 64
        /// A table slot: a key's first eight bytes, its token (`emptyToken` when free), and whether an actual key
        /// matched it.
        struct Slot {
            var prefix: UInt64
            var token: UInt32
            var isMatched: Bool
        }

        /// No token has this index: documents are shorter than 4 GiB, and a token takes at least a byte.
        static let emptyToken = UInt32.max
        /// Twice the most keys, rounded up to a power of two, so that probes stay short.
        static let slotCapacity = 128

        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCapacity)
        /// The number of slots the current object uses, a power of two; `slotMask` is one less.
        var slotMask = 0
        var slotShift: UInt64 = 0
        private(set) var sorted = UnsafeMutablePointer<SortedKey>.allocate(capacity: 32)
        private(set) var matched = UnsafeMutablePointer<Bool>.allocate(capacity: 32)
        private var capacity = 32

        /// Makes room for `count` keys; what the buffers held is not kept.
        mutating func reserve(_ count: Int) {
            guard count > capacity else { return }
            sorted.deallocate()
            matched.deallocate()
            capacity = max(count, capacity * 2)
            sorted = .allocate(capacity: capacity)
            matched = .allocate(capacity: capacity)
        }

        func deallocate() {
            slots.deallocate()
            sorted.deallocate()
            matched.deallocate()
        }
    }

    /// The table slot where the probe for a key starts: a hash of its first eight bytes, its last eight and its length.
    @inline(__always)
    private static func home(prefix: UInt64, of token: Token, in reader: Reader, table: KeyBuffer) -> Int {
        let length = Int(token.length)
        var mixed = prefix &+ UInt64(truncatingIfNeeded: length)
        if length > 8 {
            let suffix = UnsafeRawPointer(reader.bytes(of: token) + length - 8).loadUnaligned(as: UInt64.self)
            mixed ^= (suffix &* 0xFF51_AFD7_ED55_8CCD) >> 17
        }
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> table.slotShift)
    }

    /// Puts the keys of the object at `objectIndex` into the table; false when one repeats.
    private static func fillTable(_ table: inout KeyBuffer, of objectIndex: UInt32, in reader: Reader) -> Bool {
        let count = Int(reader.tokens[Int(objectIndex)].length)
        var slotCount = 8, bits: UInt64 = 3
        while slotCount < 2 * count {
            slotCount *= 2
            bits += 1
        }
        table.slotMask = slotCount - 1
        table.slotShift = 64 - bits
        table.slots.update(
            repeating: KeyBuffer.Slot(prefix: 0, token: KeyBuffer.emptyToken, isMatched: false), count: slotCount)
        var keyIndex = objectIndex + 1
        for _ in 0..<count {
            let key = reader.tokens[Int(keyIndex)]
            let keyPrefix = reader.prefix(of: key)
            var slot = home(prefix: keyPrefix, of: key, in: reader, table: table)
            while table.slots[slot].token != KeyBuffer.emptyToken {
                if table.slots[slot].prefix == keyPrefix
                    && reader.sameBytes(reader.tokens[Int(table.slots[slot].token)], reader, key)
                {
                    return false
                }
                slot = (slot + 1) & table.slotMask
            }
            table.slots[slot] = KeyBuffer.Slot(prefix: keyPrefix, token: keyIndex, isMatched: false)
            keyIndex = reader.tokens[Int(keyIndex) + 1].end
        }
        return true
    }

    /// The expected key token the actual key at `keyIndex` equals, marked as matched; nil when there is
    /// none or it was matched already (a repeated actual key).
    @inline(__always)
    private static func match(
        _ keyIndex: UInt32, in actual: Reader, table: inout KeyBuffer, of expected: Reader
    ) -> UInt32? {
        let key = actual.tokens[Int(keyIndex)]
        let keyPrefix = actual.prefix(of: key)
        var slot = home(prefix: keyPrefix, of: key, in: actual, table: table)
        while true {
            let candidate = table.slots[slot]
            if candidate.token == KeyBuffer.emptyToken { return nil }
            if candidate.prefix == keyPrefix && expected.sameBytes(expected.tokens[Int(candidate.token)], actual, key) {
                if candidate.isMatched { return nil }
                table.slots[slot].isMatched = true
                return candidate.token
            }
            slot = (slot + 1) & table.slotMask
        }
    }

    private static func number(_ reader: Reader, _ token: Token) -> JSONNumber {
        JSONNumber(
            validatedText: String(
                decoding: UnsafeBufferPointer(start: reader.bytes(of: token), count: Int(token.length)), as: UTF8.self))
    }

    /// The position among the `count` sorted expected keys of the key equal to the actual key at `keyIndex`, or nil.
    @inline(__always)
    private static func position(
        of keyIndex: UInt32, in actual: Reader, among sorted: UnsafeMutablePointer<SortedKey>, count: Int,
        of expected: Reader
    ) -> Int? {
        let key = actual.tokens[Int(keyIndex)]
        let keyBytes = actual.bytes(of: key)
        let keyPrefix = prefix(keyBytes, count: Int(key.length))
        // The first sorted key not below the actual key.
        var low = 0, high = count
        while low < high {
            let middle = (low + high) >> 1
            let candidate = sorted[middle]
            let isBelow =
                candidate.prefix != keyPrefix
                ? candidate.prefix < keyPrefix
                : compareBytes(
                    expected.bytes(of: expected.tokens[Int(candidate.token)]),
                    Int(expected.tokens[Int(candidate.token)].length),
                    keyBytes, Int(key.length)) < 0
            if isBelow { low = middle + 1 } else { high = middle }
        }
        guard low < count, sorted[low].prefix == keyPrefix,
            expected.sameBytes(expected.tokens[Int(sorted[low].token)], actual, key)
        else { return nil }
        return low
    }

    /// Fills `keys` with the keys of the object at `objectIndex` in byte order; false when one repeats.
    ///
    /// `keys` has room for the object's members (`KeyBuffer.reserve`).
    private static func sortKeys(
        of objectIndex: UInt32, in reader: Reader, into keys: UnsafeMutablePointer<SortedKey>
    ) -> Bool {
        let object = reader.tokens[Int(objectIndex)]
        let count = Int(object.length)
        var keyIndex = objectIndex + 1
        for position in 0..<count {
            let key = reader.tokens[Int(keyIndex)]
            keys[position] = SortedKey(prefix: prefix(reader.bytes(of: key), count: Int(key.length)), token: keyIndex)
            keyIndex = reader.tokens[Int(keyIndex) + 1].end
        }
        if count <= 24 {
            // Insertion sort: objects are mostly small, and it compares prefixes inline.
            for position in 1..<max(1, count) {
                let moving = keys[position]
                var slot = position
                while slot > 0 {
                    let before = keys[slot - 1]
                    if before.prefix < moving.prefix { break }
                    if before.prefix == moving.prefix && compareBytes(reader, before.token, moving.token) <= 0 { break }
                    keys[slot] = before
                    slot -= 1
                }
                keys[slot] = moving
            }
        } else {
            var buffer = UnsafeMutableBufferPointer(start: keys, count: count)
            buffer.sort { left, right in
                left.prefix != right.prefix
                    ? left.prefix < right.prefix : compareBytes(reader, left.token, right.token) < 0
            }
        }
        for position in 1..<max(1, count) where keys[position].prefix == keys[position - 1].prefix {
            if compareBytes(reader, keys[position].token, keys[position - 1].token) == 0 { return false }
        }
        return true
    }

    /// The first eight bytes as a big-endian number, zero-padded: ordered as the bytes are.
    @inline(__always)
    static func prefix(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
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
        return compareBytes(
            reader.bytes(of: leftToken), Int(leftToken.length), reader.bytes(of: rightToken), Int(rightToken.length))
    }

    /// The byte-wise order of two byte strings: negative, zero or positive, a shorter one first on a tie.
    private static func compareBytes(
        _ left: UnsafePointer<UInt8>, _ leftCount: Int, _ right: UnsafePointer<UInt8>, _ rightCount: Int
    ) -> Int {
        let common = min(leftCount, rightCount)
        if common > 0 {
            let order = memcmp(left, right, common)
            if order != 0 { return Int(order) }
        }
        return leftCount - rightCount
    }
}
