import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct RTFMarkdownTests {
    static func markdown(_ source: String) throws -> String {
        try RTFDocument(source: Data(source.utf8)).markdown()
    }

    @Test func writesBoldItalicAndTheirNesting() throws {
        #expect(try Self.markdown(#"{\rtf1 plain \b bold\b0  and \i italic\i0 .}"#) == "plain **bold** and *italic*.\n")
        #expect(try Self.markdown(#"{\rtf1 \b a\i b\i0 c\b0}"#) == "**a*b*c**\n")
        #expect(try Self.markdown(#"{\rtf1 \b\i a\b0 b\i0}"#) == "***a**b*\n")
    }

    @Test func movesSpacesAtTheEdgeOfAStyleOutsideTheMarkers() throws {
        // CommonMark does not see "** bold **" as emphasis; the spaces must sit outside.
        #expect(try Self.markdown(#"{\rtf1 a\b  bold \b0 b}"#) == "a **bold** b\n")
    }

    @Test func escapesCharactersMarkdownWouldReadAsSyntax() throws {
        #expect(
            try Self.markdown(#"{\rtf1 2*3 = 6_a [x](y) `c` <b> AT&T &amp; \\}"#)
                == "2\\*3 = 6\\_a \\[x\\](y) \\`c\\` \\<b\\> AT&T \\&amp; \\\\\n")
        // At the start of a paragraph: headings, lists, quotes and ordered-list numbers.
        #expect(
            try Self.markdown(#"{\rtf1 # not a heading\par - not a list\par 1. not a number\par + x\par > q}"#)
                == "\\# not a heading\n\n\\- not a list\n\n1\\. not a number\n\n\\+ x\n\n\\> q\n")
    }

    @Test func writesParagraphsLineBreaksAndDropsEmptyParagraphs() throws {
        #expect(
            try Self.markdown(#"{\rtf1 one\par\par two\line three\line\par  \tab indented}"#)
                == "one\n\ntwo\\\nthree\n\nindented\n")
        #expect(try Self.markdown(#"{\rtf1 }"#) == "")
    }

    @Test func writesLinksWithTheirStyledText() throws {
        let source =
            #"{\rtf1 Go to {\field{\*\fldinst{HYPERLINK "https://example.com/a b(c)"}}{\fldrslt \b Example}} now.}"#
        #expect(try Self.markdown(source) == "Go to [**Example**](https://example.com/a%20b%28c%29) now.\n")
    }

    @Test func writesAttachmentsAsImageLinks() throws {
        var bytes = [UInt8](#"{\rtf1\ansi See {{\NeXTGraphic My [Photo].png \width1280 \height960}"#.utf8)
        bytes += [0xAC] + [UInt8]("}.}".utf8)
        let document = try RTFDocument(source: Data(bytes))
        #expect(document.markdown() == "See ![My \\[Photo\\].png](attachments/My%20%5BPhoto%5D.png).\n")
        #expect(
            document.markdown(attachmentFolder: "files") == "See ![My \\[Photo\\].png](files/My%20%5BPhoto%5D.png).\n")
    }

    @Test func writesCocoaListsAsMarkdownLists() throws {
        let source =
            "{\\rtf1\\ansi Shopping:\\\n\\pard\\ls1\\ilvl0 {\\listtext\t\\uc0\\u8226 \t}Milk\\\n{\\listtext\t\\uc0\\u8226 \t}Eggs\\\n\\ls1\\ilvl1{\\listtext\t\\uc0\\u8259 \t}Brown\\\n\\pard\\ls2\\ilvl0{\\listtext\t1.\t}First\\\n{\\listtext\t2.\t}Second\\\n{\\listtext\ta.\t}Lettered\\\n\\pard Done.}"
        #expect(
            try Self.markdown(source)
                == "Shopping:\n\n- Milk\n- Eggs\n    - Brown\n1. First\n2. Second\n- a. Lettered\n\nDone.\n")
    }
}

extension RTFMarkdownTests {
    @Test func escapesAListNumberOnlyAtTheStartOfALine() throws {
        // After a link the line is not at its start: the period stays as it is.
        #expect(
            try Self.markdown(#"{\rtf1 {\field{\*\fldinst HYPERLINK "u"}{\fldrslt 1}}. and 2. 3)}"#)
                == "[1](u). and 2. 3)\n")
        #expect(try Self.markdown(#"{\rtf1 2024. A year\line 12) twelve}"#) == "2024\\. A year\\\n12\\) twelve\n")
    }
}
