import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct XMLPropertyListWriterTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static func written(
        _ value: PropertyListValue, _ options: XMLPropertyList.WritingOptions = .init()
    ) throws -> String {
        String(decoding: try XMLPropertyList.write(value, options: options), as: UTF8.self)
    }

    /// `value` wrapped in `depth` one-element arrays.
    static func nested(_ value: PropertyListValue, depth: Int) -> PropertyListValue {
        (0..<depth).reduce(value) { inner, _ in .array([inner]) }
    }

    @Test func laysOutEmptiesScalarsAndEscapesLikeCoreFoundation() throws {
        let value = PropertyListValue.dictionary([
            PropertyListEntry(key: "b", value: .array([])),
            PropertyListEntry(key: "a", value: .dictionary([])),
            PropertyListEntry(key: "c", value: .string("<Tom & \"Jerry\" 'x'>")),
            PropertyListEntry(key: "d", value: .array([.boolean(true), .boolean(false), .integer(-5), .real(2.0)])),
        ])
        #expect(
            try Self.written(value) == Self.header + """
                <dict>
                \t<key>a</key>
                \t<dict/>
                \t<key>b</key>
                \t<array/>
                \t<key>c</key>
                \t<string>&lt;Tom &amp; "Jerry" 'x'&gt;</string>
                \t<key>d</key>
                \t<array>
                \t\t<true/>
                \t\t<false/>
                \t\t<integer>-5</integer>
                \t\t<real>2</real>
                \t</array>
                </dict>
                </plist>

                """)
    }

    @Test(arguments: [(0, 76), (1, 68), (5, 36), (9, 12)])
    func wrapsDataAtSeventySixColumnsCountingTabsAsEightCappedAtEightLevels(depth: Int, lineLength: Int) throws {
        let bytes = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        let text = try Self.written(Self.nested(.data(bytes), depth: depth))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let open = try #require(lines.firstIndex { $0.hasSuffix("<data>") })
        let close = try #require(lines.firstIndex { $0.hasSuffix("</data>") })
        #expect(lines[open] == String(repeating: "\t", count: depth) + "<data>")
        #expect(lines[close] == String(repeating: "\t", count: depth) + "</data>")
        let body = lines[(open + 1)..<close]
        let indentation = String(repeating: "\t", count: min(depth, 8))
        for line in body { #expect(line.hasPrefix(indentation) && !line.dropFirst(indentation.count).hasPrefix("\t")) }
        let payloads = body.map { String($0.dropFirst(indentation.count)) }
        #expect(payloads.dropLast().allSatisfy { $0.count == lineLength })
        #expect(payloads.last.map { $0.count <= lineLength && !$0.isEmpty } == true)
        #expect(Data(base64Encoded: payloads.joined()) == bytes)
    }

    @Test(arguments: [0, 1, 5])
    func dataAtShallowDepthsMatchesPlistlib(depth: Int) throws {
        let bytes = Data((0..<150).map { UInt8(truncatingIfNeeded: $0 &* 91) })
        let oracle = try PythonOracle.run(
            """
            import sys, plistlib
            value = sys.stdin.buffer.read()
            for _ in range(\(depth)):
                value = [value]
            sys.stdout.write(plistlib.dumps(value, fmt=plistlib.FMT_XML).decode())
            """, input: bytes)
        #expect(try Self.written(Self.nested(.data(bytes), depth: depth)) == oracle)
    }

    @Test func writesEmptyDataAsAnOpenAndCloseTagOnTwoLines() throws {
        #expect(try Self.written(.data(Data())) == Self.header + "<data>\n</data>\n</plist>\n")
    }

    @Test func sortsKeysByUTF16InCoreFoundationStyleAndByStringOrderInEncoderStyle() throws {
        // U+1F600 is D83D DE00 in UTF-16, below U+FF61; by scalar it is above.
        let value = PropertyListValue.dictionary([
            PropertyListEntry(key: "\u{FF61}", value: .integer(1)),
            PropertyListEntry(key: "😀", value: .integer(2)),
            PropertyListEntry(key: "B", value: .integer(3)),
        ])
        let coreFoundation = try Self.written(value)
        let encoder = try Self.written(value, .init(style: .propertyListEncoder))
        let preserved = try Self.written(value, .init(keyOrder: .preserved))
        func order(_ text: String) -> [String] {
            text.split(separator: "\n").filter { $0.contains("<key>") }.map {
                String($0.replacingOccurrences(of: "\t<key>", with: "").replacingOccurrences(of: "</key>", with: ""))
            }
        }
        #expect(order(coreFoundation) == ["B", "😀", "\u{FF61}"])
        #expect(order(encoder) == ["B", "\u{FF61}", "😀"])
        #expect(order(preserved) == ["\u{FF61}", "😀", "B"])
    }

    @Test(arguments: [
        (0.1, "0.10000000000000001", "0.1"), (3.14, "3.1400000000000001", "3.14"), (2.0, "2", "2"), (-0.0, "0.0", "-0"),
        (0.0, "0.0", "0"), (1e20, "1e+20", "1e+20"), (.infinity, "+infinity", "+infinity"),
        (-.infinity, "-infinity", "-infinity"),
        (.nan, "nan", "nan"),
    ])
    func spellsRealsAsEachAppleWriterDoes(real: Double, coreFoundation: String, encoder: String) throws {
        #expect(try Self.written(.real(real)).contains("<real>\(coreFoundation)</real>"))
        #expect(try Self.written(.real(real), .init(style: .propertyListEncoder)).contains("<real>\(encoder)</real>"))
    }

    @Test func writesWholeSecondDatesAndRefusesFractionsUnlessAskedToTruncate() throws {
        // 2004-10-26T10:33:33Z is 120_479_613 seconds after 2001-01-01 (CPython's Apple vector).
        #expect(
            try Self.written(.date(secondsSinceReferenceDate: 120_479_613)).contains(
                "<date>2004-10-26T10:33:33Z</date>"))
        #expect(try Self.written(.date(secondsSinceReferenceDate: -1)).contains("<date>2000-12-31T23:59:59Z</date>"))
        let fractional = PropertyListValue.array([.date(secondsSinceReferenceDate: 0.75)])
        let error = try #require(throws: CodecError.self) { try XMLPropertyList.write(fractional) }
        #expect(error.code == "plist.xml.date-not-whole-seconds")
        #expect(error.location == .keyPath("root[0]"))
        #expect(
            try Self.written(fractional, .init(truncatesFractionalSeconds: true)).contains(
                "<date>2001-01-01T00:00:00Z</date>"))
        #expect(
            try Self.written(.date(secondsSinceReferenceDate: -0.25), .init(truncatesFractionalSeconds: true)).contains(
                "<date>2000-12-31T23:59:59Z</date>"))
        for seconds in [Double.nan, .infinity, 1e15] {
            #expect(throws: CodecError.self) { try XMLPropertyList.write(.date(secondsSinceReferenceDate: seconds)) }
        }
    }

    @Test func refusesControlCharactersOtherThanTabLineFeedAndReturnNamingTheKeyPath() throws {
        let value = PropertyListValue.dictionary([PropertyListEntry(key: "name", value: .string("a\u{0}b"))])
        let error = try #require(throws: CodecError.self) { try XMLPropertyList.write(value) }
        #expect(error.code == "plist.xml.invalid-character")
        #expect(error.location == .keyPath("root.name"))
        #expect(try Self.written(.string("a\tb\nc\rd")).contains("<string>a\tb\nc\rd</string>"))
    }

    @Test func writesAUIDAsTheCFUIDDictionaryAndReadsItBack() throws {
        let value = PropertyListValue.array([.uid(42)])
        let text = try Self.written(value)
        #expect(
            text == Self.header
                + "<array>\n\t<dict>\n\t\t<key>CF$UID</key>\n\t\t<integer>42</integer>\n\t</dict>\n</array>\n</plist>\n"
        )
        #expect(try XMLPropertyList.read(Data(text.utf8)) == value)
    }

    @Test func writesTheWholeIntegerRangeOfTheModel() throws {
        for integer in [Int128(Int64.min), Int128(UInt64.max)] {
            let data = try XMLPropertyList.write(.integer(integer))
            #expect(String(decoding: data, as: UTF8.self).contains("<integer>\(integer)</integer>"))
            #expect(try XMLPropertyList.read(data) == .integer(integer))
        }
    }

    @Test func recognisesEachAppleStyleAndNoneForAnotherLayout() throws {
        let value = PropertyListValue.dictionary([PropertyListEntry(key: "pi", value: .real(3.14))])
        for style in XMLPropertyList.Style.allCases {
            let data = try XMLPropertyList.write(value, options: .init(style: style))
            let document = try XMLPropertyList.readDocument(data)
            #expect(document.style == style)
            #expect(document.value == value)
        }
        let handWritten = Data("<plist version=\"1.0\"><dict><key>pi</key><real>3.14</real></dict></plist>".utf8)
        let document = try XMLPropertyList.readDocument(handWritten)
        #expect(document.style == nil)
        #expect(document.value == value)
    }
}

