import Formats
import Foundation
import Testing

/// Depth without recursion, repeated keys named at both places, and the lenient lone-surrogate option.
@Suite struct JSONParserLimitsTests {
    /// A million `[` cost one error: a recursive parser would exhaust the stack long before the limit.
    @Test func aMillionOpenBracketsGiveADepthErrorNotACrash() {
        let input = Data(repeating: UInt8(ascii: "["), count: 1_000_000)
        for limit in [512, 300_000] {
            do {
                _ = try JSONParser(maximumDepth: limit).parse(input)
                Issue.record("accepted a million open brackets")
            } catch {
                #expect(error.code == "json.too-deep")
                #expect(error.offset == limit, "the error names the bracket that goes one level too deep")
            }
        }
    }

    @Test func deeplyOpenObjectsGiveADepthErrorNotACrash() {
        let input = Data(String(repeating: #"{"a":"#, count: 200_000).utf8)
        do {
            _ = try JSONParser(maximumDepth: 150_000).parse(input)
            Issue.record("accepted 200,000 open objects")
        } catch {
            #expect(error.code == "json.too-deep")
            #expect(error.offset == 150_000 * 5)
        }
    }

    @Test func nestingUpToTheLimitIsAcceptedAndKept() throws {
        let text = String(repeating: "[", count: 512) + "7" + String(repeating: "]", count: 512)
        var value = try JSONParser().parse(text)
        var depth = 0
        while case .array(let elements) = value, elements.count == 1 {
            depth += 1
            value = elements[0]
        }
        #expect(depth == 512)
        #expect(value == .number(try #require(JSONNumber("7"))))
    }

    @Test func aRepeatedKeyNamesBothPlaces() {
        let text = "{\n  \"title\": 1,\n  \"body\": {\"title\": 2},\n  \"title\": 3\n}"
        do {
            _ = try JSONParser().parse(text)
            Issue.record("accepted a repeated key")
        } catch {
            #expect(error.code == "json.duplicate-key")
            #expect(error.line == 4 && error.column == 3)
            #expect(error.earlierOffset == 4)
            #expect(error.message.contains("first appears at line 2, column 3 (byte 4 (0x4))"), "\(error.message)")
        }
    }

    @Test func loneSurrogatesAreRejectedUnlessTheCallerOptsIn() throws {
        let text = #"["\ud800", "\udc00x", "\ud800\u0041", "\ud83d\ude00"]"#
        #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
        // The strict default is Foundation's own: JSONDecoder refuses each of these too.
        for lone in [#"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#] {
            #expect(throws: (any Error).self) { try JSONDecoder().decode([String].self, from: Data(lone.utf8)) }
            #expect(throws: JSONParseError.self) { try JSONParser().parse(lone) }
        }
        let lenient = try JSONParser(loneSurrogates: .replace).parse(text)
        #expect(lenient == .array([.string("\u{FFFD}"), .string("\u{FFFD}x"), .string("\u{FFFD}A"), .string("😀")]))
    }

    @Test func valuesCompareByScalarsNotByCanonicalEquivalence() throws {
        let precomposed = try JSONParser().parse("[\"\u{E9}\"]")
        let decomposed = try JSONParser().parse("[\"e\u{301}\"]")
        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
    }
}
