import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct XMLPropertyListReaderTests {
    static func plist(_ body: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8)
    }

    static func code(_ data: Data, _ options: XMLPropertyList.ReadingOptions = .strict) -> String? {
        do {
            _ = try XMLPropertyList.read(data, options: options)
            return nil
        } catch let error as CodecError {
            return error.code
        } catch {
            return "not a CodecError: \(error)"
        }
    }

    @Test(arguments: [
        ("<array><integer>1</integer>", "plist.xml.mismatched-tag"),
        ("<array></dict>", "plist.xml.mismatched-tag"),
        ("<dict><key>a</key></dict>", "plist.xml.missing-value"),
        ("<dict><string>a</string></dict>", "plist.xml.missing-key"),
        ("<dict><key>a</key><true/><key>a</key><false/></dict>", "plist.xml.duplicate-key"),
        ("<key>a</key>", "plist.xml.unexpected-element"),
        ("<uid>7</uid>", "plist.xml.unexpected-element"),
        ("<String>a</String>", "plist.xml.unexpected-element"),
        ("<string>a<b/></string>", "plist.xml.unexpected-element"),
        ("<array>text</array>", "plist.xml.unexpected-text"),
        ("<string>&nbsp;</string>", "plist.xml.entity"),
        ("<string>a & b</string>", "plist.xml.entity"),
        ("<string>&#0;</string>", "plist.xml.entity"),
        ("<string>&#xD800;</string>", "plist.xml.entity"),
        ("<string>a\u{1}b</string>", "plist.xml.invalid-character"),
        ("<integer>0x10</integer>", "plist.xml.bad-integer"),
        ("<integer>+5</integer>", "plist.xml.bad-integer"),
        ("<integer> 5</integer>", "plist.xml.bad-integer"),
        ("<integer></integer>", "plist.xml.bad-integer"),
        ("<integer>18446744073709551616</integer>", "plist.xml.integer-out-of-range"),
        ("<integer>-9223372036854775809</integer>", "plist.xml.integer-out-of-range"),
        ("<real>1.2.3</real>", "plist.xml.bad-real"),
        ("<real>0x1p3</real>", "plist.xml.bad-real"),
        ("<date>2004-10-26</date>", "plist.xml.bad-date"),
        ("<date>2004-10-26T10:33:33</date>", "plist.xml.bad-date"),
        ("<date>2004-10-26T10:33:33.5Z</date>", "plist.xml.bad-date"),
        ("<date>2003-02-29T00:00:00Z</date>", "plist.xml.bad-date"),
        ("<date>2004-10-26T24:00:00Z</date>", "plist.xml.bad-date"),
        ("<data>AAE*</data>", "plist.xml.bad-data"),
        ("<data>AAE</data>", "plist.xml.bad-data"),
        ("<data>AA==AA==</data>", "plist.xml.bad-data"),
        ("<string a=\"1\">x</string>", "plist.xml.unexpected-attribute"),
        ("<true/><false/>", "plist.xml.extra-content"),
        ("", "plist.xml.empty"),
    ])
    func refusesWithAStableCode(body: String, code: String) {
        #expect(Self.code(Self.plist(body)) == code)
    }

    @Test(arguments: [
        (
            "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY a \"aaaa\">]><plist><string>&a;</string></plist>",
            "plist.xml.dtd"
        ),
        ("<string>a</string>", "plist.xml.missing-root"),
        ("", "plist.xml.missing-root"),
        ("<plist><true/></plist>junk", "plist.xml.extra-content"),
        ("<plist><true/></plist><plist/>", "plist.xml.extra-content"),
        ("<plist><true/>", "plist.xml.unterminated"),
        ("<plist><true/></plist><!-- open", "plist.xml.unterminated"),
        ("<?xml version=\"1.0\" encoding=\"EBCDIC\"?><plist><true/></plist>", "plist.xml.encoding"),
    ])
    func refusesDocumentDefectsWithAStableCode(document: String, code: String) {
        #expect(Self.code(Data(document.utf8)) == code)
    }

    @Test func namesTheLineAndColumnInUnicodeScalars() throws {
        let data = Data("<plist>\n<dict>\n\t<key>é😀</key><date>nope</date>\n</dict></plist>".utf8)
        let error = try #require(throws: CodecError.self) { try XMLPropertyList.read(data) }
        #expect(error.code == "plist.xml.bad-date")
        #expect(error.location == .line(3, column: 15))
    }

    @Test func namesTheByteOffsetOfInvalidUTF8() throws {
        let data = Data("<plist><string>ab".utf8) + Data([0xC3, 0x28]) + Data("</string></plist>".utf8)
        let error = try #require(throws: CodecError.self) { try XMLPropertyList.read(data) }
        #expect(error.code == "plist.xml.encoding")
        #expect(error.location == .byte(17))
    }

    @Test func acceptsWhatEveryXMLReaderMust() throws {
        let body = """
            <!-- a comment --><?pi data?>
            <array>
            \t<string>&#x41;&#66;&lt;&gt;&amp;&quot;&apos;<![CDATA[<raw & text>]]>x<!-- inside -->y</string>
            \t<string/>
            \t<true></true>
            \t<data>
            \tAAEC
            \tAw==
            \t</data>
            \t<integer>-007</integer>
            \t<real>-1.5e3</real>
            \t<real>inf</real>
            </array>
            """
        let value = try XMLPropertyList.read(Self.plist(body))
        #expect(
            value
                == .array([
                    .string("AB<>&\"'<raw & text>xy"), .string(""), .boolean(true), .data(Data([0, 1, 2, 3])),
                    .integer(-7), .real(-1500), .real(.infinity),
                ]))
    }

    @Test func keepsACarriageReturnAsCoreFoundationDoes() throws {
        #expect(try XMLPropertyList.read(Self.plist("<string>a\r\nb\rc</string>")) == .string("a\r\nb\rc"))
    }

    @Test func acceptsWhatLinuxCoreFoundationAcceptsWhenAsked() throws {
        let options = XMLPropertyList.ReadingOptions.coreFoundationCompatible
        #expect(try XMLPropertyList.read(Self.plist("<integer>0x10</integer>"), options: options) == .integer(16))
        #expect(try XMLPropertyList.read(Self.plist("<integer> +5 </integer>"), options: options) == .integer(5))
        #expect(try XMLPropertyList.read(Data("<string>bare</string>".utf8), options: options) == .string("bare"))
        #expect(try XMLPropertyList.read(Self.plist("<data>AAE</data>"), options: options) == .data(Data([0, 1])))
        let duplicate = try XMLPropertyList.read(
            Self.plist(
                "<dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><integer>2</integer></dict>"),
            options: options)
        #expect(
            duplicate
                == .dictionary([
                    PropertyListEntry(key: "a", value: .integer(2)), PropertyListEntry(key: "b", value: .boolean(true)),
                ]))
        // Still refused in the compatible mode: an internal subset and loose dates.
        #expect(Self.code(Data("<!DOCTYPE plist [ ]><plist><true/></plist>".utf8), options) == "plist.xml.dtd")
        #expect(Self.code(Self.plist("<date>2004-10-26</date>"), options) == "plist.xml.bad-date")
    }

    @Test func readsAKeyedArchiveUIDOnlyWhenItFitsThirtyTwoBits() throws {
        let uid = try XMLPropertyList.read(Self.plist("<dict><key>CF$UID</key><integer>4294967295</integer></dict>"))
        #expect(uid == .uid(UInt32.max))
        let tooBig = try XMLPropertyList.read(Self.plist("<dict><key>CF$UID</key><integer>4294967296</integer></dict>"))
        #expect(tooBig == .dictionary([PropertyListEntry(key: "CF$UID", value: .integer(4_294_967_296))]))
    }

    @Test func detectsUTF16AndUTF32AndDeclaredSingleByteEncodings() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>Mässig 😀</string></plist>"
        let expected = PropertyListValue.string("Mässig 😀")
        var littleEndian = Data([0xFF, 0xFE])
        for unit in text.utf16 { littleEndian.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try XMLPropertyList.read(littleEndian) == expected)
        var bigEndianWithoutMark = Data()
        for unit in text.utf16 { bigEndianWithoutMark.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        #expect(try XMLPropertyList.read(bigEndianWithoutMark) == expected)
        var utf32 = Data([0, 0, 0xFE, 0xFF])
        for scalar in text.unicodeScalars {
            utf32.append(contentsOf: [
                0, UInt8(scalar.value >> 16), UInt8(scalar.value >> 8 & 0xFF), UInt8(scalar.value & 0xFF),
            ])
        }
        #expect(try XMLPropertyList.read(utf32) == expected)
        let latin1 =
            Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>M".utf8) + Data([0xE4])
            + Data("ssig</string></plist>".utf8)
        #expect(try XMLPropertyList.read(latin1) == .string("Mässig"))
        let macRoman =
            Data("<?xml version=\"1.0\" encoding=\"macintosh\"?><plist><string>".utf8) + Data([0x8E])
            + Data("</string></plist>".utf8)
        #expect(try XMLPropertyList.read(macRoman) == .string("é"))
        let withMark = Data([0xEF, 0xBB, 0xBF]) + Data("<plist><true/></plist>".utf8)
        #expect(try XMLPropertyList.read(withMark) == .boolean(true))
    }

    @Test func refusesAMillionNestedArraysWithADepthErrorNotACrash() throws {
        var text = [UInt8]("<plist>".utf8)
        let open = Array("<array>".utf8)
        text.reserveCapacity(7 * 1_000_000 + 16)
        for _ in 0..<1_000_000 { text.append(contentsOf: open) }
        let error = try #require(throws: CodecError.self) { try XMLPropertyList.read(Data(text)) }
        #expect(error.code == "plist.xml.too-deep")
        let limited = XMLPropertyList.ReadingOptions(maximumDepth: 3)
        #expect(
            try XMLPropertyList.read(Self.plist("<array><array><array/></array></array>"), options: limited)
                == .array([.array([.array([])])]))
        #expect(
            Self.code(Self.plist("<array><array><array><array/></array></array></array>"), limited)
                == "plist.xml.too-deep")
    }
}
