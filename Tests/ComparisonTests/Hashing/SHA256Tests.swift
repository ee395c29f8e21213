import Comparison
import Foundation
import TestSupport
import Testing

@Suite struct SHA256Tests {
    /// The FIPS 180-4 / NIST CSRC example messages and their digests.
    static let vectors: [(message: String, digest: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ]

    @Test(arguments: 0..<4)
    func matchesNISTVectors(index: Int) {
        let vector = Self.vectors[index]
        #expect(SHA256.hash(Array(vector.message.utf8)).hexString == vector.digest)
        #expect(SHA256.hash(Data(vector.message.utf8)).hexString == vector.digest)
    }

    @Test func hashesOneMillionLettersA() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hexString == expected)
        // The same message fed in uneven pieces exercises the partial-block buffer.
        var hasher = SHA256()
        var remaining = 1_000_000
        var pieceSize = 1
        while remaining > 0 {
            let count = min(pieceSize, remaining)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            remaining -= count
            pieceSize = pieceSize % 131 + 7
        }
        #expect(hasher.finalize().hexString == expected)
    }

    @Test func digestRoundTripsThroughHexAndJSON() throws {
        let digest = SHA256.hash(Array("abc".utf8))
        #expect(SHA256Digest(hexString: digest.hexString.uppercased()) == digest)
        #expect(SHA256Digest(hexString: "abc") == nil)
        #expect(SHA256Digest(hexString: String(repeating: "g", count: 64)) == nil)
        let encoded = try JSONEncoder().encode([digest])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(digest.hexString)\"]")
        #expect(try JSONDecoder().decode([SHA256Digest].self, from: encoded) == [digest])
        #expect(digest.bytes.count == 32 && digest.bytes.first == 0xba && digest.bytes.last == 0xad)
    }

    /// Random messages of every length around the block and padding boundaries, checked against
    /// coreutils' `sha256sum` (one file per length) and Python's `hashlib` (all lengths in one run).
    @Test func agreesWithSha256sumAndHashlib() throws {
        var generator = SeededGenerator(seed: 0x5eed)
        let folder = try TemporaryDirectory("sha256")
        var messages: [[UInt8]] = (0...300).map { length in
            (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        // A few megabytes, filled a word at a time (a byte-wise random fill is slow in debug builds).
        let words = (0..<(2 * 1_048_576 / 8 + 3)).map { _ in generator.next() }
        messages.append(words.withUnsafeBytes { Array($0) })
        var paths: [String] = []
        for (index, message) in messages.enumerated() {
            let url = folder.appending("m\(index)")
            try Data(message).write(to: url)
            paths.append(url.path)
        }
        let sums = try ProcessOutput.run("/usr/bin/env", ["sha256sum"] + paths)
        let coreutilsDigests = sums.split(separator: "\n").map { String($0.prefix(64)) }
        let pythonDigests = try PythonOracle.run(
            "import hashlib, sys\nfor path in sys.argv[1:] or sys.stdin.read().split():\n    print(hashlib.sha256(open(path, 'rb').read()).hexdigest())",
            input: Data(paths.joined(separator: "\n").utf8)
        ).split(separator: "\n").map(String.init)
        #expect(coreutilsDigests.count == messages.count)
        #expect(pythonDigests.count == messages.count)
        for (index, message) in messages.enumerated() {
            let ours = SHA256.hash(message).hexString
            #expect(ours == coreutilsDigests[index], "length \(message.count)")
            #expect(ours == pythonDigests[index], "length \(message.count)")
            #expect(try SHA256.hash(contentsOf: URL(fileURLWithPath: paths[index])).hexString == ours)
        }
    }

    @Test func hashingAMissingFileThrowsALocatedError() {
        #expect {
            _ = try SHA256.hash(contentsOf: URL(fileURLWithPath: "/nonexistent/docmigrate/file"))
        } throws: { error in
            (error as? ComparisonError)?.code == "comparison.unreadable"
                && (error as? ComparisonError)?.file == "/nonexistent/docmigrate/file"
        }
    }
}
