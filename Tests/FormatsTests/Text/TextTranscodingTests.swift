import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

@Suite struct TextTranscodingTests {
    static let tables: [SingleByteEncoding] = [.macOSRoman, .windows1252, .isoLatin1]

    /// The decode written the slow, obvious way: one byte, its scalar from the table, that scalar's UTF-8.
    static func reference(
        _ bytes: [UInt8], _ encoding: SingleByteEncoding, replacing: Bool
    ) -> (utf8: [UInt8], replaced: Int, firstInvalid: Int?) {
        var output: [UInt8] = []
        var replaced = 0
        for (offset, byte) in bytes.enumerated() {
            guard let scalar = encoding.scalar(for: byte) else {
                guard replacing else { return (output, replaced, offset) }
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                replaced += 1
                continue
            }
            output.append(contentsOf: String(scalar).utf8)
        }
        return (output, replaced, nil)
    }

    /// Text-like bytes: runs of ASCII of every length (so the eight-byte path starts at every alignment),
    /// single upper-half bytes and runs of them, and some bytes of every value.
    static func textLike(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        while bytes.count < count {
            switch UInt8.random(in: 0...3, using: &generator) {
            case 0, 1:
                bytes += (0..<Int.random(in: 0...19, using: &generator)).map { _ in
                    UInt8.random(in: 0x20...0x7E, using: &generator)
                }
            case 2:
                bytes += (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    UInt8.random(in: 0x80...0xFF, using: &generator)
                }
            default: bytes.append(UInt8.random(in: 0...0xFF, using: &generator))
            }
        }
        return Array(bytes.prefix(count))
    }

    @Test(arguments: tables)
    func theInMemoryDecodeEqualsTheByteByByteDecodeOnRandomText(_ encoding: SingleByteEncoding) throws {
        for seed in UInt64(1)...40 {
            let bytes = Self.textLike(count: Int(seed) * 37, seed: seed)
            let expected = Self.reference(bytes, encoding, replacing: true)
            let codec = PlainTextCodec(
                options: TextCodecOptions(forcedEncoding: .singleByte(encoding), replacesInvalidBytes: true))
            let document = try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
            #expect(Array(document.text.utf8) == expected.utf8, "\(encoding.name), seed \(seed)")
            #expect(document.replacedSequenceCount == expected.replaced)
        }
    }

    @Test(arguments: tables)
    func theStreamingDecodeEqualsTheByteByByteDecodeWhereverTheBlocksEnd(_ encoding: SingleByteEncoding) throws {
        let folder = try TemporaryDirectory("transcoding")
        let source = folder.appending("source.txt"), destination = folder.appending("output.txt")
        let bytes = Self.textLike(count: 3_001, seed: 7)
        try Data(bytes).write(to: source)
        let expected = Self.reference(bytes, encoding, replacing: true)
        for blockSize in [1, 2, 3, 7, 8, 9, 15, 16, 17, 64, 1_000, 4_096, TextTranscoding.defaultBlockSize] {
            let replaced = try TextTranscoding.transcodeToUTF8(
                from: source, encoding: encoding, replacingInvalidBytes: true, to: destination, blockSize: blockSize)
            #expect(
                try Array(Data(contentsOf: destination)) == expected.utf8, "\(encoding.name), blocks of \(blockSize)")
            #expect(replaced == expected.replaced)
        }
        // Only the output is left beside the source: no temporary folder.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "output.txt", "source.txt",
            ])
    }

    @Test func theStreamingDecodeWritesWhatTheCodecAndTheDocumentWrite() throws {
        let folder = try TemporaryDirectory("transcoding")
        let source = folder.appending("classic.txt")
        // Every byte value (Mac OS Roman defines them all), lines ending in CR as classic Mac files do.
        try Data((0...255).map { UInt8($0) } + Array("caf".utf8) + [0x8E, 0x0D]).write(to: source)
        let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(.macOSRoman)))
        let document = try codec.decode(FileWrapper(url: source, options: .immediate), contentType: .plainText)
        try TextDocument(text: document.text).write(to: folder.appending("through-codec.txt"))
        try TextTranscoding.transcodeToUTF8(from: source, encoding: .macOSRoman, to: folder.appending("streamed.txt"))
        let streamed = try Data(contentsOf: folder.appending("streamed.txt"))
        #expect(streamed == (try Data(contentsOf: folder.appending("through-codec.txt"))))
        #expect(String(decoding: streamed, as: UTF8.self).hasSuffix("café\r"))
    }

    @Test func anUndefinedByteInALaterBlockNamesItsOffsetInTheFileAndLeavesTheDestinationAlone() throws {
        let folder = try TemporaryDirectory("transcoding")
        let source = folder.appending("source.txt"), destination = folder.appending("output.txt")
        // Windows-1252 leaves 0x81 undefined; it sits in the fourth block of 16 bytes.
        var bytes = Array(repeating: UInt8(ascii: "a"), count: 100)
        bytes[53] = 0x81
        try Data(bytes).write(to: source)
        try Data("previous".utf8).write(to: destination)
        let error = try #require(throws: CodecError.self) {
            try TextTranscoding.transcodeToUTF8(
                from: source, encoding: .windows1252, replacingInvalidBytes: false, to: destination, blockSize: 16)
        }
        #expect(error.code == "text.invalid-bytes")
        #expect(error.location == .byte(53))
        #expect(error.message == "the byte 0x81 is not valid windows-1252")
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "output.txt", "source.txt",
            ])
    }
}
