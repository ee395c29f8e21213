import Comparison
import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

@Suite struct PropertyListJSONTests {
    @Test func refusesWhatJSONCannotHoldNamingTheKeyPath() throws {
        let cases: [(PropertyListValue, String, String)] = [
            (
                .dictionary([PropertyListEntry(key: "when", value: .date(secondsSinceReferenceDate: 0))]),
                "conversion.plist-to-json.date", "$.when"
            ),
            (.array([.integer(1), .data(Data([0]))]), "conversion.plist-to-json.data", "$[1]"),
            (
                .dictionary([PropertyListEntry(key: "$top", value: .uid(1))]), "conversion.plist-to-json.uid",
                "$[\"$top\"]"
            ),
            (.array([.real(.nan)]), "conversion.plist-to-json.non-finite-real", "$[0]"),
        ]
        for (value, code, path) in cases {
            let error = try #require(throws: CodecError.self) {
                try PropertyListToJSON().convert(PropertyListDocument(value: value, format: .binary))
            }
            #expect(error.code == code)
            #expect(error.location == .keyPath(path))
        }
    }

    @Test func convertsLikePythonsJSONModuleForValuesJSONCanHold() throws {
        var generator = BinaryPlistValueGenerator(seed: 7)
        var values: [PropertyListValue] = []
        while values.count < 200 {
            let value = generator.value(depth: 3)
            if (try? PropertyListToJSON.json(from: value)) != nil { values.append(value) }
        }
        let input = values.map(PlistlibOracle.tagged).joined(separator: "\n") + "\n"
        let output = try PlistlibOracle.run(
            """
            for line in INPUT:
                print(json.dumps(build(json.loads(line)), separators=(',', ':')))
            """, input: Data(input.utf8))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == values.count)
        let comparator = JSONComparator(accepting: [.numberSpelling])
        for (value, line) in zip(values, lines) {
            let ours = try PropertyListToJSON.json(from: value)
            let theirs = try JSONParser().parse(String(line))
            #expect(comparator.compare(expected: theirs, actual: ours) == nil, "\(line)")
            // And back: every integer stays an integer and every real a real.
            #expect(BinaryPropertyListLayout.identical(try JSONToPropertyList.value(from: ours), value))
        }
    }

    @Test func theTaggedEncodingCarriesEveryValueAcrossAndBack() throws {
        var generator = BinaryPlistValueGenerator(seed: 99)
        var values = (0..<1_000).map { _ in generator.value() }
        values.append(.dictionary([PropertyListEntry(key: "$data", value: .string("not base64, a plain string"))]))
        values.append(.dictionary([PropertyListEntry(key: "$dictionary", value: .integer(1))]))
        values.append(
            .array([
                .real(.infinity), .real(-.infinity), .real(-0.0), .date(secondsSinceReferenceDate: -.infinity),
                .real(.nan),
            ]))
        for value in values {
            let json = try PropertyListToJSON.json(from: value, encoding: .tagged)
            // Through text, as a JSON file would carry it.
            let reparsed = try JSONParser().parse(json.compactText)
            let back = try JSONToPropertyList.value(from: reparsed, encoding: .tagged)
            #expect(BinaryPropertyListLayout.identical(back, value), "\(json.compactText)")
        }
        let data = try PropertyListToJSON.json(from: .data(Data("hi".utf8)), encoding: .tagged)
        #expect(data.compactText == "{\"$data\":\"aGk=\"}")
        let uid = try PropertyListToJSON.json(from: .uid(7), encoding: .tagged)
        #expect(uid.compactText == "{\"$uid\":7}")
    }

    @Test func readsJSONNumbersAsIntegersInRangeAndRealsOtherwise() throws {
        let text =
            "[1, -0, 1.0, 1e2, 18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809, 0.1]"
        let value = try JSONToPropertyList.value(from: try JSONParser().parse(text))
        #expect(
            value
                == .array([
                    .integer(1), .integer(0), .real(1.0), .real(100), .integer(Int128(UInt64.max)), .real(0x1p64),
                    .integer(Int128(Int64.min)), .real(-0x1p63), .real(0.1),
                ]))
        let huge = try #require(throws: CodecError.self) {
            try JSONToPropertyList.value(from: try JSONParser().parse("{\"a\": [1e400]}"))
        }
        #expect(huge.code == "conversion.json-to-plist.number-out-of-range")
        #expect(huge.location == .keyPath("$.a[0]"))
        let null = try #require(throws: CodecError.self) {
            try JSONToPropertyList.value(from: try JSONParser().parse("{\"a\": [1, null]}"))
        }
        #expect(null.code == "conversion.json-to-plist.null")
        #expect(null.location == .keyPath("$.a[1]"))
        let badTag = try #require(throws: CodecError.self) {
            try JSONToPropertyList.value(from: try JSONParser().parse("{\"$uid\": -1}"), encoding: .tagged)
        }
        #expect(badTag.code == "conversion.json-to-plist.bad-tag")
        // Without the tagged encoding a tag is an ordinary dictionary.
        let plain = try JSONToPropertyList.value(from: try JSONParser().parse("{\"$uid\": 1}"))
        #expect(plain == .dictionary([PropertyListEntry(key: "$uid", value: .integer(1))]))
    }

    @Test func theConversionsProduceDocumentsOfTheirCodecs() throws {
        let document = try PropertyListToJSON().convert(
            PropertyListDocument(
                value: .dictionary([
                    PropertyListEntry(key: "b", value: .integer(1)),
                    PropertyListEntry(key: "a", value: .array([.boolean(true), .real(2.5)])),
                ]), format: .binary))
        #expect(document.value.compactText == "{\"b\":1,\"a\":[true,2.5]}")
        #expect(document.style == JSONWritingStyle())
        let back = try JSONToPropertyList().convert(document)
        #expect(back.format == .xml)
        #expect(try JSONToPropertyList(encoding: .strict, format: .binary).convert(document).format == .binary)
    }

    /// The golden conversion case of `GoldenFiles/plist/binary`: its input converts to its expected JSON.
    @Test func theGoldenConversionMatchesItsExpectedJSON() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("GoldenFiles/plist/binary")
        let input = try Data(contentsOf: folder.appendingPathComponent("cases/convertible.plist"))
        let expected = try Data(contentsOf: folder.appendingPathComponent("expected/convertible.json"))
        let converted = try PropertyListToJSON().convert(try PropertyListCodec.read(input))
        #expect(JSONComparator().compare(expected: try JSONParser().parse(expected), actual: converted.value) == nil)
    }
}
