import Comparison
import Foundation
import Testing

@Suite struct DifferenceRendererTests {
    @Test func rendersAnIndentedTreeWithCausesAndSides() throws {
        let tree = Difference(
            kind: .item, location: "", summary: "the packages differ in 1 member",
            children: [
                Difference(
                    kind: .member, location: "member a.txt", summary: "the contents differ under the text rule",
                    children: [
                        Difference(
                            kind: .text, location: "line 1, column 1",
                            summary: "only the line endings differ: expected CRLF, actual LF",
                            cause: "text.line-endings-only", expected: "CRLF", actual: "LF")
                    ])
            ])
        #expect(
            DifferenceRenderer().render(tree) == """
                the packages differ in 1 member
                  member a.txt: the contents differ under the text rule
                    line 1, column 1: only the line endings differ: expected CRLF, actual LF [text.line-endings-only]
                        expected: CRLF
                        actual:   LF

                """)
    }

    @Test func capsLongListsButTheJSONKeepsEverything() throws {
        let children = (0..<25).map { Difference(kind: .json, location: "$[\($0)]", summary: "the number differs") }
        let tree = Difference(
            kind: .json, location: "", summary: "the JSON values differ in 25 places", children: children)
        let lines = DifferenceRenderer().render(tree).split(separator: "\n")
        #expect(lines.count == 1 + 20 + 1)
        #expect(lines[20] == "  $[19]: the number differs")
        #expect(lines.last == "  … 5 more differences")
        #expect(DifferenceRenderer(childLimit: 24).render(tree).hasSuffix("  … 1 more difference\n"))
        #expect(!DifferenceRenderer(childLimit: 25).render(tree).contains("more difference"))
        let decoded = try JSONDecoder().decode(Difference.self, from: try JSONEncoder().encode(tree))
        #expect(decoded == tree)
        #expect(decoded.children.count == 25)
    }

    @Test func rendersAHexWindowWithTheDifferingByteMarked() throws {
        let difference = try #require(
            ByteComparator().compare(expected: Data("Hello, world".utf8), actual: Data("Hello, World".utf8)))
        let text = DifferenceRenderer().render(difference)
        let expectedSHA = SHA256.hash(Data("Hello, world".utf8)).hexString
        #expect(
            text == """
                byte 7 (0x7): the bytes differ from byte 7 (0x7) (expected 12 bytes, actual 12)
                    expected: 0x77
                    actual:   0x57
                    expected: 12 bytes, SHA-256 \(expectedSHA)
                    actual:   12 bytes, SHA-256 \(SHA256.hash(Data("Hello, World".utf8)).hexString)
                    expected 0x00000003  6c 6f 2c 20[77]6f 72 6c 64  |lo, world|
                    actual   0x00000003  6c 6f 2c 20[57]6f 72 6c 64  |lo, World|

                """)
    }

    @Test func differenceRoundTripsThroughJSONWithEvidence() throws {
        let difference = try #require(ByteComparator().compare(expected: Data([1, 2]), actual: Data([1, 3, 4])))
        let decoded = try JSONDecoder().decode(Difference.self, from: try JSONEncoder().encode(difference))
        #expect(decoded == difference)
        #expect(decoded.bytes?.actualWindow == "010304")
    }
}
