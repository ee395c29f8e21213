import Foundation
import TestSupport
import Testing

@testable import Formats

/// The tape's verdict against the full comparison's over thousands of pairs aimed at how the tape reads:
/// strings and whitespace eight bytes at a time (the first special byte found by its flag), and members
/// in another order matched through a hash table of the expected keys, or for large objects by binary
/// search among the sorted ones (repeated keys found on either side, objects past the table's limit).
///
/// The full comparison parses both sides into `JSONValue` trees and compares them; the tape may only
/// say "equal" where that finds no difference, and must say so wherever it finds none.
@Suite struct JSONTapeDifferentialTests {
    private static func fullVerdict(_ expected: [UInt8], _ actual: [UInt8], _ comparator: JSONComparator) -> Bool {
        guard let expectedValue = try? comparator.parser.parse(Data(expected)),
            let actualValue = try? comparator.parser.parse(Data(actual))
        else { return false }
        return comparator.compare(expected: expectedValue, actual: actualValue) == nil
    }

    /// Both verdicts for one pair; records a failure naming the pair when they disagree. The full verdict.
    @discardableResult
    private static func expectAgreement(
        _ expected: [UInt8], _ actual: [UInt8], accepting: [JSONVariation],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let comparator = JSONComparator(accepting: accepting)
        let full = fullVerdict(expected, actual, comparator)
        let tape = comparator.provesEqual(expected: Data(expected), actual: Data(actual))
        #expect(
            tape == full,
            "\(String(decoding: expected, as: UTF8.self).debugDescription) vs \(String(decoding: actual, as: UTF8.self).debugDescription) accepting \(accepting)",
            sourceLocation: sourceLocation)
        return full
    }

    /// Generated pairs (whitespace, escapes, member order, number spellings, repeated keys, nesting, changes).
    @Test func thousandsOfGeneratedPairsGetTheFullVerdict() {
        var generator = SeededGenerator(seed: 2026_11_30)
        let accepting: [[JSONVariation]] = [[], [.keyOrder], [.numberSpelling], [.keyOrder, .numberSpelling]]
        var equal = [Int](repeating: 0, count: accepting.count)
        let pairCount = 2500
        for _ in 0..<pairCount {
            let pair = JSONPairGenerator.pair(using: &generator, spellingVariants: true, repeatedKeys: true)
            for (index, variations) in accepting.enumerated()
            where Self.expectAgreement(pair.expected, pair.actual, accepting: variations) {
                equal[index] += 1
            }
        }
        // Both verdicts are common, and each accepted variation makes pairs equal that were not.
        #expect(equal[0] > 100 && equal[3] < pairCount - 500, "\(equal)")
        #expect(equal[1] > equal[0] + 100 && equal[2] > equal[0] + 100, "\(equal)")
    }

    /// A byte of each kind a string can hold, at every place within and across the eight-byte words.
    @Test func stringsAreReadToTheirFirstSpecialByteWhereverItFalls() {
        let specials: [[UInt8]] = [
            Array("\\n".utf8), Array("\\\"".utf8), Array("\\u00e9".utf8), Array("\\ud83d\\ude00".utf8),
            Array("\\/".utf8),
            [0x7F], [0x20], [0x01], [0x1F], [0x0A], [0x09],
            Array("é".utf8), Array("日".utf8), Array("😀".utf8),
            [0xFF], [0xC3, 0x41], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE6, 0x97],
        ]
        var accepted = 0, rejected = 0
        for offset in 0..<18 {
            for special in specials {
                for tail in [0, 1, 7, 8, 9] {
                    let content =
                        Array(repeating: UInt8(ascii: "a"), count: offset) + special
                        + Array(repeating: UInt8(ascii: "b"), count: tail)
                    let expected = Array("[\"".utf8) + content + Array("\"]".utf8)
                    // The same string with whitespace around it, and a string one byte longer.
                    let spaced = Array("[ \"".utf8) + content + Array("\" ]".utf8)
                    let longer = Array("[\"".utf8) + content + Array("c\"]".utf8)
                    if Self.expectAgreement(expected, spaced, accepting: []) { accepted += 1 } else { rejected += 1 }
                    #expect(!Self.expectAgreement(expected, longer, accepting: []))
                    // The same content as a key, with members in another order.
                    let object = Array("{\"k\":1,\"".utf8) + content + Array("\":2}".utf8)
                    let reordered = Array("{\"".utf8) + content + Array("\":2,\"k\":1}".utf8)
                    Self.expectAgreement(object, reordered, accepting: [.keyOrder])
                }
            }
        }
        #expect(accepted > 500 && rejected > 500, "\(accepted) accepted, \(rejected) rejected")
    }

    /// Runs of whitespace of every length, each of the four JSON whitespace bytes, and bytes that look
    /// like whitespace but are not (vertical tab, form feed, NUL, no-break space, next line).
    @Test func whitespaceRunsOfEveryLengthAndKindAreSkippedAsTheParserSkipsThem() {
        var generator = SeededGenerator(seed: 51)
        let whitespace: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
        let lookalikes: [[UInt8]] = [[0x0B], [0x0C], [0x00], [0xC2, 0xA0], [0xC2, 0x85], [0x1C]]
        let tokens = [
            "{", "\"key\"", ":", "[", "1.5", ",", "true", ",", "\"s\"", ",", "null", ",", "{", "}", "]", ",", "\"k2\"",
            ":", "-0", "}",
        ]
        var accepted = 0, rejected = 0
        for round in 0..<1500 {
            var expected: [UInt8] = []
            var actual: [UInt8] = []
            for (index, token) in tokens.enumerated() {
                for side in 0..<2 {
                    var run = (0..<Int.random(in: 0..<20, using: &generator)).map { _ in
                        whitespace.randomElement(using: &generator) ?? 0x20
                    }
                    // Now and then a lookalike, somewhere in one side's run.
                    if side == 1 && round % 3 == 0 && index == round % tokens.count,
                        let lookalike = lookalikes.randomElement(using: &generator)
                    {
                        run.insert(contentsOf: lookalike, at: Int.random(in: 0...run.count, using: &generator))
                    }
                    if side == 0 { expected += run + Array(token.utf8) } else { actual += run + Array(token.utf8) }
                }
            }
            expected += [0x0A]
            if Self.expectAgreement(expected, actual, accepting: []) { accepted += 1 } else { rejected += 1 }
        }
        #expect(accepted > 800 && rejected > 300, "\(accepted) accepted, \(rejected) rejected")
    }

    /// Objects of 0 to 70 members in another order: equal, a value changed, a key swapped for one that
    /// shares its first eight bytes, a key repeated on one side only (the member count unchanged), and
    /// objects nested in values, so the key buffers are grown and reused.
    @Test func membersInAnotherOrderAreMatchedOneToOne() {
        var generator = SeededGenerator(seed: 1130)
        func key(_ number: Int) -> String {
            switch number % 4 {
            case 0: "abcdefgh\(number)"
            case 1: "key_\(number)"
            case 2: "k\(number)"
            default: "abcdefgh\(number)x"
            }
        }
        func object(_ members: [(String, String)]) -> [UInt8] {
            Array(("{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8)
        }
        var outcomes: [String: (equal: Int, different: Int)] = [:]
        for count in 0...70 {
            for variant in ["same", "value", "key", "repeated-actual", "repeated-expected", "nested"] {
                // A change needs a member to change, and a repeated key two members.
                guard variant == "same" || count > 1 || (count == 1 && ["value", "key", "nested"].contains(variant))
                else { continue }
                var members = (0..<count).map { (key($0), "\($0)") }
                if variant == "nested" {
                    members = members.map { member in
                        let size = Int.random(in: 0..<40, using: &generator)
                        return (
                            member.0, String(decoding: object((0..<size).map { (key($0 * 7), "\($0)") }), as: UTF8.self)
                        )
                    }
                }
                var actual = members.shuffled(using: &generator)
                var expectedMembers = members
                if count > 0 {
                    let target = Int.random(in: 0..<count, using: &generator)
                    switch variant {
                    case "value": actual[target].1 = "\"changed\""
                    case "key": actual[target].0 += "_"
                    case "repeated-actual": actual[target].0 = actual[(target + 1) % count].0
                    case "repeated-expected": expectedMembers[target].0 = expectedMembers[(target + 1) % count].0
                    case "nested": actual[target].1 = "{}"
                    default: break
                    }
                }
                let full = Self.expectAgreement(object(expectedMembers), object(actual), accepting: [.keyOrder])
                Self.expectAgreement(object(expectedMembers), object(actual), accepting: [])
                // The same order on both sides takes the other path, which must find repeated keys as well.
                Self.expectAgreement(object(expectedMembers), object(expectedMembers), accepting: [])
                outcomes[variant, default: (0, 0)].equal += full ? 1 : 0
                outcomes[variant, default: (0, 0)].different += full ? 0 : 1
            }
        }
        #expect(outcomes["same"]?.different == 0 && outcomes["same"]?.equal == 71)
        for variant in ["value", "key", "repeated-actual", "repeated-expected"] {
            #expect(outcomes[variant]?.equal == 0, "\(variant): \(String(describing: outcomes[variant]))")
        }
        #expect((outcomes["nested"]?.different ?? 0) > 60)
        #expect(outcomes["repeated-actual"]?.different == 69 && outcomes["key"]?.different == 70)
    }
}
