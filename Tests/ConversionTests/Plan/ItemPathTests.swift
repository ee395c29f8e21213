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
}
