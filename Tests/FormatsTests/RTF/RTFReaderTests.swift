import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct RTFReaderTests {
    static func read(_ source: String) throws -> RTFDocument {
        try RTFDocument(source: Data(source.utf8))
    }

    static func error(_ source: String, maximumDepth: Int = 10_000) -> CodecError? {
        do {
            _ = try RTFDocument(source: Data(source.utf8), options: .init(maximumDepth: maximumDepth))
            return nil
        } catch let error as CodecError {
            return error
        } catch {
            return nil
        }
    }

    /// pandoc's `test/rtf/unicode.rtf` (its first five text lines, the ones `unicode.native` covers).
    static let pandocUnicode =
        "{\\rtf1\\ansi\n\\pard\n\\'93hi\\'94\n\\u8216\\'93hi\\u8217\\'94\n\\u-3913?\n\\u945a\n{\\uc2\\u228\\'E8a}\n\\par\n}\n"

    @Test func readsPandocsUnicodeVector() throws {
        let document = try Self.read(Self.pandocUnicode)
        #expect(document.plainText == "“hi”‘hi’\u{F0B7}αä\n")
    }

    @Test func skipsTheFallbackCountOfTheEnclosingGroupOnly() throws {
        // \uc2 holds inside its group; after it, \uc1 is back, so one fallback byte is skipped.
        let document = try Self.read(#"{\rtf1\ansi{\uc2\u228 xyA}\u228 zB}"#)
        #expect(document.plainText == "äAäB")
        // \uc0 skips nothing; a group end stops a skip early.
        #expect(try Self.read(#"{\rtf1\uc0\u8226 x}"#).plainText == "•x")
        #expect(try Self.read(#"{\rtf1{\uc3\u233}b}"#).plainText == "éb")
    }

    @Test func combinesSurrogatePairsAndRefusesAnUnpairedOne() throws {
        #expect(try Self.read("{\\rtf1\\uc1\\u-10187 ?\\u-9157 ?}").plainText == "\u{1D43B}")
        #expect(try Self.read("{\\rtf1\\uc0\\u55357 \\u56832 }").plainText == "😀")
        let error = try #require(Self.error("{\\rtf1\\u-10187 ?unpaired}"))
        #expect(error.code == "rtf.unpaired-surrogate")
        #expect(error.location == .byte(6))
    }

    @Test func decodesHexBytesThroughTheActiveCodePage() throws {
        #expect(try Self.read(#"{\rtf1\ansi\ansicpg1252 Caf\'e9 \'80 \'93x\'94}"#).plainText == "Café € “x”")
        #expect(try Self.read(#"{\rtf1\mac\ansicpg10000 Caf\'8e \'d2x\'d3 \'db}"#).plainText == "Café “x” €")
        // A font's \fcharset77 (Mac) overrides the document's ANSI page, only while that font is active.
        let mixed =
            #"{\rtf1\ansi{\fonttbl\f0\fswiss\fcharset0 Helvetica;\f1\fnil\fcharset77 Geneva;}\f0 \'e9{\f1 \'8e}\'e9}"#
        #expect(try Self.read(mixed).plainText == "ééé")
        // 8-bit bytes written literally decode the same way.
        #expect(
            try RTFDocument(source: Data([UInt8]("{\\rtf1\\mac ".utf8) + [0x8E] + [UInt8]("}".utf8))).plainText == "é")
    }

    @Test func refusesCodePagesItHasNoTableForByNameAndOffset() throws {
        let page = try #require(Self.error(#"{\rtf1\ansi\ansicpg1250 abc\'e9}"#))
        #expect(page.code == "rtf.unsupported-code-page")
        #expect(page.message.contains("1250"))
        #expect(page.location == .byte(27))
        let font = try #require(Self.error(#"{\rtf1\ansi{\fonttbl\f0\fcharset238 Arial CE;}\f0 x\'b9}"#))
        #expect(font.code == "rtf.unsupported-code-page")
        #expect(font.message.contains("1250"))
        // The same page is harmless while no byte needs it: \u with its fallback skipped.
        #expect(try Self.read(#"{\rtf1\ansi\ansicpg1250\u353\'b9}"#).plainText == "š")
        let undefined = try #require(Self.error(#"{\rtf1\ansi\'81}"#))
        #expect(undefined.code == "rtf.undefined-character")
    }

    @Test func readsControlSymbolsAndNamedCharacters() throws {
        let document = try Self.read(
            #"{\rtf1 a\{b\}c\\d\~e\_f\tab g\emdash\endash\lquote\rquote\ldblquote\rdblquote\bullet}"#)
        #expect(document.plainText == "a{b}c\\d\u{A0}e\u{2011}f\tg—–‘’“”•")
        // \ + line feed is a paragraph break (Cocoa's), a bare line feed is nothing.
        #expect(
            try Self.read("{\\rtf1 one\\\ntwo\nthree\\par four\\line five}").plainText == "one\ntwothree\nfour\nfive")
    }

    @Test func consumesOneSpaceAfterAControlWordAndNoOtherDelimiter() throws {
        #expect(
            try Self.read(#"{\rtf1\b  bold\b0;x}"#).paragraphs[0].runs == [
                RTFRun(.text(" bold"), isBold: true), RTFRun(.text(";x")),
            ])
    }

    @Test func skipsTablesInfoPicturesAndIgnorableDestinations() throws {
        let source =
            #"{\rtf1{\fonttbl\f0 Times;}{\colortbl;\red0\green0\blue0;}{\stylesheet{\s0 Normal;}}{\info{\title T}{\author A}}{\*\generator Word;}{\*\unknownthing secret}{\pict\pngblip 89504e47}{\header H}{\footerl F}{\*\expandedcolortbl;;}visible}"#
        #expect(try Self.read(source).plainText == "visible")
    }

    @Test func skipsBinaryDataByItsLengthAndRefusesATruncatedOne() throws {
        var bytes = [UInt8]("{\\rtf1 a{\\*\\blob\\bin4 ".utf8)
        bytes += [UInt8(ascii: "}"), UInt8(ascii: "{"), 0, 0xFF]
        bytes += [UInt8]("}b}".utf8)
        #expect(try RTFDocument(source: Data(bytes)).plainText == "ab")
        let error = try #require(Self.error(#"{\rtf1 a\bin100 xyz}"#))
        #expect(error.code == "rtf.truncated-binary")
        #expect(error.location == .byte(8))
        #expect(Self.error(#"{\rtf1 \bin-1 x}"#)?.code == "rtf.truncated-binary")
    }

    @Test func refusesMalformedInputWithItsOffset() throws {
        let notRTF = try #require(Self.error("Hello, world"))
        #expect(notRTF.code == "rtf.not-rtf")
        #expect(notRTF.location == .byte(0))
        let open = try #require(Self.error(#"{\rtf1 {\b unclosed"#))
        #expect(open.code == "rtf.unbalanced-groups")
        #expect(open.location == .byte(19))
        #expect(open.message.contains("byte 7"))
        let extra = try #require(Self.error(#"{\rtf1 x}}"#))
        #expect(extra.code == "rtf.unbalanced-groups")
        #expect(extra.location == .byte(9))
        let hex = try #require(Self.error(#"{\rtf1 ab\'g1}"#))
        #expect(hex.code == "rtf.bad-hex-escape")
        #expect(hex.location == .byte(9))
        #expect(Self.error(#"{\rtf1 \'4"#)?.code == "rtf.bad-hex-escape")
        #expect(Self.error(#"{\rtf1 x}trailing"#)?.code == "rtf.trailing-content")
        #expect(Self.error(#"{\rtf1 \fs99999999999}"#)?.code == "rtf.parameter-out-of-range")
        #expect(Self.error(#"{\rtf1 \u70000 }"#)?.code == "rtf.bad-unicode")
        #expect(Self.error("{\\rtf1 x\\")?.code == "rtf.truncated")
        // Trailing whitespace and NULs after the document's group are accepted, as Cocoa pads files.
        #expect(try RTFDocument(source: Data("{\\rtf1 x}\n".utf8) + Data([0, 0])).plainText == "x")
    }

    @Test func aMillionOpenBracesGiveADepthErrorNotAStackOverflow() throws {
        let source = "{\\rtf1 " + String(repeating: "{", count: 1_000_000)
        let error = try #require(Self.error(source))
        #expect(error.code == "rtf.too-deep")
        #expect(error.location == .byte(7 + 10_000))
        // The limit is configurable, and nesting under it reads.
        let nested = "{\\rtf1 " + String(repeating: "{", count: 50) + "deep" + String(repeating: "}", count: 50) + "}"
        #expect(Self.error(nested, maximumDepth: 49)?.code == "rtf.too-deep")
        #expect(try RTFDocument(source: Data(nested.utf8), options: .init(maximumDepth: 50)).plainText == "deep")
    }

    @Test func readsStylesWithGroupScoping() throws {
        let document = try Self.read(#"{\rtf1 a{\b b{\i c}\i0 d}\i e\b f\plain g}"#)
        #expect(
            document.paragraphs[0].runs == [
                RTFRun(.text("a")), RTFRun(.text("b"), isBold: true), RTFRun(.text("c"), isBold: true, isItalic: true),
                RTFRun(.text("d"), isBold: true), RTFRun(.text("e"), isItalic: true),
                RTFRun(.text("f"), isBold: true, isItalic: true),
                RTFRun(.text("g")),
            ])
    }

    @Test func readsHyperlinkFields() throws {
        let source =
            #"{\rtf1 See {\field{\*\fldinst{HYPERLINK "https://example.com/a?b=1"}}{\fldrslt \cf2 \ul \ulc2 the site}} and {\field{\*\fldinst HYPERLINK \\l "intro"}{\fldrslt intro}}{\field{\*\fldinst PAGE}{\fldrslt 3}}.}"#
        let runs = try Self.read(source).paragraphs[0].runs
        #expect(
            runs == [
                RTFRun(.text("See ")), RTFRun(.text("the site"), link: "https://example.com/a?b=1"),
                RTFRun(.text(" and ")),
                RTFRun(.text("intro"), link: "#intro"), RTFRun(.text("3.")),
            ])
    }

    @Test func readsAttachmentsAndDropsTheirPlaceholderCharacter() throws {
        // Modern Cocoa (cp1252, placeholder 0xAC written as a raw byte) and Tiger (Mac Roman, \'c2).
        var modern = [UInt8](
            #"{\rtf1\ansi\ansicpg1252\cocoartf2822 A{{\NeXTGraphic My Photo.png \width1280 \height960 \appleattachmentpadding0 \appleembedtype0 \appleaqc"#
                .utf8)
        modern += [UInt8]("\n}".utf8) + [0xAC] + [UInt8]("}B}".utf8)
        let document = try RTFDocument(source: Data(modern))
        #expect(
            document.paragraphs[0].runs == [
                RTFRun(.text("A")), RTFRun(.attachment("My Photo.png")), RTFRun(.text("B")),
            ])
        #expect(document.plainText == "A\u{FFFC}B")
        let tiger = try Self.read(
            "{\\rtf1\\mac\\ansicpg10000\\cocoartf824 {{\\NeXTGraphic Pasted Graphic.tiff \\width2560 \\height1920\n}\\'c2}\\'c2}"
        )
        #expect(tiger.attachmentNames == ["Pasted Graphic.tiff"])
        // Only the first placeholder after the attachment is its own; a second ¬ is text.
        #expect(tiger.plainText == "\u{FFFC}¬")
    }

    @Test func readsCocoaListMarkersAndLevels() throws {
        let source =
            "{\\rtf1\\ansi\\pard\\tx220\\tx720\\li720\\fi-720\\ls1\\ilvl0\\cf0 {\\listtext\t\\uc0\\u8226 \t}One\\\n\\ls1\\ilvl1{\\listtext\t\\uc0\\u8259 \t}Two\\\n\\pard after}"
        let document = try Self.read(source)
        #expect(document.paragraphs.map(\.listMarker) == ["\t•\t", "\t⁃\t", nil])
        #expect(document.paragraphs.map(\.listLevel) == [0, 1, 0])
        #expect(document.plainText == "\t•\tOne\n\t⁃\tTwo\nafter")
    }
}

extension RTFReaderTests {
    @Test func readsTableCellsAsTabsAndRowsAsParagraphs() throws {
        let source =
            #"{\rtf1\ansi\itap1\trowd\taflags1\trgaph108\trleft-108\pard\intbl\itap1 Name\cell Qty\cell \row\itap1\trowd\pard\intbl\itap1 Tent\cell 1\cell \row\pard\itap0 end}"#
        #expect(try Self.read(source).plainText == "Name\tQty\t\nTent\t1\t\nend")
    }
}
