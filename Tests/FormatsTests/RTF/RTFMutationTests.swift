import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct RTFMutationTests {
    static let rtfSeeds: [Data] = [
        Data(RTFReaderTests.pandocUnicode.utf8),
        RTFDSamples.text,
        Data(
            #"{\rtf1\mac\ansicpg10000\cocoartf824{\fonttbl\f0\fswiss\fcharset77 Helvetica;}\f0 Caf\'8e {\field{\*\fldinst{HYPERLINK "https://a.b/"}}{\fldrslt \b link}}\par{\listtext\t\uc0\u8226 \t}x\line y\bin3 abc\uc2\u-10187 ??\u-9157 ??}"#
                .utf8),
    ]

    static func mutate(_ seed: Data, _ generator: inout SeededGenerator) -> Data {
        var bytes = [UInt8](seed)
        let interesting: [UInt8] = Array(#"{}\'*0123456789-abuc "#.utf8) + [0x00, 0x80, 0xAC, 0xFF]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            case 3: bytes = Array(bytes.prefix(position))
            default: if !bytes.isEmpty { bytes[position] = interesting.randomElement(using: &generator) ?? 0 }
            }
        }
        return Data(bytes)
    }

    @Test func mutatedRTFNeverTraps() {
        var generator = SeededGenerator(seed: 0x5EED_0008)
        var decoded = 0
        var refused = 0
        for index in 0..<3000 {
            let input = Self.mutate(Self.rtfSeeds[index % Self.rtfSeeds.count], &generator)
            do {
                let document = try RTFCodec().decode(FileWrapper(regularFileWithContents: input), contentType: .rtf)
                _ = document.plainText
                _ = document.markdown()
                decoded += 1
            } catch let error as CodecError {
                #expect(error.code.hasPrefix("rtf."))
                refused += 1
            } catch {
                Issue.record("unexpected error type: \(error)")
            }
        }
        #expect(decoded + refused == 3000)
        // Both outcomes must occur, or the mutations are not reaching the reader's checks.
        #expect(decoded > 100)
        #expect(refused > 100)
    }

    @Test func mutatedFlatRTFDNeverTraps() throws {
        let package = FileWrapper(
            directoryWithFileWrappers: RTFDSamples.members.mapValues { FileWrapper(regularFileWithContents: $0) })
        let flat = try #require(
            FlatRTFDCodec().encode(
                FlatRTFDDocument(package: try RTFDCodec().decode(package, contentType: .rtfd)), previous: nil,
                contentType: .flatRTFD
            ).regularFileContents)
        var generator = SeededGenerator(seed: 0xF1A7)
        var refused = 0
        for _ in 0..<1000 {
            let input = Self.mutate(flat, &generator)
            do {
                let document = try FlatRTFDCodec().decode(
                    FileWrapper(regularFileWithContents: input), contentType: .flatRTFD)
                _ = try? RTFDToMarkdownBundle().convert(document.package)
            } catch let error as CodecError {
                #expect(
                    error.code.hasPrefix("flat-rtfd.") || error.code.hasPrefix("rtfd.") || error.code.hasPrefix("rtf."))
                refused += 1
            }
        }
        #expect(refused > 100)
    }
}
