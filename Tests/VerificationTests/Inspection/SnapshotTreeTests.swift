import Foundation
import TestSupport
import Testing
import Verification

/// Fields declared in an order that is neither alphabetical nor by type, so a sorted or hashed order shows.
struct Recipe {
    var zest: String
    var apples: Int
    var mixed: Bool
    var notes: String?
}

/// A class chain: superclass fields come first, and nothing shows an address.
class Shelf {
    var label: String
    init(label: String) { self.label = label }
}

final class Node: Shelf {
    var next: Node?
    var payload: Data
    init(label: String, next: Node? = nil, payload: Data = Data()) {
        self.next = next
        self.payload = payload
        super.init(label: label)
    }
}

enum Move: Hashable {
    case stay
    case step(Int)
    case jump(x: Int, y: Int)
}

/// A snapshot that shows itself as a single string, wherever it sits in the tree.
struct Secret: InspectableSnapshot {
    var hidden = "not shown"
    var inspectionTree: SnapshotTree { .string("<redacted>") }
}

@Suite struct SnapshotTreeTests {
    @Test func structFieldsKeepDeclarationOrder() {
        let tree = SnapshotTree(reflecting: Recipe(zest: "lemon", apples: 3, mixed: true, notes: nil))
        #expect(
            tree.text() == """
                VerificationTests.Recipe {
                  zest: "lemon"
                  apples: 3
                  mixed: true
                  notes: null
                }

                """)
    }

    @Test func dictionariesAreSortedBytewiseByRenderedKey() {
        // Byte-wise: "B" (0x42) < "a" < "b" < "é" (0xc3 0xa9); a locale-aware or hashed order differs.
        let tree = SnapshotTree(reflecting: ["b": 1, "é": 4, "a": 2, "B": 3])
        #expect(
            tree.text() == """
                {
                  "B" => 3
                  "a" => 2
                  "b" => 1
                  "é" => 4
                }

                """)
        let numbers = SnapshotTree(reflecting: [10: "ten", 9: "nine", 100: "hundred"])
        // Rendered keys "10", "100", "9" sort as text, not as numbers: the documented rule.
        #expect(numbers.compactText() == #"{10 => "ten", 100 => "hundred", 9 => "nine"}"#)
    }

    @Test func largeDictionariesAndSetsRenderTheSameWhateverTheirInsertionOrder() {
        let keys = (0..<300).map { "key-\($0 * 7919 % 1000)" }
        var forward: [String: Int] = [:]
        var backward: [String: Int] = [:]
        for (index, key) in keys.enumerated() { forward[key] = index }
        for (index, key) in keys.enumerated().reversed() { backward[key] = index }
        let forwardText = SnapshotTree(reflecting: forward).text()
        #expect(forwardText == SnapshotTree(reflecting: backward).text())
        let renderedKeys = forwardText.split(separator: "\n").dropFirst().dropLast().map { $0.split(separator: " ")[0] }
        #expect(
            renderedKeys.map(String.init)
                == keys.map { "\"\($0)\"" }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let set: Set<Move> = [.jump(x: 1, y: 2), .stay, .step(5)]
        #expect(
            SnapshotTree(reflecting: set).compactText()
                == "Set [VerificationTests.Move.jump(x: 1, y: 2), VerificationTests.Move.stay, VerificationTests.Move.step(0: 5)]"
        )
    }

    @Test func classesShowStoredPropertiesSuperclassFirstAndNoAddress() {
        let tree = SnapshotTree(reflecting: Node(label: "head", next: Node(label: "tail")))
        let text = tree.text()
        #expect(
            text == """
                VerificationTests.Node {
                  label: "head"
                  next: VerificationTests.Node {
                    label: "tail"
                    next: null
                    payload: Data(0 bytes, SHA-256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855)
                  }
                  payload: Data(0 bytes, SHA-256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855)
                }

                """)
        #expect(!text.contains("0x"))
    }

    @Test func aReferenceBackUpThePathIsACycleAndASharedObjectIsShownTwice() {
        let first = Node(label: "a")
        let second = Node(label: "b", next: first)
        first.next = second
        defer { first.next = nil }
        #expect(
            SnapshotTree(reflecting: first).compactText() == """
                VerificationTests.Node { label: "a", next: VerificationTests.Node { label: "b", next: <cycle: VerificationTests.Node>, \
                payload: Data(0 bytes, SHA-256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855) }, \
                payload: Data(0 bytes, SHA-256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855) }
                """)
        let shared = Shelf(label: "shared")
        #expect(
            SnapshotTree(reflecting: [shared, shared]).compactText()
                == #"[VerificationTests.Shelf { label: "shared" }, VerificationTests.Shelf { label: "shared" }]"#)
    }

    @Test func dataShowsCountDigestAndFirstBytes() throws {
        let hello = Data("Hello, world.\n".utf8)
        let oracle = try PythonOracle.run(
            "import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest(), end='')", input: hello)
        #expect(
            SnapshotTree(reflecting: hello).compactText()
                == "Data(14 bytes, SHA-256 \(oracle), 48656c6c6f2c20776f726c642e0a)")
        let twenty = Data(0..<20)
        #expect(
            SnapshotTree(reflecting: twenty)
                == .data(
                    .init(
                        byteCount: 20, sha256: "e7aebf577f60412f0312d442c70a1fa6148c090bf5bab404caec29482ae779e8",
                        prefix: "000102030405060708090a0b0c0d0e0f")))
        #expect(SnapshotTree(reflecting: twenty).compactText().hasSuffix(", 000102030405060708090a0b0c0d0e0f…)"))
    }

    @Test func scalarsHaveExactSpellings() throws {
        let values: [(Any, String)] = [
            (Int8(-5), "-5"), (UInt64.max, "18446744073709551615"), (0.1, "0.1"), (Float(2.5), "2.5"),
            (Decimal(string: "12.340") as Any, "12.34"), (true, "true"), (Optional<Int>.none as Any, "null"),
            (Date(timeIntervalSinceReferenceDate: 0.25), "Date(2001-01-01T00:00:00.250Z)"),
            (
                try #require(UUID(uuidString: "E18ABB36-A7AA-5D41-AE09-4EC5C8757E86")),
                "UUID(E18ABB36-A7AA-5D41-AE09-4EC5C8757E86)"
            ),
            (
                try #require(URL(string: "https://example.com/a b".replacingOccurrences(of: " ", with: "%20"))),
                "URL(https://example.com/a%20b)"
            ),
            (UTType.json, "\"public.json\""), (Character("é"), "\"é\""),
        ]
        for (value, expected) in values {
            #expect(SnapshotTree(reflecting: value).compactText() == expected)
        }
    }

    @Test func stringsAreQuotedWithInvisibleScalarsEscaped() {
        let text = "say \"hi\"\\\n\t\u{7}\u{FEFF}\u{A0}\u{2028}é🙂"
        #expect(SnapshotTree(reflecting: text).compactText() == #""say \"hi\"\\\n\t\u{7}\u{feff}\u{a0}\u{2028}é🙂""#)
    }

    @Test func enumsTuplesAndLocalTypesHaveStableNames() {
        struct Local { var value = 1 }
        #expect(
            SnapshotTree(reflecting: Local()).compactText() == "VerificationTests.SnapshotTreeTests.Local { value: 1 }")
        #expect(
            SnapshotTree(reflecting: Move.jump(x: 3, y: 4)).text() == """
                VerificationTests.Move.jump(
                  x: 3
                  y: 4
                )

                """)
        #expect(
            SnapshotTree(reflecting: Move.stay)
                == .enumeration(typeName: "VerificationTests.Move", caseName: "stay", fields: []))
        #expect(
            SnapshotTree(reflecting: (1, label: "x")).compactText()
                == #"(Swift.Int, label: Swift.String) { 0: 1, label: "x" }"#)
    }

    @Test func pointersAreOpaqueAndDepthIsCapped() {
        let pointer = UnsafeRawPointer(bitPattern: 0x1234)
        #expect(SnapshotTree(reflecting: pointer as Any) == .opaque(typeName: "Swift.UnsafeRawPointer"))
        let nested = [[[1]]]
        #expect(
            SnapshotTree(reflecting: nested, depthLimit: 2).compactText() == "[[<depth limit: Swift.Array<Swift.Int>>]]"
        )
        #expect(SnapshotTree(reflecting: nested, depthLimit: 3).compactText() == "[[[1]]]")
    }

    @Test func anInspectableSnapshotReplacesReflectionAtAnyDepth() {
        #expect(SnapshotTree(reflecting: ["x": Secret()]).compactText() == #"{"x" => "<redacted>"}"#)
    }

    @Test func jsonNamesEveryNodesTypeAndReadsBack() throws {
        let tree = SnapshotTree(reflecting: Recipe(zest: "lime", apples: 2, mixed: false, notes: "tart"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(tree), as: UTF8.self)
        #expect(
            json == """
                {"fields":[{"name":"zest","value":{"type":"string","value":"lime"}},\
                {"name":"apples","value":{"type":"number","value":"2"}},\
                {"name":"mixed","value":{"type":"bool","value":false}},\
                {"name":"notes","value":{"type":"string","value":"tart"}}],\
                "type":"object","typeName":"VerificationTests.Recipe"}
                """)
        let everything = SnapshotTree(
            reflecting: [
                "data": Data([1, 2]) as Any, "date": Date(timeIntervalSinceReferenceDate: 1.5), "move": Move.step(1),
                "set": Set([1, 2]), "none": Optional<Int>.none as Any, "node": Node(label: "n"),
            ] as [String: Any])
        #expect(try JSONDecoder().decode(SnapshotTree.self, from: try encoder.encode(everything)) == everything)
    }
}
