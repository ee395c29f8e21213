import Foundation
import TestSupport
import Testing

@testable import Formats

/// The token-tape fast path must give exactly the full comparison's verdict: it may only say "equal"
/// where parsing both sides and comparing the `JSONValue` trees finds no difference, and it should say
/// so wherever they find none (else the speed is lost, silently).
@Suite struct JSONTapeTests {
    /// The full comparison's verdict, without the fast path: both sides parse and their values compare equal.
    private static func fullVerdict(_ expected: [UInt8], _ actual: [UInt8], _ comparator: JSONComparator) -> Bool {
        guard let expectedValue = try? comparator.parser.parse(Data(expected)),
            let actualValue = try? comparator.parser.parse(Data(actual))
        else { return false }
        return comparator.compare(expected: expectedValue, actual: actualValue) == nil
    }

    private static let acceptingSets: [[JSONVariation]] = [
        [], [.keyOrder], [.numberSpelling], [.keyOrder, .numberSpelling],
    ]

    // MARK: Validity

    /// Every accepted and rejected row of the parser's tables, compared with itself: the tape proves a
    /// document equal to itself exactly when the parser accepts it (a repeated key included).
    @Test func scansExactlyWhatTheParserAccepts() {
        let extra: [[UInt8]] =
            [
                "{\"a\":1,\"\\u0061\":2}", "{\"a\":{\"b\":1,\"b\":1}}", "[{\"x\":1},{\"y\":2,\"y\":2}]",
                "{\"a\":1,\"a\\u0000\":2}",
                "[\"\\ud83d\\ude00\", \"\\uD834\\uDD1E\"]", "[\"\\ud83d\\u0041\"]", "[\"\\ud83dx\"]", "[\"\\ud83d\\\"]",
                "[\"\\u00G0\"]",
                "[\"\\u00e\"]", "[1e+]", "[1E-7, -0.0e+00]", "[-01]", "[00]", "[1.e3]", "[truefalse]", "[fals]",
                "[nulll]",
                "{\"a\":1 \"b\":2}", "{\"a\" : 1 , \"b\" : 2 }", "{,}", "{\"a\"}", "{\"a\":}", "[1,,2]", "[\"\\",
                "[\"\\u", "\"abc",
                "{\"abcdefgh\":1,\"abcdefgh\":2}", "{\"abcdefghi\":1,\"abcdefghj\":2,\"abcdefghi\":3}",
            ].map { Array($0.utf8) } + [
                [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
                [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
                [0x22, 0xC2, 0x22], [0x22, 0xE6, 0x97, 0x22], [0x22, 0x80, 0x22], [0x5B, 0xC3, 0xA9, 0x5D],
                [0xEF, 0xBB, 0x31],
                [0xEF, 0xBB, 0xBF], [0x20, 0x0B, 0x31], [0x31, 0x00],
            ]
        let inputs =
            JSONTestSuiteTables.accepted.map(\.input) + JSONTestSuiteTables.rejected.map(\.input)
            + JSONParserTests.differentialInputs + extra
        let comparator = JSONComparator()
        var accepted = 0
        for input in inputs {
            let parses = (try? JSONParser().parse(Data(input))) != nil
            if parses { accepted += 1 }
            let description = String(decoding: input, as: UTF8.self).debugDescription
            #expect(comparator.provesEqual(expected: Data(input), actual: Data(input)) == parses, "\(description)")
            #expect(
                comparator.provesEqual(expected: Data(input), actual: Data(input + [0x0A])) == parses,
                "\(description) and a newline")
        }
        #expect(accepted > 40 && inputs.count - accepted > 80)
    }

    /// Nesting is counted as the parser counts it, an empty container included, with no recursion.
    @Test func nestingIsLimitedAsTheParserLimitsIt() throws {
        func nested(_ depth: Int, _ inner: String = "") -> Data {
            Data((String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)).utf8)
        }
        let comparator = JSONComparator()
        #expect(comparator.compare(expected: nested(512), actual: nested(512) + Data(" ".utf8)) == nil)
        #expect(comparator.provesEqual(expected: nested(512), actual: nested(512)))
        #expect(!comparator.provesEqual(expected: nested(513), actual: nested(513)))
        #expect(!comparator.provesEqual(expected: nested(512, "[]"), actual: nested(512, "[]")))
        let tooDeep = try #require(comparator.compare(expected: nested(513), actual: nested(512)))
        #expect(tooDeep.cause == Difference.Cause.jsonInvalidExpected)
        #expect(tooDeep.summary.hasSuffix("[json.too-deep]"))

        // A million open brackets are an error for the parser, and the tape gives up as early.
        let million = Data(repeating: UInt8(ascii: "["), count: 1_000_000)
        let refused = try #require(comparator.compare(expected: million, actual: million + Data(" ".utf8)))
        #expect(
            refused.children.map(\.cause) == [Difference.Cause.jsonInvalidExpected, Difference.Cause.jsonInvalidActual])

