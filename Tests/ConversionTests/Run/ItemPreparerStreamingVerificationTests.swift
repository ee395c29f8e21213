import Conversion
import DocumentPlatform
import Foundation
import TestSupport
import Testing

/// The streaming route's verification and digests against the bytes on disk: an output byte changed on disk
/// between its write and its read-back (by the seam's double, `TamperingOutputFiles`) fails the item, and the
/// journal's digests are Python's `hashlib` over the input and over the output file as it is on disk.
@Suite struct ItemPreparerStreamingVerificationTests {
    /// Mac OS Roman text of `count` bytes: words, upper-half letters, CR line endings and some CR LF pairs.
    static func macRomanText(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            if index % 97 == 96 { return 0x0D }
            if index % 389 == 0 { return 0x0A }
            return UInt8.random(in: 0...9, using: &generator) == 0
                ? UInt8.random(in: 0x80...0xFF, using: &generator) : UInt8.random(in: 0x61...0x7A, using: &generator)
        }
    }

    /// Python's answer for the input and an output file: the input's and the output file's `DocumentDigest`, and the
    /// output's offset of difference from `mac_roman` with line endings made LF (-1: none).
    static func oracle(input: URL, output: URL) throws -> (inputHash: String, outputHash: String, firstDifference: Int)
    {
        let printed = try PythonOracle.run(
            """
            import hashlib, struct
            def digest(data):
                return hashlib.sha256(b"F" + struct.pack("<Q", len(data)) + data).hexdigest()
            source = open(\(String(reflecting: input.path)), "rb").read()
            written = open(\(String(reflecting: output.path)), "rb").read()
            expected = source.decode("mac_roman").replace("\\r\\n", "\\n").replace("\\r", "\\n").encode("utf-8")
            difference = next((index for index, (left, right) in enumerate(zip(expected, written)) if left != right), -1)
            if difference == -1 and len(expected) != len(written):
                difference = min(len(expected), len(written))
            print(digest(source), digest(written), difference)
            """)
        let fields = printed.split(whereSeparator: \.isWhitespace).map(String.init)
        try #require(fields.count == 3)
        return (fields[0], fields[1], try #require(Int(fields[2])))
    }

    /// The journal's one entry (the output folder is not named `out`, which
    /// `convert(_:in:outputName:streaming:outputFiles:)` would replace in `outputHash` too).
    static func journalEntry(_ outcome: ItemPreparerStreamingTests.Outcome) throws -> ConversionJournal.Entry {
        try #require(outcome.journal.count == 1, "\(outcome.journal)")
        return try JSONDecoder().decode(ConversionJournal.Entry.self, from: Data(outcome.journal[0].utf8))
    }

    static let macintosh = ItemPreparerStreamingTests.Setup(
        encoding: "macintosh", forced: false, verifies: true, replaces: false)

    /// Every file item streamed, from the smallest, in blocks of 4 KiB.
    static let streamingEveryFile = StreamingOptions(mode: .required, blockSize: 4096, minimumSize: 0)

    @Test func aByteChangedOnDiskAfterItsWriteFailsTheItemAtThatByte() async throws {
        let folder = try TemporaryDirectory("convert-streaming-tamper")
        try ItemPreparerStreamingTests.writeInputs(
            [.init(name: "classic.txt", bytes: Self.macRomanText(count: 300_000, seed: 3), streamsWithFallback: true)],
            to: folder.url)
        let outcome = try await ItemPreparerStreamingTests.convert(
            Self.macintosh, in: folder.url, outputName: "converted", streaming: Self.streamingEveryFile,
            outputFiles: TamperingOutputFiles(invertingByteAt: 150_001))
        #expect(outcome.status == 1)
        #expect(try outcome.errors()["classic.txt"]?.code == "convert.verify.mismatch")
        #expect(outcome.report.contains("byte 150001 (0x249f1)"), "\(outcome.report)")
        // Nothing is left of the item: no output, no temporary, no journal line.
        #expect(outcome.tree.isEmpty, "\(outcome.tree.keys)")
        #expect(outcome.journal.isEmpty)
    }

    /// When a written block does not read back and a later block does not decode, the item fails with the
    /// error at the earlier byte, even when the two are in neighbouring blocks: the order a reader of the
    /// file would meet them in, whichever way the route overlaps its work.
    @Test(arguments: [
        (tamperedAt: 1_000, code: "convert.verify.mismatch", byte: 1_000),
        // In the block just before the undefined byte's.
        (tamperedAt: 249_000, code: "convert.verify.mismatch", byte: 249_000),
        (tamperedAt: 280_000, code: "text.invalid-bytes", byte: 250_000),
    ])
    func whenTheOutputAndTheTranscodingBothFailTheEarlierByteWins(
        _ expectation: (tamperedAt: Int, code: String, byte: Int)
    ) async throws {
        let folder = try TemporaryDirectory("convert-streaming-two-failures")
        // Letters and LFs (one output byte per input byte), and a byte Windows-1252 leaves undefined at 250,000.
        var bytes = [UInt8](repeating: 0, count: 300_000)
        for index in bytes.indices {
            bytes[index] = index % 61 == 60 ? 0x0A : 0x61 + UInt8(index % 26)
        }
        bytes[250_000] = 0x81
        try ItemPreparerStreamingTests.writeInputs(
            [.init(name: "classic.txt", bytes: bytes, streamsWithFallback: true)], to: folder.url)
        let setup = ItemPreparerStreamingTests.Setup(
            encoding: "windows-1252", forced: false, verifies: true, replaces: false)
        let outcome = try await ItemPreparerStreamingTests.convert(
            setup, in: folder.url, outputName: "converted", streaming: Self.streamingEveryFile,
            outputFiles: TamperingOutputFiles(invertingByteAt: expectation.tamperedAt))
        #expect(outcome.status == 1)
        let error = try #require(try outcome.errors()["classic.txt"], "\(outcome.report)")
        #expect(error.code == expectation.code, "\(outcome.report)")
        if expectation.code == "text.invalid-bytes" {
            #expect(error.byte == expectation.byte, "\(outcome.report)")
        } else {
            #expect(
                outcome.report.contains("byte \(expectation.byte) (0x\(String(expectation.byte, radix: 16)))"),
                "\(outcome.report)")
        }
        #expect(outcome.tree.isEmpty, "\(outcome.tree.keys)")
        #expect(outcome.journal.isEmpty)
    }

    @Test func withoutVerificationTheJournalHoldsTheDigestOfTheBytesOnDisk() async throws {
        let folder = try TemporaryDirectory("convert-streaming-tamper-unverified")
        try ItemPreparerStreamingTests.writeInputs(
            [.init(name: "classic.txt", bytes: Self.macRomanText(count: 300_000, seed: 4), streamsWithFallback: true)],
            to: folder.url)
        var setup = Self.macintosh
        setup.verifies = false
        let outcome = try await ItemPreparerStreamingTests.convert(
            setup, in: folder.url, outputName: "converted", streaming: Self.streamingEveryFile,
            outputFiles: TamperingOutputFiles(invertingByteAt: 123_457))
        #expect(outcome.status == 0, "\(outcome.report)")
        let input = folder.appending("in/classic.txt"), output = folder.appending("converted/classic.txt")
        let oracle = try Self.oracle(input: input, output: output)
        // The double did change the file (so the test above fails for the check, not for a double that did nothing) …
        #expect(oracle.firstDifference == 123_457)
        // … and the digest the journal holds is of the file as it is on disk, changed byte included.
        let entry = try Self.journalEntry(outcome)
        #expect(entry.outputHash == oracle.outputHash)
        #expect(entry.inputHash == oracle.inputHash)
    }

    @Test(arguments: [true, false])
    func aFileOfManyBlocksStreamsToPythonsBytesAndDigests(_ verifies: Bool) async throws {
        // Past the default minimum, several default blocks and one writeback stretch: the route as users run it.
        let folder = try TemporaryDirectory("convert-streaming-large")
        try ItemPreparerStreamingTests.writeInputs(
            [
                .init(
                    name: "classic.txt", bytes: Self.macRomanText(count: 5_000_000, seed: 5), streamsWithFallback: true)
            ], to: folder.url)
        var setup = Self.macintosh
        setup.verifies = verifies
        let outcome = try await ItemPreparerStreamingTests.convert(
            setup, in: folder.url, outputName: "converted", streaming: StreamingOptions(mode: .required))
        #expect(outcome.status == 0, "\(outcome.report)")
        let oracle = try Self.oracle(
            input: folder.appending("in/classic.txt"), output: folder.appending("converted/classic.txt"))
        #expect(oracle.firstDifference == -1)
        let entry = try Self.journalEntry(outcome)
        #expect(entry.outputHash == oracle.outputHash)
        #expect(entry.inputHash == oracle.inputHash)
    }
}
