import Comparison
import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// Mutated inputs never trap the reader: each decodes to a table (which must then write its bytes back
/// exactly) or throws a `CodecError` with a `csv.` code.
@Suite struct CSVMutationTests {
    static func seeds() throws -> [Data] {
        var seeds: [Data] = CSVCodecTests.roundTrips.map { Data($0.utf8) }
        let golden = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("GoldenFiles/csv")
        for folder in ["comma/cases", "tab/cases"] {
            let url = golden.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
                seeds.append(try Data(contentsOf: url.appendingPathComponent(name)))
            }
        }
        return seeds
    }

    @Test func thousandsOfMutatedInputsDecodeOrThrowAndNeverTrap() throws {
        let seeds = try Self.seeds()
        #expect(seeds.count >= 30)
        var generator = SeededGenerator(seed: 0xC5F)
        let interesting: [UInt8] = [0x22, 0x2C, 0x09, 0x3B, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF, 0xC3, 0x80, 0xFF, 0x00]
        var decoded = 0, rejected = 0
        let total = 4000
        for round in 0..<total {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let choice = Int.random(in: 0..<4, using: &generator)
                let byte =
                    Bool.random(using: &generator)
                    ? interesting.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
                switch choice {
                case 0 where !bytes.isEmpty: bytes[Int.random(in: 0..<bytes.count, using: &generator)] = byte
                case 1: bytes.insert(byte, at: Int.random(in: 0...bytes.count, using: &generator))
                case 2 where !bytes.isEmpty: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator))
                case 3 where !bytes.isEmpty:
                    bytes.removeLast(Int.random(in: 0...min(8, bytes.count), using: &generator))
                default: bytes.append(byte)
                }
            }
            do {
                let file = FileWrapper(regularFileWithContents: Data(bytes))
                let again: Data?
                switch round % 3 {
                case 0:
                    let table = try TSVCodec().decode(file, contentType: .tabSeparatedText)
                    again = try TSVCodec().encode(table, previous: nil, contentType: .tabSeparatedText)
                        .regularFileContents
                case 1:
                    let table = try StrictCSVCodec().decode(file, contentType: .commaSeparatedText)
                    again = try StrictCSVCodec().encode(table, previous: nil, contentType: .commaSeparatedText)
                        .regularFileContents
                default:
                    let table = try CSVCodec().decode(file, contentType: .commaSeparatedText)
                    again = try CSVCodec().encode(table, previous: nil, contentType: .commaSeparatedText)
                        .regularFileContents
                }
                #expect(again == Data(bytes), "round \(round) did not write its bytes back")
                decoded += 1
            } catch let error as CodecError {
                #expect(error.code.hasPrefix("csv."), "round \(round): \(error)")
                rejected += 1
            }
        }
        #expect(decoded + rejected == total)
        #expect(decoded > 500 && rejected > 500, "decoded \(decoded), rejected \(rejected)")
        print(
            "CSV mutation test: \(total) inputs, \(decoded) decoded and written back byte for byte, \(rejected) rejected"
        )
    }
}
