import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct TextConversionTests {
    @Test func normalisationToUTF8SaysWhatChanged() throws {
        let macintosh = TextDocument(
            text: "one\rtwo\r\nthree\nfour\r", encoding: .singleByte(.macOSRoman), hasByteOrderMark: false)
        let conversion = PlainTextToNormalizedUTF8()
        let converted = try conversion.convert(macintosh)
        #expect(converted == TextDocument(text: "one\ntwo\nthree\nfour\n"))
        let changes = conversion.changes(converting: macintosh)
        #expect(changes.description == "encoding from macintosh to utf-8; 3 line endings changed to LF")
        #expect(!changes.isEmpty)

        let marked = TextDocument(text: "a\r\nb\r\n", encoding: .utf16LittleEndian, hasByteOrderMark: true)
        let crlf = PlainTextToNormalizedUTF8(lineEnding: .crlf)
        #expect(try crlf.convert(marked) == TextDocument(text: "a\r\nb\r\n"))
        #expect(
            crlf.changes(converting: marked).description == "encoding from utf-16le to utf-8; byte-order mark removed")
        #expect(
            PlainTextToNormalizedUTF8().changes(converting: TextDocument(text: "fine\n")).description
                == "nothing changed")
        #expect(try PlainTextToNormalizedUTF8(lineEnding: .cr).convert(TextDocument(text: "x\r\ny\n")).text == "x\ry\r")
        let bom = TextDocument(text: "x", encoding: .utf8, hasByteOrderMark: true)
        #expect(PlainTextToNormalizedUTF8().changes(converting: bom).description == "byte-order mark removed")
    }

    @Test func theConversionsAreRegisteredAndMarkdownKeepsItsBytesAsPlainText() throws {
        let registry = CodecRegistry.builtIn
        #expect(registry.conversion(from: "plain-text", to: "plain-text") != nil)
        #expect(registry.conversion(from: "markdown", to: "markdown") != nil)
        let keep = try #require(registry.conversion(from: "markdown", to: "plain-text"))
        let markdown = TextDocument(text: "# Title\r\n", encoding: .utf16BigEndian, hasByteOrderMark: true)
        let converted = try keep.convert(AnySnapshot(markdown, codecIdentifier: "markdown"))
        #expect(converted.codecIdentifier == "plain-text" && converted.value as? TextDocument == markdown)
        #expect(registry.conversion(from: "plain-text", to: "markdown") == nil)
    }

    @Test func theMarkdownCodecReadsMdFilesUnderItsOwnTypeWithThePlainTextRules() throws {
        let registry = CodecRegistry.builtIn
        #expect(registry.codec(reading: .markdown)?.identifier == "markdown")
        #expect(UTType(filenameExtension: "md") == .markdown && UTType(filenameExtension: "markdown") == .markdown)
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("#\0 \0T\0\r\0\n\0".utf8)
        let codec = MarkdownCodec()
        let document = try codec.decode(FileWrapper(regularFileWithContents: Data(bytes)), contentType: .markdown)
        #expect(document == TextDocument(text: "# T\r\n", encoding: .utf16LittleEndian, hasByteOrderMark: true))
        #expect(try codec.encode(document, previous: nil, contentType: .markdown).regularFileContents == Data(bytes))
        let error = try #require(throws: CodecError.self) {
            try codec.decode(FileWrapper(regularFileWithContents: Data([0x23, 0x20, 0xE9])), contentType: .markdown)
        }
        #expect(error.code == "text.undetectable-encoding")
        let configured = try MarkdownCodec.configured(["fallback-encoding": "iso-8859-1"])
        let latin = try configured.decode(
            FileWrapper(regularFileWithContents: Data([0x23, 0x20, 0xE9])), contentType: .markdown)
        #expect(
            latin.value as? TextDocument
                == TextDocument(text: "# é", encoding: .singleByte(.isoLatin1), hasByteOrderMark: false))
    }

    @Test func aNotebookBecomesUTF8PlainText() throws {
        let notebook = Notebook(title: "Trip", pages: [Notebook.Page(text: "day one")])
        let text = try NotebookToPlainText().convert(notebook)
        #expect(text == TextDocument(text: "Trip\n\n--- page 1 ---\nday one\n"))
    }
}
