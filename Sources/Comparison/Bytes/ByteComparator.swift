import DocumentPlatform
import Foundation

/// Compares two byte strings and explains the first difference: offset, both lengths, a hex window, both hashes.
public struct ByteComparator: Sendable {
    /// How many bytes the hex window shows before the first differing byte.
    public var windowLeadingCount: Int
    /// How many bytes the hex window shows in all (per side).
    public var windowByteCount: Int

    /// A comparator whose windows show `windowByteCount` bytes, starting `windowLeadingCount` before the difference.
    public init(windowByteCount: Int = 16, windowLeadingCount: Int = 4) {
        precondition(windowByteCount > 0 && windowLeadingCount >= 0 && windowLeadingCount < windowByteCount)
        self.windowByteCount = windowByteCount
        self.windowLeadingCount = windowLeadingCount
    }

    /// The difference between `expected` and `actual`, or nil when they are the same bytes.
    ///
    /// When both digests are already known (from a journal or the package walk), pass them: equal digests
    /// and lengths end the comparison without reading the bytes again.
    public func compare(
        expected: Data, actual: Data, expectedDigest: SHA256Digest? = nil, actualDigest: SHA256Digest? = nil
    ) -> Difference? {
        if let expectedDigest, let actualDigest, expected.count == actual.count, expectedDigest == actualDigest {
            return nil
        }
        guard let offset = Self.firstDifference(expected, actual) else { return nil }
        let start = max(0, offset - windowLeadingCount)
        let evidence = Difference.ByteEvidence(
            offset: offset, expectedLength: expected.count, actualLength: actual.count,
            expectedSHA256: expectedDigest ?? SHA256.hash(expected), actualSHA256: actualDigest ?? SHA256.hash(actual),
            windowStart: start,
            expectedWindow: Self.hex(expected, from: start, count: windowByteCount),
            actualWindow: Self.hex(actual, from: start, count: windowByteCount))
        let location = ByteOffset.describe(offset)
        let cause: String?
        let summary: String
        if offset == actual.count {
            cause = Difference.Cause.bytesTruncated
            summary =
                "the actual bytes stop at \(location), \(expected.count - actual.count) bytes short of the expected "
                + "\(expected.count)"
        } else if offset == expected.count {
            cause = Difference.Cause.bytesExtended
            summary =
                "the actual bytes go on past the expected end at \(location), \(actual.count - expected.count) "
                + "bytes more"
        } else {
            cause = nil
            summary = "the bytes differ from \(location) (expected \(expected.count) bytes, actual \(actual.count))"
        }
        return Difference(
            kind: .bytes, location: location, summary: summary, cause: cause,
            expected: Self.describeByte(expected, at: offset), actual: Self.describeByte(actual, at: offset),
            bytes: evidence)
    }

    /// The offset of the first differing byte, the shorter length when one is a prefix of the other, or nil.
    public static func firstDifference(_ left: Data, _ right: Data) -> Int? {
        let common = min(left.count, right.count)
        let mismatch: Int? = left.withUnsafeBytes { leftBytes in
            right.withUnsafeBytes { rightBytes in
                guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return nil }
                // Compare large blocks with memcmp first, then find the byte inside the first unequal block.
                let blockSize = 4096
                var start = 0
                while start < common {
                    let length = min(blockSize, common - start)
                    if memcmp(leftBase + start, rightBase + start, length) != 0 {
                        for index in start..<(start + length) where leftBytes[index] != rightBytes[index] {
                            return index
                        }
                    }
                    start += length
                }
                return nil
            }
        }
        if let mismatch { return mismatch }
        return left.count == right.count ? nil : common
    }

    private static func hex(_ data: Data, from start: Int, count: Int) -> String {
        guard start < data.count else { return "" }
        let end = min(data.count, start + count)
        let base = data.startIndex
        return data[(base + start)..<(base + end)].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    private static func describeByte(_ data: Data, at offset: Int) -> String {
        guard offset < data.count else { return "end of data (\(data.count) bytes)" }
        let byte = data[data.startIndex + offset]
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
