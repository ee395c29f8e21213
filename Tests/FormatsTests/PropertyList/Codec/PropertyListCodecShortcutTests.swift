import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

/// The codec's two shortcuts give exactly what the full rules give: `differences` of equal documents
/// (decided without spelling paths), and an XML write of a document with a source (decided by writing
/// rather than reading the source again).
@Suite struct PropertyListCodecShortcutTests {
    let codec = PropertyListCodec()

    @Test func differencesAreEmptyExactlyWhenTheFullComparisonFindsNone() {
        var values = TextPropertyListValueGenerator(generator: SeededGenerator(seed: 0x5107_C07), includesReals: true)
        var changes = SeededGenerator(seed: 0xD1FF)
        var equalPairs = 0, differingPairs = 0
        for round in 0..<3_000 {
            let expected = values.value()
            let actual: PropertyListValue
            switch round % 3 {
            case 0: actual = expected
            case 1: actual = Self.reordered(expected, using: &changes)
            default: actual = Self.changedOnce(Self.reordered(expected, using: &changes), using: &changes)
            }
            var full: [SnapshotDifference] = []
            PropertyListCodec.collectDifferences(expected, actual, path: "$", into: &full)
            let shortcut = PropertyListCodec.haveNoDifferences(expected, actual)
            #expect(shortcut == full.isEmpty, "round \(round): \(expected) against \(actual)")
            let found = codec.differences(
                expected: PropertyListDocument(value: expected, format: .binary),
                actual: PropertyListDocument(value: actual, format: .xml))
            #expect(
                found.map(\.path) == full.map(\.path) && found.map(\.summary) == full.map(\.summary), "round \(round)")
            if full.isEmpty { equalPairs += 1 } else { differingPairs += 1 }
        }
        // Both outcomes were exercised, many times each.
        #expect(equalPairs > 1_000 && differingPairs > 500)
    }

    @Test func theEdgesOfEqualityAreTheFullComparisonsEdges() {
        let cases: [(PropertyListValue, PropertyListValue, Bool)] = [
            (.real(0.0), .real(-0.0), false),
            (.real(.nan), .real(.nan), true),
            (.real(.nan), .real(-.nan), false),
            (.date(secondsSinceReferenceDate: 0), .date(secondsSinceReferenceDate: -0.0), false),
            (.string("\u{E9}"), .string("e\u{301}"), false),
            (
                .dictionary([PropertyListEntry(key: "\u{E9}", value: .integer(1))]),
                .dictionary([PropertyListEntry(key: "e\u{301}", value: .integer(1))]), false
            ),
            (.integer(1), .real(1), false),
            (.integer(1), .uid(1), false),
            (.string("1"), .integer(1), false),
            (.array([]), .dictionary([]), false),
            (.data(Data()), .string(""), false),
            (.boolean(true), .integer(1), false),
            (
                .dictionary([
                    PropertyListEntry(key: "a", value: .integer(1)), PropertyListEntry(key: "b", value: .integer(2)),
                ]),
                .dictionary([
                    PropertyListEntry(key: "b", value: .integer(2)), PropertyListEntry(key: "a", value: .integer(1)),
                ]), true
            ),
            (
                .dictionary([
                    PropertyListEntry(key: "a", value: .integer(1)), PropertyListEntry(key: "b", value: .integer(2)),
                ]),
                .dictionary([
                    PropertyListEntry(key: "b", value: .integer(2)), PropertyListEntry(key: "c", value: .integer(1)),
                ]), false
            ),
        ]
        for (left, right, same) in cases {
            var full: [SnapshotDifference] = []
            PropertyListCodec.collectDifferences(left, right, path: "$", into: &full)
            #expect(full.isEmpty == same, "\(left) against \(right)")
            #expect(PropertyListCodec.haveNoDifferences(left, right) == same, "\(left) against \(right)")
        }
    }

    @Test(arguments: [3, 63, 64, 65, 300])
    func dictionariesInAnotherOrderArePairedByKeyAtEverySize(_ count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let entries = (0..<count).map { PropertyListEntry(key: "key \($0) é", value: .integer(Int128($0))) }
        let expected = PropertyListValue.dictionary(entries)
        let shuffled = entries.shuffled(using: &generator)
        let variants: [(String, PropertyListValue, Bool)] = [
            ("shuffled", .dictionary(shuffled), true),
            ("reversed", .dictionary(entries.reversed()), true),
            (
                "one value changed",
                .dictionary(
                    shuffled.map { $0.key == "key 1 é" ? PropertyListEntry(key: $0.key, value: .integer(-1)) : $0 }),
                false
            ),
            (
                "one key renamed",
                .dictionary(
                    shuffled.map {
                        $0.key == "key 2 é" ? PropertyListEntry(key: "key 2 e\u{301}", value: $0.value) : $0
                    }), false
            ),
            ("one entry dropped", .dictionary(Array(shuffled.dropLast())), false),
        ]
        for (name, actual, same) in variants {
            var full: [SnapshotDifference] = []
            PropertyListCodec.collectDifferences(expected, actual, path: "$", into: &full)
            #expect(full.isEmpty == same, "\(count) entries, \(name)")
            #expect(PropertyListCodec.haveNoDifferences(expected, actual) == same, "\(count) entries, \(name)")
        }
    }

    @Test func anXMLWriteWithASourceGivesWhatTheFullRuleGives() throws {
        var values = TextPropertyListValueGenerator(generator: SeededGenerator(seed: 0x0C_5E), includesReals: true)
        var changes = SeededGenerator(seed: 0x5EED)
        var keptSources = 0, rewritten = 0
        for round in 0..<600 {
            let value = values.value()
            guard let coreFoundation = try? XMLPropertyList.write(value) else { continue }
            let propertyListEncoder = try XMLPropertyList.write(
                value, options: XMLPropertyList.WritingOptions(style: .propertyListEncoder))
            // A source no Apple writer makes: the same document with a blank line after its declaration.
            let handWritten = Data(
                String(decoding: coreFoundation, as: UTF8.self).replacingOccurrences(of: "?>\n", with: "?>\n\n").utf8)
            for source in [coreFoundation, propertyListEncoder, handWritten] {
                for changed in [false, true] {
                    var document = PropertyListDocument(value: value, format: .xml)
                    document.xmlSource = source
                    if changed { document.value = Self.changedOnce(value, using: &changes) }
                    let expected = Result { try XMLPropertyList.write(document.value, replacing: source) }
                    let actual = Result { try PropertyListCodec.write(document, as: .xml) }
                    switch (expected, actual) {
                    case (.success(let expectedBytes), .success(let actualBytes)):
                        #expect(actualBytes == expectedBytes, "round \(round), changed \(changed)")
                        if actualBytes == source { keptSources += 1 } else { rewritten += 1 }
                    case (.failure(let expectedError as CodecError), .failure(let actualError as CodecError)):
                        #expect(actualError.code == expectedError.code, "round \(round)")
                    default:
                        Issue.record("round \(round): the full rule gave \(expected), the codec \(actual)")
                    }
                }
            }
        }
        #expect(keptSources > 500 && rewritten > 300)
    }

    /// `value` with the entries of every dictionary in a random order (unordered, so the same document).
    static func reordered(_ value: PropertyListValue, using generator: inout SeededGenerator) -> PropertyListValue {
        switch value {
        case .dictionary(let entries):
            return .dictionary(
                entries.map { PropertyListEntry(key: $0.key, value: reordered($0.value, using: &generator)) }.shuffled(
                    using: &generator))
        case .array(let elements):
            return .array(elements.map { reordered($0, using: &generator) })
        default:
            return value
        }
    }

    /// `value` with one change somewhere: a scalar replaced, a string's last scalar changed, an element or entry added
    /// or removed.
    static func changedOnce(_ value: PropertyListValue, using generator: inout SeededGenerator) -> PropertyListValue {
        switch value {
        case .dictionary(var entries):
            if !entries.isEmpty && Int.random(in: 0..<3, using: &generator) > 0 {
                let index = Int.random(in: entries.indices, using: &generator)
                if Bool.random(using: &generator) {
                    entries[index].value = changedOnce(entries[index].value, using: &generator)
                } else {
                    entries.remove(at: index)
                }
            } else {
                entries.append(PropertyListEntry(key: "added \(entries.count)", value: .boolean(false)))
            }
            return .dictionary(entries)
        case .array(var elements):
            if !elements.isEmpty && Int.random(in: 0..<3, using: &generator) > 0 {
                let index = Int.random(in: elements.indices, using: &generator)
                elements[index] = changedOnce(elements[index], using: &generator)
            } else if !elements.isEmpty && Bool.random(using: &generator) {
                elements.removeLast()
            } else {
                elements.append(.integer(7))
            }
            return .array(elements)
        case .string(let text):
            // Sometimes a change only Unicode scalars see: a precomposed é against e and a combining accent.
            if text.unicodeScalars.last == "\u{E9}" { return .string(String(text.dropLast()) + "e\u{301}") }
            return .string(text + (Bool.random(using: &generator) ? "\u{E9}" : "x"))
        case .integer(let integer):
            return integer == 0 ? .string("0") : .integer(integer == Int128.max ? 0 : integer + 1)
        case .real(let real):
            return real == 0 ? .real(-real) : .real(real.isNaN ? 1 : real.nextUp)
        case .boolean(let boolean):
            return .boolean(!boolean)
        case .date(let seconds):
            return .date(secondsSinceReferenceDate: seconds + 1)
        case .data(let data):
            return .data(data + [0])
        case .uid(let uid):
            return .uid(uid &+ 1)
        }
    }
}
