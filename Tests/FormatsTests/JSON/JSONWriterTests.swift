import Comparison
import Formats
import Foundation
import TestSupport
import Testing

/// The writer against Foundation's `JSONEncoder` on this machine (swift-foundation), in all eight styles.
@Suite struct JSONWriterTests {
    private func encoderBytes(_ value: JSONValue, _ style: JSONWritingStyle) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = style.outputFormatting
        return try encoder.encode(EncodableJSON(value: value))
    }

    /// 300 random values × 8 styles: our bytes equal the encoder's. For sorted styles the members are
    /// shuffled first, so our own sort must produce the encoder's order.
    @Test func reproducesJSONEncoderInEveryStyle() throws {
        var generator = SeededGenerator(seed: 8259)
        var compared = 0
        for _ in 0..<300 {
            let value = JSONTestValues.value(depth: 4, using: &generator)
            for style in JSONWritingStyle.allStyles {
                let expected = try encoderBytes(value, style)
                var parsed = try JSONParser().parse(expected)
                if style.sortedKeys { parsed = JSONTestValues.shuffled(parsed, using: &generator) }
                let written = JSONWriter.write(parsed, style: style)
                #expect(
                    written == expected,
                    "\(style): ours \(String(decoding: written, as: UTF8.self).debugDescription) encoder \(String(decoding: expected, as: UTF8.self).debugDescription)"
                )
                compared += 1
            }
        }
        #expect(compared == 2_400)
    }

    /// The layout rules spelled out, so a change to any of them names itself.
    @Test func writesTheDocumentedLayout() throws {
        let value = try JSONParser().parse(#"{"b":[],"a":{},"c":[1,{"d":"x/y"}],"a10":1,"a2":2,"B":3,"_":4}"#)
        #expect(
            String(decoding: JSONWriter.write(value, style: .init()), as: UTF8.self)
                == #"{"b":[],"a":{},"c":[1,{"d":"x\/y"}],"a10":1,"a2":2,"B":3,"_":4}"#)
        #expect(
            String(
                decoding: JSONWriter.write(value, style: .init(sortedKeys: true, withoutEscapingSlashes: true)),
                as: UTF8.self)
                == #"{"B":3,"_":4,"a":{},"a10":1,"a2":2,"b":[],"c":[1,{"d":"x/y"}]}"#)
        let pretty = String(decoding: JSONWriter.write(value, style: .init(prettyPrinted: true)), as: UTF8.self)
        #expect(
            pretty
                == "{\n  \"b\" : [\n\n  ],\n  \"a\" : {\n\n  },\n  \"c\" : [\n    1,\n    {\n      \"d\" : \"x\\/y\"\n    }\n  ],\n  \"a10\" : 1,\n  \"a2\" : 2,\n  \"B\" : 3,\n  \"_\" : 4\n}"
        )
        #expect(
            String(decoding: JSONWriter.write(.array([]), style: .init(prettyPrinted: true)), as: UTF8.self) == "[\n\n]"
        )
        let escapes = JSONValue.string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}é😀")
        #expect(
            String(decoding: JSONWriter.write(escapes, style: .init()), as: UTF8.self)
                == "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\u{7F}é😀\"")
    }

    /// 200,000 levels: kept alive for the whole process, because destroying a `JSONValue` recurses.
    static let deepValue: JSONValue = {
        var value = JSONValue.null
        for _ in 0..<200_000 { value = .array([value]) }
        return value
    }()

    /// A value nested far deeper than any thread's stack allows a recursive writer is written all the same.
    @Test func writesDeepValuesWithoutRecursion() {
        let written = JSONWriter.write(Self.deepValue, style: .init(prettyPrinted: false))
        #expect(written.count == 2 * 200_000 + 4)
        #expect(written.prefix(200_000).allSatisfy { $0 == UInt8(ascii: "[") })
        #expect(written.dropFirst(200_000).prefix(4) == Data("null".utf8))
        #expect(written.suffix(200_000).allSatisfy { $0 == UInt8(ascii: "]") })
    }
}
