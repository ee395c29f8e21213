import Comparison
import Foundation
import Testing

@Suite struct ByteComparatorTests {
    @Test func equalBytesHaveNoDifference() {
        #expect(ByteComparator().compare(expected: Data("same".utf8), actual: Data("same".utf8)) == nil)
        #expect(ByteComparator().compare(expected: Data(), actual: Data()) == nil)
    }

    @Test func namesTheFirstDifferingOffsetWithAnExactWindow() throws {
        var expected = [UInt8](repeating: 0x41, count: 600)
        for index in 0..<600 { expected[index] = UInt8(index % 256) }
        var actual = expected
        actual[500] = 0xFF
        actual.append(0x00)
        let difference = try #require(ByteComparator().compare(expected: Data(expected), actual: Data(actual)))
        #expect(difference.kind == .bytes)
        #expect(difference.location == "byte 500 (0x1f4)")
        #expect(difference.cause == nil)
        #expect(difference.expected == "0xf4")
        #expect(difference.actual == "0xff")
        let evidence = try #require(difference.bytes)
        #expect(evidence.offset == 500)
        #expect(evidence.expectedLength == 600 && evidence.actualLength == 601)
        #expect(evidence.windowStart == 496)
        #expect(evidence.expectedWindow == "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
        #expect(evidence.actualWindow == "f0f1f2f3fff5f6f7f8f9fafbfcfdfeff")
        #expect(evidence.expectedSHA256 == SHA256.hash(expected))
        #expect(evidence.actualSHA256 == SHA256.hash(actual))
    }

    @Test func aDifferenceInTheFirstBytesStartsTheWindowAtZero() throws {
        let difference = try #require(ByteComparator().compare(expected: Data([1, 2, 3]), actual: Data([1, 9, 3])))
        #expect(difference.location == "byte 1 (0x1)")
        #expect(difference.bytes?.windowStart == 0)
        #expect(difference.bytes?.expectedWindow == "010203")
        #expect(difference.bytes?.actualWindow == "010903")
    }

    @Test func namesTruncationAndExtension() throws {
        let truncated = try #require(ByteComparator().compare(expected: Data("abcdef".utf8), actual: Data("abc".utf8)))
        #expect(truncated.cause == "bytes.truncated")
        #expect(truncated.location == "byte 3 (0x3)")
        #expect(truncated.actual == "end of data (3 bytes)")
        let extended = try #require(ByteComparator().compare(expected: Data("abc".utf8), actual: Data("abcdef".utf8)))
        #expect(extended.cause == "bytes.extended")
        // A change inside the common part is neither, even when the lengths differ too.
        let changed = try #require(ByteComparator().compare(expected: Data("abcdef".utf8), actual: Data("abX".utf8)))
        #expect(changed.cause == nil)
        #expect(changed.location == "byte 2 (0x2)")
    }

    @Test func findsDifferencesPastManyEqualBlocks() {
        let expected = Data(repeating: 7, count: 100_000)
        var actual = expected
        actual[99_999] = 8
        #expect(ByteComparator.firstDifference(expected, actual) == 99_999)
        #expect(ByteComparator.firstDifference(expected, expected) == nil)
        #expect(ByteComparator.firstDifference(expected, expected.prefix(4096)) == 4096)
        // Slices with a non-zero start index are compared from their own first byte.
        #expect(ByteComparator.firstDifference(Data([0, 1, 2, 3]).dropFirst(), Data([1, 2, 4])) == 2)
    }

    @Test func knownEqualDigestsSkipTheComparison() {
        let digest = SHA256.hash(Data("a".utf8))
        // Equal digests and lengths are trusted (that is the fast path), so even different bytes pass here.
        #expect(
            ByteComparator().compare(
                expected: Data("a".utf8), actual: Data("b".utf8), expectedDigest: digest, actualDigest: digest) == nil)
    }
}
