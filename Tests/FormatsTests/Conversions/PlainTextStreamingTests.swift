import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

/// The streaming form of `plain-text` → `plain-text` (8-bit text to UTF-8 with LF) against the whole-document route it
/// replaces.
@Suite struct PlainTextStreamingTests {
    static let tables: [SingleByteEncoding] = [.macOSRoman, .windows1252, .isoLatin1]

    /// Bytes that put line endings next to block boundaries: runs of CR and LF, upper-half bytes (undefined ones in
    /// windows-1252), ASCII.
    static func lineEndingHeavy(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            switch UInt8.random(in: 0...9, using: &generator) {
            case 0...3: [0x0D, 0x0A][Int.random(in: 0...1, using: &generator)]
            case 4...5: UInt8.random(in: 0x80...0xFF, using: &generator)
            case 6: [0x81, 0x8D, 0x8F, 0x90, 0x9D][Int.random(in: 0...4, using: &generator)]
            default: UInt8.random(in: 0...0xFF, using: &generator)
            }
        }
    }

    /// What the whole-document route makes of `bytes`: the codec's decode, the registered conversion, the codec's
    /// encode; or the decode's error.
    static func wholeDocument(
        _ bytes: [UInt8], _ encoding: SingleByteEncoding, replacing: Bool
    ) -> Result<[UInt8], CodecError> {
        let codec = PlainTextCodec(
            options: TextCodecOptions(forcedEncoding: .singleByte(encoding), replacesInvalidBytes: replacing))
        do {
            let document = try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
            let converted = try PlainTextToNormalizedUTF8().convert(document)
            let encoded = try codec.encode(converted, previous: nil, contentType: .utf8PlainText)
            return .success(Array(encoded.regularFileContents ?? Data()))
        } catch let error as CodecError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error \(error)")
            return .success([])
        }
    }

    /// The transcoder over `bytes` in blocks of `blockSize`: its output, or its error.
    static func streamed(
        _ bytes: [UInt8], _ encoding: SingleByteEncoding, replacing: Bool, blockSize: Int
    ) -> Result<[UInt8], CodecError> {
        let transcoder = TextTranscoding.Transcoder(
            encoding: encoding, replacing: replacing, normalization: NormalizedUTF8(lineEnding: .lf))
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: transcoder.outputCapacity(forInputCount: blockSize))
        do {
            var start = 0
            while start < bytes.count {
                let block = Array(bytes[start..<min(start + blockSize, bytes.count)])
                let written = try block.withUnsafeBytes { block in
                    try buffer.withUnsafeMutableBytes { try transcoder.transcode(block, into: $0) }
                }
                output += buffer[0..<written]
                start += blockSize
            }
            let tail = buffer.withUnsafeMutableBytes { transcoder.finish(into: $0) }
            output += buffer[0..<tail]
            return .success(output)
        } catch let error as CodecError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error \(error)")
            return .success([])
        }
    }

    @Test(arguments: tables)
    func theTranscoderWritesTheWholeDocumentRoutesBytesWhereverTheBlocksEnd(_ encoding: SingleByteEncoding) {
        for seed in UInt64(1)...60 {
            let bytes = Self.lineEndingHeavy(count: Int(seed % 20) * 7, seed: seed)
            for replacing in [false, true] {
                let expected = Self.wholeDocument(bytes, encoding, replacing: replacing)
                for blockSize in [1, 2, 3, 5, 8, 13, 1_000] {
                    let actual = Self.streamed(bytes, encoding, replacing: replacing, blockSize: blockSize)
                    switch (expected, actual) {
                    case (.success(let expectedBytes), .success(let actualBytes)):
                        #expect(
                            actualBytes == expectedBytes,
                            "\(encoding.name), seed \(seed), replacing \(replacing), blocks of \(blockSize)")
                    case (.failure(let expectedError), .failure(let actualError)):
                        #expect(actualError.code == expectedError.code)
                        #expect(
                            actualError.location == expectedError.location,
                            "\(encoding.name), seed \(seed), blocks of \(blockSize)")
                        #expect(actualError.message == expectedError.message)
                    default:
                        Issue.record(
                            "\(encoding.name), seed \(seed), blocks of \(blockSize): whole route \(expected), streamed \(actual)"
                        )
                    }
                }
            }
        }
    }

    /// Prose-like bytes: ASCII runs of every length up to 40 (so the eight-byte paths run, and meet a CR at every place
    /// of a word),
    /// line endings of each kind and runs of them, upper-half bytes, now and then one windows-1252 leaves undefined.
    static func proseLike(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        while bytes.count < count {
            bytes += (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                UInt8.random(in: 0x20...0x7E, using: &generator)
            }
            switch UInt8.random(in: 0...9, using: &generator) {
            case 0...2:
                bytes +=
                    [[0x0D], [0x0A], [0x0D, 0x0A], [0x0D, 0x0D, 0x0A], [0x0A, 0x0D]][
                        Int.random(in: 0...4, using: &generator)]
            case 3...6: bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
            case 7: bytes.append(0x81)
            default: break
            }
        }
        return Array(bytes.prefix(count))
    }

    @Test(arguments: tables)
    func theTranscoderWritesTheWholeDocumentRoutesBytesOnLongText(_ encoding: SingleByteEncoding) {
        for seed in UInt64(1)...12 {
            let bytes = Self.proseLike(count: 500 + Int(seed) * 250, seed: seed)
            for replacing in [false, true] {
                let expected = Self.wholeDocument(bytes, encoding, replacing: replacing)
                for blockSize in [1, 7, 8, 9, 31, 64, 333, bytes.count] {
                    let actual = Self.streamed(bytes, encoding, replacing: replacing, blockSize: blockSize)
                    switch (expected, actual) {
                    case (.success(let expectedBytes), .success(let actualBytes)):
                        #expect(
                            actualBytes == expectedBytes,
                            "\(encoding.name), seed \(seed), replacing \(replacing), blocks of \(blockSize)")
                    case (.failure(let expectedError), .failure(let actualError)):
                        #expect(
                            actualError.location == expectedError.location,
                            "\(encoding.name), seed \(seed), blocks of \(blockSize)")
                        #expect(actualError.message == expectedError.message)
                    default:
                        Issue.record(
                            "\(encoding.name), seed \(seed), blocks of \(blockSize): whole route \(expected), streamed \(actual)"
                        )
                    }
                }
            }
        }
    }

    @Test func aCarriageReturnAtTheEndOfABlockPairsWithALineFeedAtTheStartOfTheNext() {
        // "a CR | LF b CR | CR | LF CR": CR LF split by a boundary is one ending, a lone CR before a split pair
        // another.
        let bytes: [UInt8] = [0x61, 0x0D, 0x0A, 0x62, 0x0D, 0x0D, 0x0A, 0x0D]
        for blockSize in [2, 3, 4, 5] {
            let output = Self.streamed(bytes, .macOSRoman, replacing: false, blockSize: blockSize)
            #expect((try? output.get()) == [0x61, 0x0A, 0x62, 0x0A, 0x0A, 0x0A], "blocks of \(blockSize)")
        }
    }

    @Test func theStreamingFileAPINormalisesLineEndingsAsTheCodecRouteDoes() throws {
        let folder = try TemporaryDirectory("transcoding-lf")
        let source = folder.appending("source.txt"), destination = folder.appending("output.txt")
        let bytes = Self.lineEndingHeavy(count: 5_000, seed: 99).map {
            [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0) ? 0x8E : $0
        }
        try Data(bytes).write(to: source)
        let expected = try #require(try? Self.wholeDocument(bytes, .windows1252, replacing: false).get())
        for blockSize in [1, 7, 4_096] {
            _ = try TextTranscoding.transcodeToUTF8(
                from: source, encoding: .windows1252, replacingInvalidBytes: false, lineEnding: .lf, to: destination,
                blockSize: blockSize)
            #expect(try Array(Data(contentsOf: destination)) == expected, "blocks of \(blockSize)")
        }
    }

    /// Random bytes that are often valid UTF-8: ASCII, whole multi-byte sequences, and now and then a stray byte.
    static func mostlyUTF8(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        let samples = ["a", "é", "€", "😀", "\r\n"].map { Array($0.utf8) }
        while bytes.count < count {
            if Int.random(in: 0..<40, using: &generator) == 0 {
                bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
            } else {
                bytes += samples[Int.random(in: 0..<samples.count, using: &generator)]
            }
        }
        // Sometimes cut the last sequence short.
        if seed % 3 == 0, !bytes.isEmpty { bytes.removeLast() }
        return bytes
    }

    @Test func theBlockwiseUTF8CheckAgreesWithTheStandardLibraryWhereverTheBlocksEnd() throws {
        var validCount = 0, invalidCount = 0
        for seed in UInt64(1)...120 {
            let bytes = Self.mostlyUTF8(count: Int(seed % 30), seed: seed)
            let expected = String(validating: bytes, as: UTF8.self) != nil
            if expected { validCount += 1 } else { invalidCount += 1 }
            for blockSize in [1, 2, 3, 4, 5, 64] {
                let actual = try StreamingEightBitText.isValidUTF8(
                    reading: { offset, buffer in
                        let count = max(0, min(buffer.count, bytes.count - offset))
                        for index in 0..<count { buffer[index] = bytes[offset + index] }
                        return count
                    }, blockSize: blockSize)
                #expect(actual == expected, "seed \(seed), blocks of \(blockSize): \(bytes)")
            }
        }
        // Both answers were exercised.
        #expect(validCount > 10 && invalidCount > 10)
    }

    @Test func onlyThePlainTextCodecWithAnEightBitEncodingStreams() throws {
        func converter(_ options: [String: String], verifies: Bool = true) throws -> (any StreamingFileConverter)? {
            var codecOptions = CodecOptions()
            for (name, value) in options { codecOptions.set(name, to: value) }
            let codec = try AnyDocumentCodec(PlainTextCodec.self).configured(codecOptions)
            return PlainTextToNormalizedUTF8.streamingConverter(from: codec, to: codec, verifies: verifies)
        }
        #expect(try converter(["fallback-encoding": "macintosh"]) != nil)
        #expect(try converter(["fallback-encoding": "windows-1252", "replace-invalid": "true"]) != nil)
        #expect(try converter(["encoding": "iso-8859-1"], verifies: false) != nil)
        // Verified too: the output is read back as the UTF-8 it is, whatever encoding the inputs were forced to.
        #expect(try converter(["encoding": "iso-8859-1"]) != nil)
        #expect(try converter(["encoding": "utf-16le"], verifies: false) == nil)
        #expect(try converter(["fallback-encoding": "us-ascii"]) == nil)
        #expect(try converter([:]) == nil)
        let markdown = AnyDocumentCodec(MarkdownCodec.self)
        #expect(PlainTextToNormalizedUTF8.streamingConverter(from: markdown, to: markdown, verifies: false) == nil)
    }
}
