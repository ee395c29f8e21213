import DocumentCodecs
import Formats
import Foundation
import Testing

/// The Cocoa-shaped golden documents, read here for their structure (the verifier checks their bytes and conversions).
@Suite struct RTFCocoaDocumentTests {
    static let goldenFiles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GoldenFiles")

    static func golden(_ path: String) throws -> RTFDocument {
        try RTFCodec().decode(FileWrapper(url: goldenFiles.appendingPathComponent(path)), contentType: .rtf)
    }

    @Test func readsAModernTextEditDocumentsStylesLinksAndLists() throws {
        let document = try Self.golden("rtf/cases/TextEdit.rtf")
        #expect(document.paragraphs.count == 12)
        #expect(document.paragraphs[0].runs == [RTFRun(.text("Trip notes"), isBold: true)])
        #expect(
            document.paragraphs[2].runs == [
                RTFRun(.text("We leave on ")), RTFRun(.text("Friday"), isBold: true),
                RTFRun(.text(" at 8:00 – bring the ")),
                RTFRun(.text("good"), isItalic: true), RTFRun(.text(" boots and ")),
                RTFRun(.text("both"), isBold: true, isItalic: true),
                RTFRun(.text(". Café stop at km 12*.")),
            ])
        #expect(
            document.paragraphs[3].runs[1]
                == RTFRun(.text("example.com/booking"), link: "https://example.com/booking?id=42&lang=en"))
        #expect(document.paragraphs[5...9].map(\.listMarker) == ["\t•\t", "\t•\t", "\t⁃\t", "\t1.\t", "\t2.\t"])
        #expect(document.paragraphs[5...9].map(\.listLevel) == [0, 0, 1, 0, 0])
        #expect(document.paragraphs[11].plainText == "See you there 😀")
    }

    @Test func readsTheTigerHeaderAsMacOSRoman() throws {
        let document = try Self.golden("rtf/cases/Tiger Mac Roman.rtf")
        #expect(document.paragraphs[0].plainText == "Naïve café “quoted” — 50 €")
        #expect(
            document.paragraphs[2].runs.last == RTFRun(.text("http://www.apple.com/"), link: "http://www.apple.com/"))
    }

    @Test func theTextEditMarkdownMatchesTheReviewedGolden() throws {
        let document = try Self.golden("rtf/cases/TextEdit.rtf")
        let expected = try String(
            contentsOf: Self.goldenFiles.appendingPathComponent("rtf/expected/TextEdit.md"), encoding: .utf8)
        #expect(document.markdown() == expected)
    }

    @Test func readsALongParagraphInLinearTime() throws {
        // 400,000 characters in one run: gathering them by concatenation would copy about 80 GB and take minutes.
        let source = "{\\rtf1\\ansi \\b " + String(repeating: "ab", count: 200_000) + "\\b0 c}"
        let clock = ContinuousClock()
        let start = clock.now
        let document = try RTFDocument(source: Data(source.utf8))
        #expect(clock.now - start < .seconds(20))
        #expect(document.paragraphs[0].runs.count == 2)
        #expect(document.plainText.utf8.count == 400_001)
    }
}
