import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam
import Testing

@testable import Conversion

@Suite struct ConversionPlanDocumentFoldersTests {
    @Test func theWalksRememberedAnswersAreTheDetectorsForEveryFolder() throws {
        let fixture = try ConversionFixture("document-folders")
        // Pairs that share an extension but differ in the marker, so an answer remembered by extension alone would be
        // wrong for one of each pair.
        try fixture.writeNotebook("one.notebook", title: "One", pages: ["a"])
        try fixture.write("two.notebook/notes.txt", "not a notebook's members")
        try fixture.write("plain/TXT.rtf", "{\\rtf1 x}")
        try fixture.write("plain2/other.txt", "x")
        try fixture.write("marked-folder/TXT.rtf/inner.txt", "a folder named like the marker is no marker")
        try fixture.write("doc.rtfd/TXT.rtf", "{\\rtf1 y}")
        try fixture.write("odd.rtfd/x.txt", "y")
        try fixture.write("pages.key/x.txt", "z")
        try fixture.write("Two.NOTEBOOK/x.txt", "upper case extension")
        let names = [
            "one.notebook", "two.notebook", "plain", "plain2", "marked-folder", "doc.rtfd", "odd.rtfd", "pages.key",
            "Two.NOTEBOOK",
        ]
        var cache = ConversionPlan.DocumentFolderCache()
        let answers = Self.cachedAnswersAgreeWithTheDetector(names, in: fixture, cache: &cache)
        // The detector's own answers, so that the comparison above is not between two wrong ones.
        #expect(answers["one.notebook"] == true)
        #expect(answers["plain"] == true)
        #expect(answers["plain2"] == false)
        #expect(answers["marked-folder"] == false)
        #expect(answers["doc.rtfd"] == true)
    }

    @Test func namesWithTheSameEndingButDotsElsewhereAreToldApart() throws {
        let fixture = try ConversionFixture("document-folder-shapes")
        // Each a real notebook's contents: only the name decides, and names ending alike must not share an answer by
        // their ending alone.
        let names = [
            "a.notebook", ".notebook", "..notebook", "x..notebook", "a.b.notebook", "notebook", "x.", "a b.note book",
            "\u{FC}n\u{EF}.notebook",
            "A.NOTEBOOK", "...", "a.notebook.",
        ]
        for name in names { try fixture.writeNotebook(name, title: "T", pages: ["p"]) }
        let registry = CodecRegistry.conversionTests
        var cache = ConversionPlan.DocumentFolderCache()
        let answers = Self.cachedAnswersAgreeWithTheDetector(names, in: fixture, cache: &cache)
        // A root named with a trailing slash is not a plain name: it is asked of a URL every time.
        let slashed = ItemPath(bytes: fixture.input.appending(Array("a.notebook".utf8)).bytes + [0x2F])
        for _ in 0..<2 {
            #expect(
                cache.isDocumentFolder(slashed, registry: registry)
                    == ConversionPlan.isDocumentFolder(slashed, registry: registry))
        }
        #expect(answers["a.notebook"] == true)
        #expect(answers[".notebook"] == false)
        #expect(answers["x..notebook"] == true)
        #expect(answers["notebook"] == false)
        // A path that is not UTF-8 has no URL, so it is never a document folder.
        let odd = fixture.input.appending([0x6E, 0xFF, 0x2E] + Array("notebook".utf8))
        try ByteNamedFiles.makeFolders(odd.bytes)
        #expect(cache.isDocumentFolder(odd, registry: registry) == false)
        #expect(ConversionPlan.DocumentFolderCache.isUTF8(Array("caf\u{E9}".utf8)))
        #expect(!ConversionPlan.DocumentFolderCache.isUTF8([0x61, 0xC3]))
        #expect(!ConversionPlan.DocumentFolderCache.isUTF8([0xED, 0xA0, 0x80]))
    }

    /// The cache's answer for each of `names` (folders in `fixture`'s input), each checked against the
    /// detector's own; asked twice over, so the second round is answered from what the first remembered.
    static func cachedAnswersAgreeWithTheDetector(
        _ names: [String], in fixture: ConversionFixture, cache: inout ConversionPlan.DocumentFolderCache
    ) -> [String: Bool] {
        let registry = CodecRegistry.conversionTests
        var answers: [String: Bool] = [:]
        for _ in 0..<2 {
            for name in names {
                let path = fixture.input.appending(Array(name.utf8))
                let answer = cache.isDocumentFolder(path, registry: registry)
                #expect(answer == ConversionPlan.isDocumentFolder(path, registry: registry), "\(name)")
                answers[name] = answer
            }
        }
        return answers
    }
}
