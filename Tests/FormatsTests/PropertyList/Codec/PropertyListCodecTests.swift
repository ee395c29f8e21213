import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

@Suite struct PropertyListCodecTests {
    let codec = PropertyListCodec()

    @Test(arguments: [
        ("bplist00", PropertyListDocument.Format.binary),
        ("bplist15 of a later version", .binary),
        ("<?xml version=\"1.0\"?>", .xml),
        ("\n\t <plist version=\"1.0\">", .xml),
        ("<!DOCTYPE plist>", .xml),
        ("\u{FEFF}{ a = b; }", .openStep),
        ("\u{FEFF}<?xml version=\"1.0\"?>", .xml),
        ("{ a = b; }", .openStep),
        ("garbage", .openStep),
        ("<0fbd 77>", .openStep),
        ("", .openStep),
    ])
    func detectsTheFormByContent(_ text: String, _ format: PropertyListDocument.Format) {
        #expect(PropertyListCodec.detectFormat(Data(text.utf8)) == format)
    }

    @Test func detectsUTF16AndUTF32TextByItsByteOrderMarkOrItsNULs() {
        func encoded(_ text: String, _ encoding: String.Encoding) -> Data { text.data(using: encoding) ?? Data() }
        #expect(PropertyListCodec.detectFormat(Data([0xFF, 0xFE]) + encoded("<?xml", .utf16LittleEndian)) == .xml)
        #expect(PropertyListCodec.detectFormat(Data([0xFE, 0xFF]) + encoded(" <plist", .utf16BigEndian)) == .xml)
        #expect(PropertyListCodec.detectFormat(encoded("<?xml", .utf16LittleEndian)) == .xml)
        #expect(PropertyListCodec.detectFormat(encoded("<!DOCTYPE", .utf16BigEndian)) == .xml)
        #expect(
            PropertyListCodec.detectFormat(Data([0xFF, 0xFE, 0, 0]) + encoded("<?xml", .utf32LittleEndian)) == .xml)
        #expect(PropertyListCodec.detectFormat(Data([0, 0, 0xFE, 0xFF]) + encoded("<?xml", .utf32BigEndian)) == .xml)
        // A UTF-16 strings file keeps its byte-order mark and is OpenStep.
        #expect(
            PropertyListCodec.detectFormat(Data([0xFF, 0xFE]) + encoded("\"key\" = \"value\";", .utf16LittleEndian))
                == .openStep)
        #expect(
            PropertyListCodec.detectFormat(Data([0xFE, 0xFF]) + encoded("/* comment */", .utf16BigEndian)) == .openStep)
    }

    @Test func aBinaryDocumentRoundTripsByteForByteUnderEveryBinaryContentType() throws {
        let bytes = BinaryPropertyListTests.nonCanonical
        let document = try codec.decode(FileWrapper(regularFileWithContents: bytes), contentType: .propertyList)
        #expect(document.format == .binary)
        for type in [UTType.propertyList, .binaryPropertyList] {
            #expect(try codec.encode(document, previous: nil, contentType: type).regularFileContents == bytes)
        }
    }

    @Test func theContentTypeChoosesTheFormAndTheDocumentDecidesOtherwise() {
        let binary = PropertyListDocument(value: .string("x"), format: .binary)
        let xml = PropertyListDocument(value: .string("x"), format: .xml)
        let openStep = PropertyListDocument(value: .string("x"), format: .openStep)
        #expect(PropertyListCodec.format(for: binary, contentType: .xmlPropertyList) == .xml)
        #expect(PropertyListCodec.format(for: xml, contentType: .binaryPropertyList) == .binary)
        #expect(PropertyListCodec.format(for: openStep, contentType: .binaryPropertyList) == .binary)
        #expect(PropertyListCodec.format(for: xml, contentType: .propertyList) == .xml)
        #expect(PropertyListCodec.format(for: binary, contentType: .propertyList) == .binary)
        #expect(PropertyListCodec.format(for: openStep, contentType: .propertyList) == .openStep)
    }

    @Test func anXMLDocumentKeepsItsBytesAndConvertsToBinaryAndBackAsPlistlibWrites() throws {
        let xml = Data(
            try PythonOracle.run(
                "import plistlib, sys; sys.stdout.write(plistlib.dumps({'b': [1, True, 'é'], 'a': 'x'}).decode())"
            ).utf8)
        let document = try codec.decode(FileWrapper(regularFileWithContents: xml), contentType: .propertyList)
        #expect(document.format == .xml)
        #expect(try codec.encode(document, previous: nil, contentType: .propertyList).regularFileContents == xml)
        // Saved as binary: what plistlib writes for the same value, keys in the file's (sorted) order.
        let binary = try #require(
            try codec.encode(document, previous: nil, contentType: .binaryPropertyList).regularFileContents)
        let expected = try PythonOracle.run(
            "import plistlib, sys; sys.stdout.write(plistlib.dumps({'a': 'x', 'b': [1, True, 'é']}, fmt=plistlib.FMT_BINARY, sort_keys=False).hex())"
        )
        #expect(binary == (try PlistlibOracle.bytes(fromHex: expected)))
        // And that binary file, saved as XML, is the XML plistlib wrote.
        let fromBinary = try codec.decode(FileWrapper(regularFileWithContents: binary), contentType: .propertyList)
        #expect(try codec.encode(fromBinary, previous: nil, contentType: .xmlPropertyList).regularFileContents == xml)
    }

    @Test func refusesToWriteOpenStep() throws {
        let document = PropertyListDocument(value: .dictionary([]), format: .openStep)
        let error = try #require(throws: CodecError.self) {
            try codec.encode(document, previous: nil, contentType: .propertyList)
        }
        #expect(error.code == "plist.openstep.write-unsupported")
    }

    @Test func writesAChangedBinaryDocumentAfreshAndAnUnchangedOneAsRead() throws {
        var document = try codec.decode(
            FileWrapper(regularFileWithContents: BinaryPropertyListTests.nonCanonical), contentType: .binaryPropertyList
        )
        document.value = .array([.string("changed")])
        let written = try #require(
            try codec.encode(document, previous: nil, contentType: .propertyList).regularFileContents)
        #expect(written == (try BinaryPropertyList.write(.array([.string("changed")]))))
        // Equality is about meaning: the recorded layout does not make two documents differ.
        let fresh = try codec.decode(FileWrapper(regularFileWithContents: written), contentType: .propertyList)
        #expect(fresh == PropertyListDocument(value: .array([.string("changed")]), format: .binary))
    }

    @Test func refusesAFolderAndABrokenBinaryFileWithTheirCodes() throws {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        let notAFile = try #require(throws: CodecError.self) { try codec.decode(folder, contentType: .propertyList) }
        #expect(notAFile.code == "plist.not-a-file")
        let truncated = try #require(throws: CodecError.self) {
            try codec.decode(
                FileWrapper(regularFileWithContents: BinaryPropertyListTests.nonCanonical.dropLast(3)),
                contentType: .propertyList)
        }
        #expect(truncated.code.hasPrefix("plist.binary."))
    }

    @Test func namesTheKeyPathAndTheKindOfEachDifference() {
        func document(_ value: PropertyListValue) -> PropertyListDocument {
            PropertyListDocument(value: value, format: .binary)
        }
        let expected = document(
            .dictionary([
                PropertyListEntry(
                    key: "items",
                    value: .array([.string("a"), .dictionary([PropertyListEntry(key: "title", value: .string("old"))])])
                ),
                PropertyListEntry(key: "count", value: .integer(2)),
                PropertyListEntry(key: "gone", value: .boolean(true)),
                PropertyListEntry(key: "a b", value: .real(1.5)),
                PropertyListEntry(
                    key: "order",
                    value: .dictionary([
                        PropertyListEntry(key: "x", value: .integer(1)),
                        PropertyListEntry(key: "y", value: .integer(2)),
                    ])),
            ]))
        let actual = document(
            .dictionary([
                PropertyListEntry(
                    key: "items",
                    value: .array([
                        .string("a"), .dictionary([PropertyListEntry(key: "title", value: .string("new"))]), .uid(3),
                    ])),
                PropertyListEntry(key: "count", value: .string("2")),
                PropertyListEntry(key: "a b", value: .real(-1.5)),
                PropertyListEntry(
                    key: "order",
                    value: .dictionary([
                        PropertyListEntry(key: "y", value: .integer(2)),
                        PropertyListEntry(key: "x", value: .integer(1)),
                    ])),
                PropertyListEntry(key: "new", value: .data(Data([1, 2]))),
            ]))
        let found = codec.differences(expected: expected, actual: actual)
        let summary = found.map { "\($0.path): \($0.summary)" }
        #expect(
            summary == [
                "$.items[1].title: the string differs",
                "$.items[2]: the element is not in the expected array",
                "$.count: the value changed from an integer to a string",
                "$.gone: the key is missing from the actual dictionary",
                "$[\"a b\"]: the real differs",
                "$.new: the key is not in the expected dictionary",
            ])
        #expect(found.first?.expected == "\"old\"")
        #expect(found.first?.actual == "\"new\"")
        #expect(codec.differences(expected: expected, actual: expected).isEmpty)
        // Key order alone is no difference: property-list dictionaries are unordered.
        let reordered = document(
            .dictionary([
                PropertyListEntry(key: "y", value: .integer(2)), PropertyListEntry(key: "x", value: .integer(1)),
            ]))
        let ordered = document(
            .dictionary([
                PropertyListEntry(key: "x", value: .integer(1)), PropertyListEntry(key: "y", value: .integer(2)),
            ]))
        #expect(codec.differences(expected: ordered, actual: reordered).isEmpty)
        // A real's sign and a string's scalars count.
        #expect(!codec.differences(expected: document(.real(0.0)), actual: document(.real(-0.0))).isEmpty)
        #expect(
            !codec.differences(expected: document(.string("\u{E9}")), actual: document(.string("e\u{301}"))).isEmpty)
    }

    @Test func isRegisteredForEveryPropertyListTypeWithItsConversions() {
        let registry = CodecRegistry.builtIn
        for type in [UTType.propertyList, .binaryPropertyList, .xmlPropertyList] {
            #expect(registry.codec(reading: type)?.identifier == "property-list")
        }
        #expect(registry.conversion(from: "property-list", to: "json") != nil)
        #expect(registry.conversion(from: "property-list", to: "property-list") != nil)
        #expect(registry.conversion(from: "json", to: "property-list") != nil)
    }

    @Test func convertsAmongTheFormsAsPlistlibWritesThem() throws {
        let binary = try PropertyListCodec.read(BinaryPropertyListTests.nonCanonical)
        let xml = try PropertyListCodec.ConversionToXML().convert(binary)
        #expect(xml.format == .xml)
        let written = try codec.encode(xml, previous: nil, contentType: .propertyList).regularFileContents
        let expected = try PythonOracle.run(
            "import plistlib, sys; sys.stdout.write(plistlib.dumps({'a': 'a', 'b': 7}).decode())")
        #expect(written == Data(expected.utf8))
        let back = try PropertyListCodec.ConversionToBinary().convert(xml)
        #expect(back.format == .binary)
        #expect(
            try codec.encode(back, previous: nil, contentType: .propertyList).regularFileContents
                == (try BinaryPropertyList.write(binary.value)))
        // XML has whole seconds only: a fractional date is refused by the conversion, not dropped.
        let dated = PropertyListDocument(value: .array([.date(secondsSinceReferenceDate: 0.5)]), format: .binary)
        let error = try #require(throws: CodecError.self) { try PropertyListCodec.ConversionToXML().convert(dated) }
        #expect(error.code == "plist.xml.date-not-whole-seconds")
    }
}
