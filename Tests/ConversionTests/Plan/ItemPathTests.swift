import Conversion
import Foundation
import Testing

@Suite struct ItemPathTests {
    @Test func keepsBytesThroughJSONAndShowsInvalidOnesEscaped() throws {
        let latin = ItemPath(bytes: Array("in/n".utf8) + [0xFF] + Array("é.txt".utf8))
        #expect(latin.description == "in/n\\xffé.txt")
        #expect(latin.encodedForJSON.hasPrefix("base64:"))
        #expect(ItemPath(decodingJSON: latin.encodedForJSON) == latin)
        let tricky = ItemPath("base64:not really")
        #expect(ItemPath(decodingJSON: tricky.encodedForJSON) == tricky)
        let data = try JSONEncoder().encode([latin, ItemPath("plain/a.txt")])
        #expect(try JSONDecoder().decode([ItemPath].self, from: data) == [latin, ItemPath("plain/a.txt")])
    }

    @Test func replacesOnlyTheLastExtension() {
        #expect(ItemPath("a/b.tar.json").replacingExtension(with: "txt") == ItemPath("a/b.tar.txt"))
        #expect(ItemPath("a/.hidden").replacingExtension(with: "txt") == ItemPath("a/.hidden.txt"))
        #expect(ItemPath("noext").replacingExtension(with: "txt") == ItemPath("noext.txt"))
        #expect(ItemPath(bytes: [0xFF, 0x2E, 0x61]).replacingExtension(with: "b").bytes == [0xFF, 0x2E, 0x62])
    }

    /// The spelling `replacingExtension` and `appending` had before they were built in one allocation.
    private func composed(_ path: ItemPath, _ newExtension: String) -> ItemPath {
        let name = path.lastComponent
        var stem = name
        if let dot = name.lastIndex(of: 0x2E), dot > 0, dot < name.count - 1 { stem = Array(name[..<dot]) }
        let newName = newExtension.isEmpty ? stem : stem + [0x2E] + Array(newExtension.utf8)
        let parent = path.parent
        if parent.bytes.isEmpty { return ItemPath(bytes: newName) }
        return ItemPath(bytes: parent.bytes.last == 0x2F ? parent.bytes + newName : parent.bytes + [0x2F] + newName)
    }

    @Test func replacingAnExtensionMatchesTheComposedSpellingOnOddPaths() {
        let paths =
            [
                "", "/", "//", "a", "a.", ".a", "a.b", "a/b.c", "a//b.c", "a///b.c", "//b.c", "/b.c", "a/b/", "a/b/.c",
                "a.b/c", "a.b/c.",
                "a/..", "a/.", "../x.y.z", "a/b..c", "x/\u{E9}.t\u{E9}xt", "x/\n.\r",
            ].map { ItemPath($0) } + [
                ItemPath(bytes: [0xFF, 0x2F, 0x2E, 0xFE]), ItemPath(bytes: [0x2F, 0x2F, 0xC3, 0x2E, 0x2E]),
            ]
        for path in paths {
            for newExtension in ["", "txt", "t\u{E9}", "."] {
                #expect(
                    path.replacingExtension(with: newExtension) == composed(path, newExtension),
                    "\(path) with \(newExtension)")
            }
        }
    }

    @Test func appendingJoinsWithExactlyOneSlashUnlessOneIsThere() {
        #expect(ItemPath("").appending(Array("b".utf8)) == ItemPath("b"))
        #expect(ItemPath("a").appending(Array("b".utf8)) == ItemPath("a/b"))
        #expect(ItemPath("a/").appending(Array("b".utf8)) == ItemPath("a/b"))
        #expect(ItemPath("/").appending(Array("b".utf8)) == ItemPath("/b"))
        #expect(ItemPath("a").appending([]) == ItemPath("a/"))
        #expect(ItemPath(bytes: [0xFF]).appending([0xFE]).bytes == [0xFF, 0x2F, 0xFE])
    }
}