@Suite struct XMLPropertyListWriterDepthTests {
    @Test func writesTwoThousandFortyEightLevelsAndRefusesOneMore() throws {
        let deepest = XMLPropertyListWriterTests.nested(.string("x"), depth: 2_048)
        let data = try XMLPropertyList.write(deepest)
        #expect(try XMLPropertyList.read(data, options: .init(maximumDepth: 2_048)) == deepest)
        let error = try #require(throws: CodecError.self) { try XMLPropertyList.write(.array([deepest])) }
        #expect(error.code == "plist.xml.too-deep")
    }
}

@Suite struct XMLPropertyListRewriteTests {
    static let handWritten = Data(
        "<plist version=\"1.0\">\n  <dict>\n    <key>name</key>  <string>caf\u{E9}</string>\n  </dict>\n</plist>\n".utf8
    )

    @Test func keepsTheOriginalBytesOfAnUnchangedDocumentInAnyLayout() throws {
        let value = try XMLPropertyList.read(Self.handWritten)
        #expect(try XMLPropertyList.write(value, replacing: Self.handWritten) == Self.handWritten)
    }

    @Test func rewritesAChangedDocumentInCoreFoundationsLayoutWhenTheOriginalWasInNoAppleLayout() throws {
        let changed = PropertyListValue.dictionary([PropertyListEntry(key: "name", value: .string("tea"))])
        #expect(try XMLPropertyList.write(changed, replacing: Self.handWritten) == XMLPropertyList.write(changed))
    }

    @Test func seesAChangeSwiftsStringEqualityWouldMiss() throws {
        // The decomposed form is canonically equivalent, so PropertyListValue.== calls the values equal.
        let decomposed = PropertyListValue.dictionary([PropertyListEntry(key: "name", value: .string("cafe\u{301}"))])
        #expect(try XMLPropertyList.read(Self.handWritten) == decomposed)
        let rewritten = try XMLPropertyList.write(decomposed, replacing: Self.handWritten)
        #expect(rewritten != Self.handWritten)
        #expect(String(decoding: rewritten, as: UTF8.self).contains("cafe\u{301}"))
    }

    @Test func keepsTheEncoderStyleOfAChangedDocument() throws {
        let original = try XMLPropertyList.write(.array([.real(0.1)]), options: .init(style: .propertyListEncoder))
        let changed = PropertyListValue.array([.real(0.1), .real(0.2)])
        let rewritten = String(decoding: try XMLPropertyList.write(changed, replacing: original), as: UTF8.self)
        #expect(rewritten.contains("<real>0.2</real>"))
    }
}
