import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct TextMutationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file of the text corpora (cases and expected outputs), read once.
    static func corpusFiles() throws -> [[UInt8]] {
        let root = repository.appendingPathComponent("GoldenFiles/text")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [[UInt8]] = []
        for case let url as URL in walker
        where url.pathExtension != "json" && url.pathExtension != "py" && url.lastPathComponent != "README.md" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(Array(try Data(contentsOf: url)))
            }
        }
        return files
    }

    /// Flips, inserts, deletes and truncates bytes of the golden inputs (fixed seed) and decodes each
    /// mutant under every option set: each must give a document or a thrown `CodecError`, never a trap,
    /// and a document must encode again (or refuse with a `CodecError`).
    @Test func mutatedInputsDecodeOrThrowUnderEveryOptionSet() throws {
        let inputs = try Self.corpusFiles()
        #expect(inputs.count > 50)
        let codecs = [
            PlainTextCodec(),
            PlainTextCodec(options: TextCodecOptions(fallbackEncoding: .singleByte(.windows1252))),
            PlainTextCodec(options: TextCodecOptions(replacesInvalidBytes: true)),
            PlainTextCodec(options: TextCodecOptions(forcedEncoding: .utf16BigEndian)),
            PlainTextCodec(options: TextCodecOptions(forcedEncoding: .utf32LittleEndian, replacesInvalidBytes: true)),
            PlainTextCodec(options: TextCodecOptions(forcedEncoding: .ascii)),
        ]
        var generator = SeededGenerator(seed: 20_261_129)
        var decoded = 0, refused = 0
        for round in 0..<3000 {
            guard var bytes = inputs.randomElement(using: &generator) else { continue }
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !bytes.isEmpty: bytes[position] ^= UInt8.random(in: 1...255, using: &generator)
                case 1:
                    bytes.insert(
                        [0x00, 0xFE, 0xFF, 0xD8, 0xDC, 0x80, 0xC3, 0x0D][Int.random(in: 0..<8, using: &generator)],
                        at: position)
                case 2 where !bytes.isEmpty: bytes.remove(at: position)
                default: bytes = Array(bytes.prefix(position))
                }
            }
            let codec = codecs[round % codecs.count]
            do {
                let document = try codec.decode(
                    FileWrapper(regularFileWithContents: Data(bytes)), contentType: .plainText)
                decoded += 1
                do {
                    let again = try codec.encode(document, previous: nil, contentType: .plainText).regularFileContents
                    // Without replacement, what decoded strictly re-encodes to the same bytes.
                    if document.replacedSequenceCount == 0 { #expect(again == Data(bytes), "round \(round)") }
                } catch is CodecError {
                    #expect(document.replacedSequenceCount > 0)
                }
            } catch is CodecError {
                refused += 1
            }
        }
        #expect(decoded + refused == 3000)
        #expect(decoded > 500 && refused > 200, "decoded \(decoded), refused \(refused)")
    }
}
