import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// Randomized mutations of valid invoice files: each format's decoding gives a model or a `CodecError`, never a trap.
@Suite struct CodableCodecMutationTests {
    private func mutate(_ seed: Data, using generator: inout SeededGenerator) -> Data {
        var bytes = [UInt8](seed)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            default: bytes.removeLast(bytes.count - position)
            }
        }
        return Data(bytes)
    }

    private func run<Codec: DocumentCodec>(
        _ codec: Codec, seeds: [Data], contentType: UTType, rounds: Int
    ) -> (decoded: Int, rejected: Int) {
        var generator = SeededGenerator(seed: 0xC0DA_B1E)
        var decoded = 0, rejected = 0
        for round in 0..<rounds {
            let input = mutate(seeds[round % seeds.count], using: &generator)
            do {
                _ = try codec.decode(FileWrapper(regularFileWithContents: input), contentType: contentType)
                decoded += 1
            } catch is CodecError {
                rejected += 1
            } catch {
                Issue.record("not a CodecError: \(error)")
            }
        }
        return (decoded, rejected)
    }

    @Test func mutatedInvoicesDecodeOrThrowInEveryFormat() throws {
        let invoices = [Invoice.paid, Invoice.golden]
        let pretty = try invoices.map {
            try #require(try PrettyInvoiceCodec().encode($0, previous: nil, contentType: .json).regularFileContents)
        }
        let xml = try invoices.map {
            try #require(
                try XMLInvoiceCodec().encode($0, previous: nil, contentType: .propertyList).regularFileContents)
        }
        let binaryEncoder = PropertyListEncoder()
        binaryEncoder.outputFormat = .binary
        let binary = try invoices.map { try binaryEncoder.encode($0) }

        let json = run(PrettyInvoiceCodec(), seeds: pretty, contentType: .json, rounds: 1_500)
        let xmlCounts = run(XMLInvoiceCodec(), seeds: xml, contentType: .propertyList, rounds: 1_500)
        // Binary files are read strictly by BinaryPropertyList first, so they are mutated only where it is implemented.
        let binaryCounts =
            BinaryPropertyListAvailability.isImplemented
            ? run(PropertyListInvoiceCodec(), seeds: binary, contentType: .propertyList, rounds: 1_500) : nil
        print(
            "Codable mutation test: JSON \(json), XML plist \(xmlCounts), binary plist \(binaryCounts.map { "\($0)" } ?? "skipped") (decoded, rejected)"
        )
        for counts in [json, xmlCounts] + (binaryCounts.map { [$0] } ?? []) {
            #expect(counts.decoded + counts.rejected == 1_500)
            #expect(counts.rejected > 500)
        }
    }
}
