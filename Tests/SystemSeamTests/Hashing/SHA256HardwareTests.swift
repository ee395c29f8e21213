import Foundation
import SystemSeam
import TestSupport
import Testing

/// The two compression paths of `SHA256`, the CPU's SHA instructions and the Swift rounds, each forced
/// on this machine and each held to NIST's vectors and to Python's `hashlib`.
@Suite struct SHA256HardwareTests {
    /// Both paths where the CPU has the instructions; only the Swift one elsewhere (where `allowsHardware`
    /// cannot take effect, so the second run would test the same path twice).
    static let paths: [Bool] = SHA256.usesHardware ? [true, false] : [false]

    /// The FIPS 180-4 examples (NIST CSRC), the million letters `a` included.
    static let vectors: [(message: [UInt8], digest: String)] = [
        (Array("".utf8), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            Array(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
                    .utf8),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        (
            [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        ),
    ]

    @Test(arguments: paths, 0..<5)
    func matchesNISTVectors(allowsHardware: Bool, index: Int) {
        let vector = Self.vectors[index]
        var hasher = SHA256(allowsHardware: allowsHardware)
        hasher.update(vector.message)
        #expect(hasher.finalize().hexString == vector.digest)
    }

    /// Random messages of every length 0…300 (every position of the padding in the last one or two
    /// blocks) and a few large ones (many blocks in one call), each hashed by both paths in one piece
    /// and in random pieces at unaligned addresses, all against `hashlib` in a single Python run.
    @Test func bothPathsAgreeWithHashlibOnRandomMessages() throws {
        var generator = SeededGenerator(seed: 0x5a_256)
        var messages: [[UInt8]] = (0...300).map { length in
            (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        for length in [4_096 * 64, 524_289, 1_000_003] {
            // Filled a word at a time: a byte-wise random fill is slow in debug builds.
            let words = (0..<(length / 8 + 1)).map { _ in generator.next() }
            messages.append(words.withUnsafeBytes { Array($0.prefix(length)) })
        }
        // Each message as an 8-byte big-endian length and its bytes, so one stdin carries them all.
        var input = Data()
        for message in messages {
            withUnsafeBytes(of: UInt64(message.count).bigEndian) { input.append(contentsOf: $0) }
            input.append(contentsOf: message)
        }
        let program = """
            import hashlib, sys
            data = sys.stdin.buffer.read()
            offset = 0
            while offset < len(data):
                length = int.from_bytes(data[offset:offset + 8], 'big')
                offset += 8
                print(hashlib.sha256(data[offset:offset + length]).hexdigest())
                offset += length
            """
        let expected = try PythonOracle.run(program, input: input).split(separator: "\n").map(String.init)
        try #require(expected.count == messages.count)
        for (index, message) in messages.enumerated() {
            for allowsHardware in Self.paths {
                var whole = SHA256(allowsHardware: allowsHardware)
                whole.update(message)
                #expect(
                    whole.finalize().hexString == expected[index],
                    "length \(message.count), hardware \(allowsHardware), one piece")
                var pieces = SHA256(allowsHardware: allowsHardware)
                let largestPiece = message.count > 300 ? 70_000 : 150
                message.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let count = min(Int.random(in: 1...largestPiece, using: &generator), bytes.count - offset)
                        pieces.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                        offset += count
                    }
                }
                #expect(
                    pieces.finalize().hexString == expected[index],
                    "length \(message.count), hardware \(allowsHardware), in pieces")
            }
        }
    }

    /// The default hasher takes the fast path exactly where the kernel lists the SHA extensions, so
    /// the tests above prove that the instructions ran here (and a CPUID check that wrongly said no
    /// would fail this test rather than silently fall back to the slow rounds).
    #if os(Linux) && arch(x86_64)
    @Test func usesTheHardwareExactlyWhereTheKernelListsSHANI() throws {
        let cpuInformation = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = try #require(cpuInformation.split(separator: "\n").first { $0.hasPrefix("flags") })
        let listed = flags.split(separator: " ").contains("sha_ni")
        #expect(SHA256.usesHardware == listed)
    }
    #endif
}
