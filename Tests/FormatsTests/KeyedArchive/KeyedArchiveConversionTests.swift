import Comparison
import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

/// The JSON and plain property-list renderings, and the codec's explained differences.
@Suite struct KeyedArchiveConversionTests {
    static let tree = KeyedArchiveValue.object(
        KeyedArchiveClass(rootClass: "App.Node"),
        fields: [
            KeyedArchiveField(key: "parent", value: .object(.reference(0))),
            KeyedArchiveField(
                key: "tags", value: .object(.array([.string("a"), .real(2), .data(Data([0xFF]))], .array))),
            KeyedArchiveField(key: "when", value: .object(.date(secondsSinceReferenceDate: 757_382_400.25, .date))),
            KeyedArchiveField(
                key: "byNumber",
                value: .object(
                    .dictionary([KeyedArchiveDictionaryEntry(key: .integer(1), value: .null(.null))], .dictionary))),
            KeyedArchiveField(
                key: "names",
                value: .object(
                    .dictionary([KeyedArchiveDictionaryEntry(key: .string("$x"), value: .nilReference)], .dictionary))),
            KeyedArchiveField(
                key: "list",
                value: .object(
                    .array(
                        [.mutableString("m", .mutableString)],
                        KeyedArchiveClass(name: "NSMutableArray", chain: ["NSMutableArray", "NSArray", "NSObject"])))),
            KeyedArchiveField(key: "rank", value: .value(.integer(3))),
            KeyedArchiveField(key: "ratio", value: .value(.real(.infinity))),
        ])

    @Test func rendersTheDocumentedJSON() throws {
        let document = try KeyedArchiveToJSON().convert(KeyedArchiveDocument(archive: KeyedArchive(root: Self.tree)))
        #expect(document.style.prettyPrinted)
        let expected = #"""
            {"$archiver":"NSKeyedArchiver","$top":{"root":{"$class":"App.Node","$classes":["App.Node","NSObject"],\#
            "parent":{"$ref":0},"tags":["a",2.0,{"$data":"/w=="}],\#
            "when":{"$date":"2025-01-01T00:00:00.25Z","$time":757382400.25},\#
            "byNumber":{"$dictionary":[[1,{"$null":true}]]},"names":{"$$x":null},\#
            "list":{"$array":[{"$string":"m"}],"$class":"NSMutableArray","$classes":["NSMutableArray","NSArray","NSObject"]},\#
            "$inline":{"rank":3,"ratio":{"$real":"+infinity"}},"$id":0}}}
            """#
        #expect(document.value.compactText == expected)
        // Comparison's strict JSON parser reads the text back to the same value.
        let reparsed = try JSONParser().parse(document.value.compactText)
        #expect(reparsed == document.value)
    }

    @Test func rendersAPlainPropertyListWithEncodingsForWhatItCannotHold() throws {
        let document = try KeyedArchiveToPropertyList().convert(
            KeyedArchiveDocument(archive: KeyedArchive(root: Self.tree)))
        #expect(document.format == .xml)
        guard case .dictionary(let top) = document.value, case .dictionary(let roots)? = top.last?.value,
            case .dictionary(let root)? = roots.first?.value
        else {
            Issue.record("unexpected shape: \(document.value)")
            return
        }
        func member(_ key: String) -> PropertyListValue? { root.first { $0.key == key }?.value }
        #expect(
            member("names")
                == .dictionary([
                    PropertyListEntry(
                        key: "$$x", value: .dictionary([PropertyListEntry(key: "$nil", value: .boolean(true))]))
                ]))
        #expect(
            member("when")
                == .dictionary([
                    PropertyListEntry(key: "$date", value: .date(secondsSinceReferenceDate: 757_382_400)),
                    PropertyListEntry(key: "$time", value: .real(757_382_400.25)),
                ]))
        #expect(
            member("tags")
                == .array([
                    .string("a"), .real(2), .dictionary([PropertyListEntry(key: "$data", value: .data(Data([0xFF])))]),
                ]))
        #expect(member("$id") == .integer(0))
    }

    @Test func isoDatesMatchPython() throws {
        let samples: [Double] = [0, -978_307_200, 757_382_400.25, -1e10, 2.5e11, 1.000001, -0.5]
        let ours = samples.map { KeyedArchiveRendering.iso8601(secondsSinceReferenceDate: $0) ?? "none" }
        let program = """
            import datetime, sys
            for s in sys.stdin.read().split():
                d = datetime.datetime(2001, 1, 1) + datetime.timedelta(seconds=float(s))
                text = d.strftime('%Y-%m-%dT%H:%M:%S')
                if d.microsecond: text += ('.%06d' % d.microsecond).rstrip('0')
                print(text + 'Z')
            """
        let python = try PythonOracle.run(program, input: Data(samples.map { "\($0)" }.joined(separator: " ").utf8))
        #expect(ours == python.split(separator: "\n").map(String.init))
        #expect(KeyedArchiveRendering.iso8601(secondsSinceReferenceDate: .nan) == nil)
        #expect(KeyedArchiveRendering.iso8601(secondsSinceReferenceDate: 1e300) == nil)
        #expect(KeyedArchiveRendering.iso8601(secondsSinceReferenceDate: 3e11) == nil)  // year 11 507
    }

    @Test func differencesNameTreePaths() throws {
        let expected = KeyedArchiveDocument(archive: KeyedArchive(root: Self.tree))
        var changedTree = Self.tree
        if case .object(let type, var fields) = changedTree {
            fields[1].value = .object(.array([.string("b"), .real(2), .data(Data([0xFF]))], .array))
            fields.removeLast()
            changedTree = .object(type, fields: fields)
        }
        let actual = KeyedArchiveDocument(archive: KeyedArchive(root: changedTree), format: .xml)
        let differences = KeyedArchiveCodec().differences(expected: expected, actual: actual)
        #expect(differences.map(\.path) == ["", "root.tags[0]", "root.ratio"])
        #expect(differences[1].expected == "\"a\"" && differences[1].actual == "\"b\"")
        #expect(KeyedArchiveCodec().differences(expected: expected, actual: expected).isEmpty)
    }
}
