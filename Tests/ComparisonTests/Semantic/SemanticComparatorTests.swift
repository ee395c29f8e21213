import Comparison
import DocumentCodecs
import Foundation
import Testing

@Suite struct SemanticComparatorTests {
    private let comparator = SemanticComparator(codec: AnyDocumentCodec(KeyValueCodec.self), contentType: .plainText)

    private func file(_ text: String) -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(text.utf8))
    }

    @Test func equalSnapshotsHaveNoDifferenceEvenWhenBytesDiffer() {
        #expect(comparator.compare(expected: file("a=1\nb=2\n"), actual: file("b=2\na=1\n")) == nil)
    }

    @Test func codecDifferencesBecomeSnapshotNodesAtTheCodecsPaths() throws {
        let difference = try #require(comparator.compare(expected: file("a=1\nb=2\n"), actual: file("a=1\nb=3\nc=4\n")))
        #expect(difference.kind == .snapshot)
        #expect(difference.summary == "the key-value snapshots differ in 2 places")
        #expect(difference.children.map(\.location) == ["b", "c"])
        #expect(difference.children.map(\.kind) == [.snapshot, .snapshot])
        #expect(difference.children[0].expected == "2" && difference.children[0].actual == "3")
        #expect(difference.children[1].expected == nil && difference.children[1].actual == "4")
    }

    @Test func anUndecodableSideNamesTheSideCodeAndLocation() throws {
        let difference = try #require(comparator.compare(expected: file("a=1\n"), actual: file("a=1\noops\n")))
        #expect(difference.cause == "semantic.undecodable-actual")
        #expect(difference.location == "line 2, column 1")
        #expect(difference.summary.contains("[key-value.missing-equals]"))
        let expectedSide = try #require(comparator.compare(expected: file("oops"), actual: file("a=1\n")))
        #expect(expectedSide.cause == "semantic.undecodable-expected")
        let both = try #require(comparator.compare(expected: file("x"), actual: file("y")))
        #expect(both.children.map(\.cause) == ["semantic.undecodable-expected", "semantic.undecodable-actual"])
    }

    @Test func aSemanticMemberRuleGoesThroughTheRegistry() throws {
        let rules = ComparisonRules([try MemberRule("*.kv", .semantic(codec: "key-value"))])
        let comparator = Comparator(rules: rules, codecs: CodecRegistry([AnyDocumentCodec(KeyValueCodec.self)]))
        let expected = FileWrapper(directoryWithFileWrappers: ["a.kv": file("x=1\ny=2\n")])
        let actual = FileWrapper(directoryWithFileWrappers: ["a.kv": file("y=2\nx=9\n")])
        let difference = try #require(try comparator.compare(expected: expected, actual: actual))
        let member = try #require(difference.children.first)
        #expect(member.location == "member a.kv")
        #expect(member.children.first?.children.map(\.location) == ["x"])
        // Reordered lines are equal to the codec.
        let reordered = FileWrapper(directoryWithFileWrappers: ["a.kv": file("y=2\nx=1\n")])
        #expect(try comparator.compare(expected: expected, actual: reordered) == nil)
    }

    @Test func anUnknownCodecIsAComparisonError() throws {
        let rules = ComparisonRules([try MemberRule("*", .semantic(codec: "nope"))])
        #expect {
            _ = try Comparator(rules: rules).compare(
                expected: Data("a".utf8), actual: Data("b".utf8), rule: .semantic(codec: "nope"))
        } throws: { error in
            (error as? ComparisonError)?.code == "comparison.unknown-codec"
        }
    }
}
