import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// Randomized mutations of valid documents: decoding never traps, and whatever decodes round-trips.
@Suite struct JSONMutationTests {
    /// The good golden cases plus documents in every `JSONEncoder` style.
    static func seeds() throws -> [Data] {
        let folder = AnonymizedCase.repository.appendingPathComponent("GoldenFiles/json/cases")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter {
            !$0.hasPrefix("bad-")
        }
        var seeds = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        var generator = SeededGenerator(seed: 99)
        for style in JSONWritingStyle.allStyles {
            seeds.append(JSONWriter.write(JSONTestValues.value(depth: 4, using: &generator), style: style))
        }
        return seeds
    }

    @Test func mutatedDocumentsDecodeOrThrowAndValidOnesRoundTrip() throws {
        let seeds = try Self.seeds()
        try #require(seeds.count >= 20)
        var generator = SeededGenerator(seed: 0x6A73_6F6E)
        let interesting =
            Array("[]{}\",:\\/0123456789-+.eEtfnu \n\t".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        var decoded = 0, rejected = 0
        let codec = JSONCodec()
        for round in 0..<4_000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                case 1: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: position)
                case 2 where !bytes.isEmpty: bytes.remove(at: position)
                case 3: bytes.removeLast(bytes.count - position)
                default: if !bytes.isEmpty { bytes[position] = interesting.randomElement(using: &generator) ?? 0 }
                }
            }
            let input = Data(bytes)
            do {
                let document = try codec.decode(FileWrapper(regularFileWithContents: input), contentType: .json)
                decoded += 1
                let output = try codec.encode(document, previous: nil, contentType: .json).regularFileContents
                #expect(
                    output == input,
                    "a valid mutation did not round-trip: \(String(decoding: input, as: UTF8.self).debugDescription)")
            } catch let error as CodecError {
                #expect(error.code.hasPrefix("json."))
                rejected += 1
            }
        }
        print(
            "JSON mutation test: 4000 inputs, \(decoded) decoded and written back byte for byte, \(rejected) rejected")
        #expect(decoded + rejected == 4_000)
        #expect(decoded > 100 && rejected > 1_000, "decoded \(decoded), rejected \(rejected)")
    }
}
