import Comparison
import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct JSONCodecTests {
    private func decode(_ data: Data) throws -> JSONDocument {
        try JSONCodec().decode(FileWrapper(regularFileWithContents: data), contentType: .json)
    }

    private func encode(_ document: JSONDocument) throws -> Data? {
        try JSONCodec().encode(document, previous: nil, contentType: .json).regularFileContents
    }

    /// A file `JSONEncoder` wrote in any of its eight styles decodes to a snapshot whose style writes it again.
    @Test func encoderOutputDecodesToTheStyleThatWroteIt() throws {
        var generator = SeededGenerator(seed: 7)
        for index in 0..<120 {
            // Every value holds a slash and an object of several keys, so each flag leaves a mark.
            let value = JSONValue.object([
                JSONMember(key: "path", value: .string("a/b")),
                JSONMember(key: "z", value: JSONTestValues.value(depth: 3, using: &generator)),
                JSONMember(key: "list", value: .array([.number(try #require(JSONNumber("1"))), .object([])])),
            ])
            for style in JSONWritingStyle.allStyles {
                let encoder = JSONEncoder()
                encoder.outputFormatting = style.outputFormatting
                let data = try encoder.encode(EncodableJSON(value: value))
                let document = try decode(data)
                #expect(document.preservedText == nil, "\(index) \(style): kept the text instead of finding the style")
                #expect(
                    document.style.prettyPrinted == style.prettyPrinted
                        && document.style.withoutEscapingSlashes == style.withoutEscapingSlashes)
                if style.sortedKeys { #expect(document.style.sortedKeys) }
                #expect(try encode(document) == data, "\(index) \(style)")
            }
        }
    }

    /// Valid JSON in layouts no `JSONEncoder` writes, made by Python, is written back unchanged.
    @Test func otherLayoutsRoundTripUnchangedUntilTheValueChanges() throws {
        let program = #"""
            import json
            value = {"name": "Grüße/Ω", "items": [1, 2.50, {"k": None}], "empty": [], "flag": True}
            layouts = [
                json.dumps(value, indent=4),
                json.dumps(value, indent="\t", ensure_ascii=False) + "\n",
                json.dumps(value),
                json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\r\n"),
                "\ufeff" + json.dumps(value, separators=(",", ":"), ensure_ascii=False),
            ]
            for layout in layouts:
                print(layout.encode("utf-8").hex())
            """#
        let layouts = try PythonOracle.run(program).split(separator: "\n").map { line in
            Data(
                stride(from: 0, to: line.count, by: 2).compactMap { offset in
                    let start = line.index(line.startIndex, offsetBy: offset)
                    return UInt8(line[start..<line.index(start, offsetBy: 2)], radix: 16)
                })
        }
        try #require(layouts.count == 5)
        for (index, data) in layouts.enumerated() {
            var document = try decode(data)
            #expect(document.preservedText == data, "layout \(index)")
            #expect(document.writesPreservedText)
            #expect(try encode(document) == data, "layout \(index)")

            // The value changes: the nearest JSONEncoder style writes it, with the value exact.
            let original = document.value
            guard case .object(var members) = document.value else {
                Issue.record("not an object")
                continue
            }
            members.append(JSONMember(key: "added", value: .string("x/y")))
            document.value = .object(members)
            #expect(!document.writesPreservedText)
            let rewritten = try #require(try encode(document))
            #expect(rewritten == JSONWriter.write(document.value, style: document.style))
            #expect(document.style.prettyPrinted == data.contains(0x0A), "layout \(index)")
            #expect(try JSONParser().parse(rewritten) == document.value)

            // Back to the value as read: the text as read again.
            document.value = original
            #expect(try encode(document) == data)
        }
    }

    /// The golden cases: those in a JSONEncoder layout are found as such, with the flags their names say.
    @Test func goldenCasesDecodeToTheirLayout() throws {
        let folder = AnonymizedCase.repository.appendingPathComponent("GoldenFiles/json/cases")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("bad-") }
        try #require(names.count == 17)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let document = try decode(data)
            #expect((document.preservedText == nil) == !name.hasPrefix("python-"), "\(name)")
            if name.hasPrefix("encoder-") {
                #expect(document.style.prettyPrinted == name.contains("pretty"), "\(name)")
                #expect(document.style.sortedKeys == name.contains("sorted"), "\(name)")
                #expect(document.style.withoutEscapingSlashes == name.contains("unescaped-slashes"), "\(name)")
            }
            #expect(try encode(document) == data, "\(name)")
        }
    }

    @Test func differencesNameKeyPathsAndIgnoreOrderAndNumberSpelling() throws {
        let expected = try decode(
            Data(#"{"items":[{"title":"a"},{"title":"b"},{"title":"c"}],"total":1.0,"tags":{"x":1,"y":2}}"#.utf8))
        let actual = try decode(
            Data(
                #"{"tags":{"y":2,"x":1},"total":1,"items":[{"title":"a"},{"title":"b"},{"title":"C","extra":true}]}"#
                    .utf8))
        let differences = JSONCodec().differences(expected: expected, actual: actual)
        #expect(differences.map(\.path) == ["$.items[2].title", "$.items[2].extra"])
        #expect(differences.first?.expected == #""c""# && differences.first?.actual == #""C""#)
        #expect(differences.last?.summary.contains("[json.member-added]") == true)
        #expect(JSONCodec().differences(expected: expected, actual: expected).isEmpty)
        let retyped = try decode(Data(#"{"items":"none","total":1.0,"tags":{"x":1,"y":2}}"#.utf8))
        #expect(
            JSONCodec().differences(expected: expected, actual: retyped).map(\.summary).first?.contains(
                "[json.type-changed]") == true)
    }

    @Test func rejectsInvalidJSONWithTheParsersCodeAndPlace() throws {
        let cases: [(String, String, Int, Int)] = [
            ("{\n  \"a\": [1,]\n}", "json.trailing-comma", 2, 11), ("{\"a\":1,\"a\":2}", "json.duplicate-key", 1, 8),
            ("[\"\\udc00\"]", "json.lone-surrogate", 1, 3), ("// note\n{}", "json.unexpected-character", 1, 1),
        ]
        for (text, code, line, column) in cases {
            do {
                _ = try decode(Data(text.utf8))
                Issue.record("accepted \(text)")
            } catch let error as CodecError {
                #expect(error.code == code, "\(text)")
                #expect(error.location == .line(line, column: column), "\(text): \(error)")
            }
        }
        #expect(throws: CodecError.self) {
            try JSONCodec().decode(FileWrapper(directoryWithFileWrappers: [:]), contentType: .json)
        }
    }

    @Test func isRegisteredForPublicJSON() {
        #expect(CodecRegistry.builtIn.codec(identifier: "json") != nil)
        #expect(CodecRegistry.builtIn.codec(reading: .json)?.identifier == "json")
    }

    /// The four routes write the same bytes and read the same snapshot, for both kinds of snapshot.
    @Test func everyRouteWritesTheSameBytesAndReadsTheSameSnapshot() async throws {
        let encoderLayout = Data("{\n  \"b\" : [\n\n  ],\n  \"a\" : \"x\\/y\"\n}".utf8)
        let handWritten = Data("{ \"b\": [], \"a\": \"x/y\", \"n\": 1.50 }\n".utf8)
        for data in [encoderLayout, handWritten] {
            let folder = try TemporaryDirectory()
            let document = try decode(data)
            let written = try await DocumentRoutes.written(JSONCodec.self, document, contentType: .json, in: folder.url)
            #expect(written.count == 4 && written.values.allSatisfy { $0 == data })
            let input = folder.appending("input.json")
            try data.write(to: input)
            let read = try await DocumentRoutes.read(JSONCodec.self, input, contentType: .json)
            #expect(read.count == 4 && read.values.allSatisfy { $0 == document })
        }
    }
}
