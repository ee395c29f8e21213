import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct OpenStepPropertyListReaderTests {
    static func read(
        _ text: String, _ options: OpenStepPropertyList.ReadingOptions = .init()
    ) throws -> PropertyListValue {
        try OpenStepPropertyList.read(Data(text.utf8), options: options)
    }

    static func code(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch let error as CodecError {
            return error.code
        } catch {
            return "not a CodecError: \(error)"
        }
    }

    static func dictionary(_ pairs: [(String, PropertyListValue)]) -> PropertyListValue {
        .dictionary(pairs.map { PropertyListEntry(key: $0.0, value: $0.1) })
    }

    @Test func readsAnXcodeProjectStylePlist() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 46;
            \tobjects = {
            \t\t1D6058910D05DD3D006BFB54 /* Foundation.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = Foundation.framework; path = System/Library/Frameworks/Foundation.framework; sourceTree = SDKROOT; };
            \t\t29B97314FDCFA39411CA2CEA /* Group */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t1D6058910D05DD3D006BFB54 /* Foundation.framework */,
            \t\t\t);
            \t\t\tname = "Other Frameworks";
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t};
            \trootObject = 29B97313FDCFA39411CA2CEA /* Project object */;
            }

            """
        let expected = Self.dictionary([
            ("archiveVersion", .string("1")),
            ("classes", .dictionary([])),
            ("objectVersion", .string("46")),
            (
                "objects",
                Self.dictionary([
                    (
                        "1D6058910D05DD3D006BFB54",
                        Self.dictionary([
                            ("isa", .string("PBXFileReference")), ("lastKnownFileType", .string("wrapper.framework")),
                            ("name", .string("Foundation.framework")),
                            ("path", .string("System/Library/Frameworks/Foundation.framework")),
                            ("sourceTree", .string("SDKROOT")),
                        ])
                    ),
                    (
                        "29B97314FDCFA39411CA2CEA",
                        Self.dictionary([
                            ("isa", .string("PBXGroup")), ("children", .array([.string("1D6058910D05DD3D006BFB54")])),
                            ("name", .string("Other Frameworks")), ("sourceTree", .string("<group>")),
                        ])
                    ),
                ])
            ),
            ("rootObject", .string("29B97313FDCFA39411CA2CEA")),
        ])
        #expect(try Self.read(text) == expected)
    }

    @Test func readsABracelessStringsFileWithCommentsBothQuotesAndTheKeyShorthand() throws {
        let text = """
            /* Title of the window */
            "window.title" = "Réglages";
            'single' = 'it\\'s';
            // the shorthand: a key alone stands for itself
            "OK";
            unquoted_key = value.with/slashes:and-dashes$;
            """
        #expect(
            try Self.read(text)
                == Self.dictionary([
                    ("window.title", .string("Réglages")), ("single", .string("it's")), ("OK", .string("OK")),
                    ("unquoted_key", .string("value.with/slashes:and-dashes$")),
                ]))
    }

    @Test func readsAUTF16StringsFileWithAByteOrderMark() throws {
        let text = "/* Greeting */\n\"hello\" = \"Grüß dich 😀\";\n"
        for bigEndian in [false, true] {
            var data = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            for unit in text.utf16 {
                data.append(
                    contentsOf: bigEndian
                        ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)])
            }
            #expect(try OpenStepPropertyList.read(data) == Self.dictionary([("hello", .string("Grüß dich 😀"))]))
        }
    }

    @Test func decodesEveryEscape() throws {
        let text = #"("\101\U00e9\UD83D\UDE00\a\b\f\n\r\t\v\\\"\q\'", "line"# + "\\\n" + #"next", "\0101", "\U41z")"#
        let value = try Self.read(text)
        #expect(
            value
                == .array([
                    .string("Aé😀\u{7}\u{8}\u{C}\n\r\t\u{B}\\\"q'"), .string("line\nnext"), .string("\u{8}1"),
                    .string("Az"),
                ]), "\(value)")
    }

    @Test func mapsOctalEscapesThroughNeXTSTEPNotLatin1() throws {
        // 0xE1 is Æ in NeXTSTEP (á in Latin-1); 0x80 is a no-break space; 0xA4 the fraction slash; \777 wraps to 0xFF.
        #expect(try Self.read(#""\341\200\244""#) == .string("Æ\u{A0}\u{2044}"))
        #expect(Self.code(#""\376""#) == "plist.openstep.bad-escape")
        #expect(Self.code(#""\777""#) == "plist.openstep.bad-escape")
    }

    /// CoreFoundation's Unicode-to-NeXTSTEP list (`nextstep_from_tab`), an independent table of the same encoding.
    static let unicodeToNeXTSTEP: [(UInt32, UInt8)] = [
        (0x00A0, 0x80), (0x00A1, 0xA1), (0x00A2, 0xA2), (0x00A3, 0xA3), (0x00A4, 0xA8), (0x00A5, 0xA5), (0x00A6, 0xB5),
        (0x00A7, 0xA7),
        (0x00A8, 0xC8), (0x00A9, 0xA0), (0x00AA, 0xE3), (0x00AB, 0xAB), (0x00AC, 0xBE), (0x00AE, 0xB0), (0x00AF, 0xC5),
        (0x00B1, 0xD1),
        (0x00B2, 0xC9), (0x00B3, 0xCC), (0x00B4, 0xC2), (0x00B5, 0x9D), (0x00B6, 0xB6), (0x00B7, 0xB4), (0x00B8, 0xCB),
        (0x00B9, 0xC0),
        (0x00BA, 0xEB), (0x00BB, 0xBB), (0x00BC, 0xD2), (0x00BD, 0xD3), (0x00BE, 0xD4), (0x00BF, 0xBF), (0x00C0, 0x81),
        (0x00C1, 0x82),
        (0x00C2, 0x83), (0x00C3, 0x84), (0x00C4, 0x85), (0x00C5, 0x86), (0x00C6, 0xE1), (0x00C7, 0x87), (0x00C8, 0x88),
        (0x00C9, 0x89),
        (0x00CA, 0x8A), (0x00CB, 0x8B), (0x00CC, 0x8C), (0x00CD, 0x8D), (0x00CE, 0x8E), (0x00CF, 0x8F), (0x00D0, 0x90),
        (0x00D1, 0x91),
        (0x00D2, 0x92), (0x00D3, 0x93), (0x00D4, 0x94), (0x00D5, 0x95), (0x00D6, 0x96), (0x00D7, 0x9E), (0x00D8, 0xE9),
        (0x00D9, 0x97),
        (0x00DA, 0x98), (0x00DB, 0x99), (0x00DC, 0x9A), (0x00DD, 0x9B), (0x00DE, 0x9C), (0x00DF, 0xFB), (0x00E0, 0xD5),
        (0x00E1, 0xD6),
        (0x00E2, 0xD7), (0x00E3, 0xD8), (0x00E4, 0xD9), (0x00E5, 0xDA), (0x00E6, 0xF1), (0x00E7, 0xDB), (0x00E8, 0xDC),
        (0x00E9, 0xDD),
        (0x00EA, 0xDE), (0x00EB, 0xDF), (0x00EC, 0xE0), (0x00ED, 0xE2), (0x00EE, 0xE4), (0x00EF, 0xE5), (0x00F0, 0xE6),
        (0x00F1, 0xE7),
        (0x00F2, 0xEC), (0x00F3, 0xED), (0x00F4, 0xEE), (0x00F5, 0xEF), (0x00F6, 0xF0), (0x00F7, 0x9F), (0x00F8, 0xF9),
        (0x00F9, 0xF2),
        (0x00FA, 0xF3), (0x00FB, 0xF4), (0x00FC, 0xF6), (0x00FD, 0xF7), (0x00FE, 0xFC), (0x00FF, 0xFD), (0x0131, 0xF5),
        (0x0141, 0xE8),
        (0x0142, 0xF8), (0x0152, 0xEA), (0x0153, 0xFA), (0x0192, 0xA6), (0x02C6, 0xC3), (0x02C7, 0xCF), (0x02CB, 0xC1),
        (0x02D8, 0xC6),
        (0x02D9, 0xC7), (0x02DA, 0xCA), (0x02DB, 0xCE), (0x02DC, 0xC4), (0x02DD, 0xCD), (0x2013, 0xB1), (0x2014, 0xD0),
        (0x2019, 0xA9),
        (0x201A, 0xB8), (0x201C, 0xAA), (0x201D, 0xBA), (0x201E, 0xB9), (0x2020, 0xB2), (0x2021, 0xB3), (0x2022, 0xB7),
        (0x2026, 0xBC),
        (0x2030, 0xBD), (0x2039, 0xAC), (0x203A, 0xAD), (0x2044, 0xA4), (0xFB01, 0xAE), (0xFB02, 0xAF),
    ]

    @Test func octalEscapesAgreeWithCoreFoundationsReverseNeXTSTEPTable() throws {
        #expect(Set(Self.unicodeToNeXTSTEP.map(\.1)).count == 126)
        for (scalar, byte) in Self.unicodeToNeXTSTEP {
            let escape = "\"\\" + String(byte, radix: 8) + "\""
            #expect(
                try Self.read(escape) == .string(String(Character(try #require(Unicode.Scalar(scalar))))),
                "byte 0x\(String(byte, radix: 16))")
        }
    }

    @Test func readsHexDataWithTheAllowedWhitespace() throws {
        #expect(try Self.read("<0fbd 77\n\t\r\u{2028}\u{2029}00 AB>") == .data(Data([0x0F, 0xBD, 0x77, 0x00, 0xAB])))
        #expect(try Self.read("<>") == .data(Data()))
        #expect(Self.code("<0f b>") == "plist.openstep.bad-data")
        #expect(Self.code("<0fz1>") == "plist.openstep.bad-data")
        #expect(Self.code("<0f") == "plist.openstep.unterminated-data")
    }

    @Test func readsArraysWithATrailingCommaAndEmptyFilesAsEmptyDictionaries() throws {
        #expect(try Self.read("(a, \"b\", )") == .array([.string("a"), .string("b")]))
        #expect(try Self.read("( )") == .array([]))
        #expect(try Self.read("") == .dictionary([]))
        #expect(try Self.read("  // only a comment\n/* and another */\n") == .dictionary([]))
        #expect(try Self.read("{ path = a//b; }") == Self.dictionary([("path", .string("a//b"))]))
        #expect(try Self.read("garbage") == .string("garbage"))
        #expect(try Self.read("bplist00") == .string("bplist00"))
    }

    @Test(arguments: [
        ("(a,,)", "plist.openstep.unterminated-array"),
        ("(a b)", "plist.openstep.unterminated-array"),
        ("(a,", "plist.openstep.unterminated-array"),
        ("{ a = b }", "plist.openstep.missing-semicolon"),
        ("{ a = b", "plist.openstep.missing-semicolon"),
        ("{ a b; }", "plist.openstep.missing-equals"),
        ("{ a = b; ", "plist.openstep.unterminated-dictionary"),
        ("{ (a) = b; }", "plist.openstep.unterminated-dictionary"),
        ("{ a = ; }", "plist.openstep.unexpected-character"),
        ("{ a = ", "plist.openstep.unexpected-end"),
        ("\"open", "plist.openstep.unterminated-string"),
        ("\"ends in a backslash\\", "plist.openstep.unterminated-string"),
        ("/* open", "plist.openstep.unterminated-comment"),
        ("{ a = b; } x", "plist.openstep.junk-after-value"),
        ("a = b; }", "plist.openstep.junk-after-value"),
        ("{ a = b; a = c; }", "plist.openstep.duplicate-key"),
        ("\"\\UD800\"", "plist.openstep.lone-surrogate"),
        ("#", "plist.openstep.unexpected-character"),
    ])
    func refusesWithAStableCode(text: String, code: String) {
        #expect(Self.code(text) == code)
    }

    @Test func namesTheLineAndColumn() throws {
        let error = try #require(throws: CodecError.self) { try Self.read("{\n\t\"é😀\" = b }") }
        #expect(error.code == "plist.openstep.missing-semicolon")
        #expect(error.location == .line(2, column: 11))
    }

    @Test func namesTheByteOffsetOfInvalidUTF8() throws {
        let error = try #require(throws: CodecError.self) { try OpenStepPropertyList.read(Data([0x61, 0x62, 0xFF])) }
        #expect(error.code == "plist.openstep.encoding")
        #expect(error.location == .byte(2))
    }

    @Test func lastValueWinsWhenAsked() throws {
        let value = try Self.read("{ a = b; c = d; a = e; }", .init(duplicateKeys: .lastWins))
        #expect(value == Self.dictionary([("a", .string("e")), ("c", .string("d"))]))
    }

    @Test func allowsCoreFoundationsDepthOf512AndRefusesAMillionLevelsWithADepthError() throws {
        let allowed = String(repeating: "(", count: 513) + String(repeating: ")", count: 513)
        #expect(throws: Never.self) { try Self.read(allowed) }
        let tooDeep = String(repeating: "(", count: 514) + String(repeating: ")", count: 514)
        #expect(Self.code(tooDeep) == "plist.openstep.too-deep")
        let million = Data(repeating: UInt8(ascii: "("), count: 1_000_000)
        let error = try #require(throws: CodecError.self) { try OpenStepPropertyList.read(million) }
        #expect(error.code == "plist.openstep.too-deep")
        let nestedDictionaries = String(repeating: "{a=", count: 600) + "b" + String(repeating: ";}", count: 600)
        #expect(Self.code(nestedDictionaries) == "plist.openstep.too-deep")
    }

    @Test func refusesToWriteWithAClearError() throws {
        let error = try #require(throws: CodecError.self) { try OpenStepPropertyList.write(.string("a")) }
        #expect(error.code == "plist.openstep.write-unsupported")
    }
}
