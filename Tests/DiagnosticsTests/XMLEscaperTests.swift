import Diagnostics
import Foundation
import TestSupport
import Testing

@Suite struct XMLEscaperTests {
    /// Texts XML can carry: markup characters, both quotes, tab, LF, CR (alone and as CR LF), DEL, C1, U+2028.
    static let carried = [
        "plain", "a & b < c > d", "\"double\" 'single'", "tab\there", "line\nfeed", "carriage\rreturn",
        "crlf\r\n", "  spaces  ", "del\u{7F} c1\u{85} ls\u{2028}", "é😀", "]]>", "&amp; already",
    ]

    /// Python's `xml.etree` reads each text back from element content and from an attribute.
    @Test func pythonsXMLParserReadsBackContentAndAttributes() throws {
        var document = "<r>"
        for text in Self.carried {
            document += "<t a=\"" + XMLEscaper.attribute(text) + "\">" + XMLEscaper.text(text) + "</t>"
        }
        document += "</r>"
        let program = """
            import sys, json
            import xml.etree.ElementTree as ET
            root = ET.fromstring(sys.stdin.buffer.read())
            print(json.dumps([[t.get("a"), t.text or ""] for t in root]))
            """
        let printed = try PythonOracle.run(program, input: Data(document.utf8))
        let pairs = try JSONDecoder().decode([[String]].self, from: Data(printed.utf8))
        #expect(pairs == Self.carried.map { [$0, $0] })
    }

    @Test func writesWhatXMLCannotCarryVisibly() throws {
        let text = "nul\u{0} esc\u{1B} us\u{1F} nonchar\u{FFFE}\u{FFFF}"
        #expect(XMLEscaper.text(text) == "nul[U+0000] esc[U+001B] us[U+001F] nonchar[U+FFFE][U+FFFF]")
        #expect(XMLEscaper.attribute(text) == XMLEscaper.text(text))
        // Python's parser accepts the result, which it would not with the raw controls.
        let program = """
            import sys
            import xml.etree.ElementTree as ET
            print(ET.fromstring(sys.stdin.buffer.read()).get("a"))
            """
        let printed = try PythonOracle.run(program, input: Data(("<r a=\"" + XMLEscaper.attribute(text) + "\"/>").utf8))
        #expect(printed == XMLEscaper.text(text) + "\n")
    }

    @Test func escapesAttributeWhitespaceAndCarriageReturnsAsReferences() {
        #expect(XMLEscaper.attribute("a\tb\nc\rd\"e'") == "a&#9;b&#10;c&#13;d&quot;e'")
        #expect(XMLEscaper.text("a\tb\nc\rd\"e'") == "a\tb\nc&#13;d\"e'")
    }

    @Test func appendsUTF8BytesAsTheStringForm() {
        for text in Self.carried + ["\u{1}\u{FFFF}x"] {
            var bytes: [UInt8] = []
            var copy = text
            copy.withUTF8 { XMLEscaper.appendAttribute(utf8: $0, to: &bytes) }
            #expect(String(decoding: bytes, as: UTF8.self) == XMLEscaper.attribute(text))
        }
    }

    // MARK: Property lists

    private static func propertyListText(_ text: String) throws(XMLEscaper.ForbiddenCharacter) -> String {
        var bytes: [UInt8] = []
        var refused: XMLEscaper.ForbiddenCharacter?
        var copy = text
        copy.withUTF8 { utf8 in
            do throws(XMLEscaper.ForbiddenCharacter) {
                try XMLEscaper.appendPropertyListText(utf8: utf8, to: &bytes)
            } catch {
                refused = error
            }
        }
        if let refused { throw refused }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Apple's rule: `&`, `<`, `>` only; quotes, tab, LF and CR raw.
    @Test func propertyListTextEscapesOnlyTheThreeMarkupCharacters() throws {
        #expect(try Self.propertyListText("a&b<c>d\"e'f\tg\nh\ri") == "a&amp;b&lt;c&gt;d\"e'f\tg\nh\ri")
    }

    /// plistlib reads the text back, but for CR, which any XML parser reads as LF (CF's own reader keeps it).
    @Test func plistlibReadsPropertyListTextBack() throws {
        let texts = ["a & b", "<key>", "\"q\" 'q'", "tab\tlf\n", "cr\r", "é😀"]
        var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>\n"
        for text in texts { document += "<string>" + (try Self.propertyListText(text)) + "</string>\n" }
        document += "</array>\n</plist>\n"
        let program = """
            import sys, json, plistlib
            print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))
            """
        let printed = try PythonOracle.run(program, input: Data(document.utf8))
        let read = try JSONDecoder().decode([String].self, from: Data(printed.utf8))
        #expect(read == texts.map { $0.replacingOccurrences(of: "\r", with: "\n") })
    }

    @Test(arguments: [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1B, 0x1F] as [UInt8])
    func propertyListTextRefusesAControlCharacter(value: UInt8) {
        #expect(throws: XMLEscaper.ForbiddenCharacter.self) {
            try Self.propertyListText("ok" + String(UnicodeScalar(value)) + "rest")
        }
        do {
            _ = try Self.propertyListText("ok" + String(UnicodeScalar(value)))
        } catch {
            #expect(error.value == value)
        }
    }
}
