extension String {
    /// Whether the two strings hold the same UTF-8 bytes, compared eight bytes at a time.
    ///
    /// For valid Unicode text the same bytes are the same Unicode scalars (not `==`, which also
    /// equates canonically equivalent text), which is what ``TextDocument`` equality and the text
    /// comparison ask. Walking `utf8` or `unicodeScalars` one element at a time took longer than
    /// decoding a 200 MB document; native strings are contiguous, so this is a word-wise compare.
    func hasSameUTF8(as other: String) -> Bool {
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in Self.equalBytes(left, right) }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    private static func equalBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress, leftBase != rightBase else {
            return true
        }
        var offset = 0
        while offset + 8 <= left.count {
            let leftWord = UnsafeRawPointer(leftBase + offset).loadUnaligned(as: UInt64.self)
            if leftWord != UnsafeRawPointer(rightBase + offset).loadUnaligned(as: UInt64.self) { return false }
            offset += 8
        }
        while offset < left.count {
            if leftBase[offset] != rightBase[offset] { return false }
            offset += 1
        }
        return true
    }
}
