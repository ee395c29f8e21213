import Comparison
import DocumentPlatform
import Foundation
import TestSupport
import Testing

@testable import Conversion

/// ``DocumentDigest/StreamedFile`` fed a file's bytes in pieces against ``DocumentDigest/of(_:)`` of the whole file,
/// and against Python's `hashlib`.
@Suite struct DocumentDigestStreamingTests {
    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    static func streamedDigest(of bytes: [UInt8], splitWith generator: inout SeededGenerator) -> SHA256Digest {
        var digest = DocumentDigest.StreamedFile(length: bytes.count)
        var start = 0
        while start < bytes.count {
            // Pieces of every size around SHA-256's 64-byte block, empty ones included.
            let end = min(bytes.count, start + Int.random(in: 0...130, using: &generator))
            bytes[start..<end].withUnsafeBytes { digest.update($0) }
            start = end
        }
        #expect(digest.count == bytes.count)
        return digest.finalize()
    }

    @Test func piecesOfEveryLengthGiveTheWholeFilesDigest() {
        var generator = SeededGenerator(seed: 300)
        for length in 0...300 {
            let bytes = Self.bytes(count: length, seed: UInt64(length))
            let whole = DocumentDigest.of(FileWrapper(regularFileWithContents: Data(bytes)))
            for _ in 0..<3 {
                #expect(Self.streamedDigest(of: bytes, splitWith: &generator) == whole, "\(length) bytes")
            }
        }
    }

    @Test func theDigestIsTheDocumentedHashOfMarkLengthAndBytes() throws {
        // "F", the length as eight little-endian bytes, the bytes: what existing journals hold.
        var generator = SeededGenerator(seed: 9)
        let inputs = [0, 1, 55, 56, 63, 64, 65, 1_000, 70_000].map { Self.bytes(count: $0, seed: UInt64($0) &+ 1) }
        let request = inputs.map { bytes in bytes.isEmpty ? "-" : bytes.map { String(format: "%02x", $0) }.joined() }
            .joined(separator: "\n")
        let printed = try PythonOracle.run(
            """
            import hashlib, struct, sys
            for line in sys.stdin.read().split():
                data = b"" if line == "-" else bytes.fromhex(line)
                print(hashlib.sha256(b"F" + struct.pack("<Q", len(data)) + data).hexdigest())
            """, input: Data(request.utf8))
        let expected = printed.split(separator: "\n").map(String.init)
        #expect(expected.count == inputs.count)
        for (bytes, hex) in zip(inputs, expected) {
            #expect(Self.streamedDigest(of: bytes, splitWith: &generator).hexString == hex, "\(bytes.count) bytes")
        }
    }
}
