import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

/// Random damage to valid archives never traps: every input decodes or throws a `CodecError`.
@Suite struct KeyedArchiveMutationTests {
    static func seeds() throws -> [PropertyListValue] {
        var seeds = [
            try KeyedArchive(root: KeyedArchiveDecodingTests.everyKind).propertyList(),
            try KeyedArchive(root: KeyedArchiveConversionTests.tree).propertyList(),
            KeyedArchiveDecodingTests.simple,
            try NotebookV1(title: "T", pages: NotebookV1Tests.expected).propertyList().value,
        ]
        seeds.append(try FoundationPropertyListBridge.archive(KeyedArchiveFoundationTests.book()))
        return seeds
    }

    /// Replaces, removes or duplicates one randomly chosen node of `value`.
    static func mutate(_ value: PropertyListValue, using generator: inout SeededGenerator) -> PropertyListValue {
        var count = 0
        func countNodes(_ value: PropertyListValue) {
            count += 1
            switch value {
            case .array(let elements): elements.forEach(countNodes)
            case .dictionary(let entries): entries.forEach { countNodes($0.value) }
            default: break
            }
        }
        countNodes(value)
        let target = Int.random(in: 0..<count, using: &generator)
        var index = 0
        func replacement(_ old: PropertyListValue) -> PropertyListValue {
            switch Int.random(in: 0..<9, using: &generator) {
            case 0: return .uid(UInt32.random(in: 0..<40, using: &generator))
            case 1: return .integer(Int128(Int.random(in: -2...200_000, using: &generator)))
            case 2:
                return .string(["$null", "NS.objects", "$class", "", "NSArray"].randomElement(using: &generator) ?? "")
            case 3: return .array([old, old])
            case 4:
                return .dictionary([
                    PropertyListEntry(
                        key: "CF$UID", value: .integer(Int128(Int.random(in: -1...40, using: &generator))))
                ])
            case 5: return .real(.nan)
            case 6: return .date(secondsSinceReferenceDate: .infinity)
            case 7:
                return .data(
                    Data(
                        (0..<Int.random(in: 0...17, using: &generator)).map { _ in
                            UInt8.random(in: 0...255, using: &generator)
                        }))
            default: return .dictionary([])
            }
        }
        func walk(_ value: PropertyListValue) -> PropertyListValue? {
            defer { index += 1 }
            if index == target {
                return Bool.random(using: &generator) ? replacement(value) : nil
            }
            switch value {
            case .array(let elements): return .array(elements.compactMap(walk))
            case .dictionary(let entries):
                return .dictionary(
                    entries.compactMap { entry in walk(entry.value).map { PropertyListEntry(key: entry.key, value: $0) }
                    })
            default: return value
            }
        }
        return walk(value) ?? .dictionary([])
    }

    @Test func damagedArchivesDecodeOrThrowButNeverTrap() throws {
        var generator = SeededGenerator(seed: 0x5EED_0007)
        let seeds = try Self.seeds()
        var decoded = 0, rejected = 0
        for round in 0..<2_000 {
            var value = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...3, using: &generator) { value = Self.mutate(value, using: &generator) }
            do {
                let archive = try KeyedArchive(propertyList: value)
                decoded += 1
                // Whatever decodes also lays out, renders and compares without trapping.
                let again = try KeyedArchive(propertyList: try archive.propertyList())
                #expect(again == archive)
                _ = try KeyedArchiveToJSON().convert(KeyedArchiveDocument(archive: archive))
                _ = try KeyedArchiveToPropertyList().convert(KeyedArchiveDocument(archive: archive))
                _ = KeyedArchiveCodec().differences(
                    expected: KeyedArchiveDocument(archive: archive),
                    actual: KeyedArchiveDocument(archive: KeyedArchive(root: .nilReference)))
            } catch is CodecError {
                rejected += 1
            }
            _ = try? NotebookV1(propertyList: PropertyListDocument(value: value, format: .binary))
        }
        print("keyed-archive mutation test: \(decoded + rejected) inputs, \(decoded) decoded, \(rejected) rejected")
        #expect(decoded + rejected == 2_000)
        #expect(decoded > 0 && rejected > 0)
    }
}