        // Under a limit the parser's trees could not be compared within (they recurse), the tape compares
        // 200,000 levels on a heap stack.
        let deep = JSONComparator(parser: JSONParser(maximumDepth: 300_000))
        let deepObjects = String(repeating: #"{"a":"#, count: 200_000) + "1" + String(repeating: "}", count: 200_000)
        let deepObjectsSpaced =
            String(repeating: #"{ "a" : "#, count: 200_000) + "1" + String(repeating: " }", count: 200_000)
        #expect(deep.compare(expected: Data(deepObjects.utf8), actual: Data(deepObjectsSpaced.utf8)) == nil)
        #expect(deep.compare(expected: nested(200_000, "1"), actual: nested(200_000, " 1 ")) == nil)
        #expect(!deep.provesEqual(expected: nested(200_000, "1"), actual: nested(200_000, "2")))
    }

    // MARK: Verdicts

    /// Pairs chosen for the places a byte-wise shortcut could go wrong, with the verdict each must get.
    static let edgeCases: [(expected: String, actual: String, accepting: [JSONVariation], equal: Bool)] = [
        (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#, [.keyOrder], true),
        (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#, [], false),
        (#"{"a":1,"b":2}"#, #"{"a":1,"b":2,"c":3}"#, [.keyOrder], false),
        (#"{"a":1,"b":2}"#, #"{"a":1,"c":2}"#, [.keyOrder], false),
        (#"["é"]"#, #"["\u00e9"]"#, [], true),
        (#"["\u00E9"]"#, #"["\u00e9"]"#, [], true),
        (#"["é"]"#, #"["e\u0301"]"#, [.keyOrder, .numberSpelling], false),
        (#"["😀"]"#, #"["\ud83d\ude00"]"#, [], true),
        (#"["a/b"]"#, #"["a\/b"]"#, [], true),
        (#"["tab\there"]"#, #"["tab\u0009here"]"#, [], true),
        (#"["\u0000"]"#, #"[""]"#, [], false),
        (#"{"\u0061":1}"#, #"{"a":1}"#, [], true),
        (#"{"a":1,"\u0000":2,"":3}"#, #"{"":3,"a":1,"\u0000":2}"#, [.keyOrder], true),
        (#"{"a":1,"a\u0000":2}"#, #"{"a\u0000":2,"a":1}"#, [.keyOrder], true),
        (#"{"a":1,"a\u0000":2}"#, #"{"a\u0000":1,"a":2}"#, [.keyOrder], false),
        (
            #"{"abcdefghX":1,"abcdefghY":2,"abcdefgh":3}"#, #"{"abcdefgh":3,"abcdefghY":2,"abcdefghX":1}"#, [.keyOrder],
            true
        ),
        (#"{"abcdefghX":1,"abcdefghY":2}"#, #"{"abcdefghY":1,"abcdefghX":2}"#, [.keyOrder], false),
        (#"{"caf\u00e9":1,"cafe\u0301":2}"#, "{\"cafe\u{301}\":2,\"caf\u{E9}\":1}", [.keyOrder], true),
        (#"{"caf\u00e9":1}"#, "{\"cafe\u{301}\":1}", [.keyOrder], false),
        ("[1]", "[1.0]", [], false),
        ("[1]", "[1.0]", [.numberSpelling], true),
        ("[1, 1e0, 10e-1, 0.1e1, 1E+0]", "[1.0, 1, 1, 1, 1]", [.numberSpelling], true),
        ("[-0]", "[0]", [.numberSpelling], true),
        ("[-0]", "[0]", [.keyOrder], false),
        ("[0.1]", "[0.10000000000000001]", [.numberSpelling], false),
        ("[9007199254740993]", "[9007199254740992]", [.numberSpelling], false),
        ("[123456789012345678901234567890]", "[1.2345678901234567890123456789e29]", [.numberSpelling], true),
        ("[123456789012345678901234567890]", "[123456789012345678901234567891]", [.numberSpelling], false),
        ("[1e400]", "[10e399]", [.numberSpelling], true),
        ("[1e400]", "[1e401]", [.numberSpelling], false),
        ("[true, false, null]", "[ true , false , null ]", [], true),
        ("[true]", "[false]", [.keyOrder, .numberSpelling], false),
        ("[null]", "[false]", [.keyOrder, .numberSpelling], false),
        ("[1]", "[\"1\"]", [.keyOrder, .numberSpelling], false),
        ("[]", "{}", [.keyOrder, .numberSpelling], false),
        ("[[], {}]", "[ [ ] , { } ]", [], true),
        ("[1, 2]", "[2, 1]", [.keyOrder, .numberSpelling], false),
        ("[1, 2]", "[1, 2, 3]", [.keyOrder, .numberSpelling], false),
        ("[[1, [2]], {\"a\": [3]}]", "[[1,[2]],{\"a\":[3]}]", [], true),
        ("[[1, [2]], {\"a\": [3]}]", "[[1,[2]],{\"a\":[4]}]", [.keyOrder, .numberSpelling], false),
        ("\u{FEFF}{\"a\":1}", "{\"a\":1}", [], true),
        ("\"x\"", " \"x\"\r\n", [], true),
        (#"{"a":1,"a":1}"#, #"{"a":1, "a":1}"#, [.keyOrder], false),
        (#"{"a":1,"\u0061":1}"#, #"{"a":1,"a":1}"#, [.keyOrder], false),
        (#"{"b":{"x":1,"x":1}}"#, #"{ "b" : {"x":1,"x":1} }"#, [.keyOrder], false),
    ]

    @Test func edgeCasesGetTheirVerdictOnBothPaths() throws {
        for row in Self.edgeCases {
            let comparator = JSONComparator(accepting: row.accepting)
            let expected = Array(row.expected.utf8), actual = Array(row.actual.utf8)
            let label = "\(row.expected) vs \(row.actual) accepting \(row.accepting)"
            #expect(Self.fullVerdict(expected, actual, comparator) == row.equal, "full: \(label)")
            #expect(
                comparator.provesEqual(expected: Data(expected), actual: Data(actual)) == row.equal, "tape: \(label)")
            #expect(
                (comparator.compare(expected: Data(expected), actual: Data(actual)) == nil) == row.equal,
                "compare: \(label)")
        }
    }

    /// Objects too large for the insertion sort are sorted another way; pairing and repeated keys must not change.
    @Test func largeObjectsArePairedAndCheckedForRepeatedKeys() {
        let keys = (0..<40).map { "abcdefgh\($0 % 7)_\($0)" }
        let forward = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let backward = "{ " + keys.enumerated().reversed().map { "\"\($1)\" : \($0)" }.joined(separator: " , ") + " }"
        let changed = backward.replacingOccurrences(of: ": 39 ", with: ": 40 ")
        let repeated = "{" + (keys + [keys[17]]).enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let ordered = JSONComparator(accepting: [.keyOrder])
        #expect(ordered.provesEqual(expected: Data(forward.utf8), actual: Data(backward.utf8)))
        #expect(!JSONComparator().provesEqual(expected: Data(forward.utf8), actual: Data(backward.utf8)))
        #expect(changed != backward && !ordered.provesEqual(expected: Data(forward.utf8), actual: Data(changed.utf8)))
        #expect(!ordered.provesEqual(expected: Data(repeated.utf8), actual: Data(repeated.utf8)))
        let invalid = ordered.compare(expected: Data(repeated.utf8), actual: Data((repeated + " ").utf8))
        #expect(
            invalid?.children.count == 2
                && invalid?.children.allSatisfy { $0.summary.hasSuffix("[json.duplicate-key]") } == true)
    }

    /// The lenient parser reads a lone surrogate as U+FFFD; the tape leaves such documents to it.
    @Test func loneSurrogatesUnderTheLenientParserAreLeftToIt() {
        let lenient = JSONComparator(parser: JSONParser(loneSurrogates: .replace))
        let lone = Data(#"["\ud800", "\udc00x"]"#.utf8)
        #expect(!lenient.provesEqual(expected: lone, actual: Data(#"["\ufffd","\ufffdx"]"#.utf8)))
        #expect(lenient.compare(expected: lone, actual: Data(#"["\ufffd","\ufffdx"]"#.utf8)) == nil)
        #expect(lenient.compare(expected: lone, actual: Data(#"["\ufffd","x"]"#.utf8)) != nil)
        #expect(
            JSONComparator().compare(expected: lone, actual: Data(#"["\ufffd","\ufffdx"]"#.utf8))?.cause
                == Difference.Cause.jsonInvalidExpected)
    }

    /// Generated pairs: the same value written two ways (whitespace, escapes, member order, number
    /// spelling, repeated keys), half of them changed somewhere; the tape's verdict is the full one's,
    /// under every set of accepted variations, and so is the report `compare` returns.
    @Test func generatedPairsGetTheFullComparisonsVerdict() throws {
        var generator = SeededGenerator(seed: 20261129)
        var equalCounts = [Int](repeating: 0, count: Self.acceptingSets.count)
        let pairCount = 400
        for _ in 0..<pairCount {
            let pair = JSONPairGenerator.pair(using: &generator, spellingVariants: true, repeatedKeys: true)
            let expectedData = Data(pair.expected), actualData = Data(pair.actual)
            let expectedValue = try? JSONParser().parse(expectedData), actualValue = try? JSONParser().parse(actualData)
            for (setIndex, accepting) in Self.acceptingSets.enumerated() {
                let comparator = JSONComparator(accepting: accepting)
                var fullDifference: Difference?
                if let expectedValue, let actualValue {
                    fullDifference = comparator.compare(expected: expectedValue, actual: actualValue)
                }
                let full = expectedValue != nil && actualValue != nil && fullDifference == nil
                let tape = comparator.provesEqual(expected: expectedData, actual: actualData)
                #expect(
                    tape == full,
                    "\(String(decoding: pair.expected, as: UTF8.self)) vs \(String(decoding: pair.actual, as: UTF8.self)) accepting \(accepting)"
                )
                if full { equalCounts[setIndex] += 1 }
                if let fullDifference, setIndex % 2 == 0 {
                    // The report of a difference is the full comparison's own.
                    #expect(comparator.compare(expected: expectedData, actual: actualData) == fullDifference)
                }
            }
        }
        // Each accepted variation makes more pairs equal, and neither verdict is rare.
        #expect(equalCounts[0] > 10 && equalCounts[3] < pairCount - 100, "\(equalCounts)")
        #expect(equalCounts[1] > equalCounts[0] + 20 && equalCounts[2] > equalCounts[0] + 20, "\(equalCounts)")
        #expect(equalCounts[3] > max(equalCounts[1], equalCounts[2]) + 20, "\(equalCounts)")
    }

    /// Python's `json` as an independent oracle: for documents it reads as we do (one spelling per number,
    /// no repeated key), `json.loads(a) == json.loads(b)` is our verdict when key order is accepted.
    @Test func pythonAgreesWithTheVerdicts() throws {
        var generator = SeededGenerator(seed: 7_2026)
        let pairs = (0..<300).map { _ in
            JSONPairGenerator.pair(using: &generator, spellingVariants: false, repeatedKeys: false)
        }
        let program = """
            import json, sys
            for line in sys.stdin.read().split('\\n'):
                if not line: continue
                left, right = line.split(' ')
                print('equal' if json.loads(bytes.fromhex(left)) == json.loads(bytes.fromhex(right)) else 'differ')
            """
        func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined() }
        let input = pairs.map { hex($0.expected) + " " + hex($0.actual) }.joined(separator: "\n") + "\n"
        let verdicts = try PythonOracle.run(program, input: Data(input.utf8)).split(separator: "\n").map(String.init)
        try #require(verdicts.count == pairs.count)
        let comparator = JSONComparator(accepting: [.keyOrder])
        for (pair, verdict) in zip(pairs, verdicts) {
            let ours =
                comparator.compare(expected: Data(pair.expected), actual: Data(pair.actual)) == nil ? "equal" : "differ"
            #expect(
                ours == verdict,
                "\(String(decoding: pair.expected, as: UTF8.self)) vs \(String(decoding: pair.actual, as: UTF8.self))")
        }
        #expect(verdicts.filter { $0 == "equal" }.count > 60 && verdicts.filter { $0 == "differ" }.count > 60)
    }
}
