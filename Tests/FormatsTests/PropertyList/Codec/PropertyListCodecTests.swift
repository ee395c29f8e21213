import DocumentCodecs
@testable import Formats
import Foundation
import TestSupport
import Testing

@Suite struct PropertyListCodecTests {
    let codec = PropertyListCodec()

    @Test(arguments: [
        ("bplist00", PropertyListDocument.Format.binary),
        ("bplist15 of a later version", .binary),
        ("<?xml version=\"1.0\"?>", .xml),
        ("\n\t <plist version=\"1.0\">", .xml),
        ("<!DOCTYPE plist>", .xml),
        ("\u{FEFF}{ a = b; }", .xml),
        ("{ a = b; }", .openStep),
        ("garbage", .openStep),
        ("<0fbd 77>", .openStep),
        ("", .openStep),
    ])
    func detectsTheFormByContent(_ text: String, _ format: PropertyListDocument.Format) {
        #expect(PropertyListCodec.detectFormat(Data(text.utf8)) == format)
    }

    @Test func detectsUTF16XMLByItsByteOrderMark() {
        #expect(PropertyListCodec.detectFormat(Data([0xFF, 0xFE, 0x3C, 0x00])) == .xml)
        #expect(PropertyListCodec.detectFormat(Data([0xFE, 0xFF, 0x00, 0x3C])) == .xml)
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

    @Test func refusesToWriteOpenStep() throws {
        let document = PropertyListDocument(value: .dictionary([]), format: .openStep)
        let error = try #require(throws: CodecError.self) { try codec.encode(document, previous: nil, contentType: .propertyList) }
        #expect(error.code == "plist.openstep.write-unsupported")
    }

    @Test func writesAChangedBinaryDocumentAfreshAndAnUnchangedOneAsRead() throws {
        var document = try codec.decode(FileWrapper(regularFileWithContents: BinaryPropertyListTests.nonCanonical), contentType: .binaryPropertyList)
        document.value = .array([.string("changed")])
        let written = try #require(try codec.encode(document, previous: nil, contentType: .propertyList).regularFileContents)
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
            try codec.decode(FileWrapper(regularFileWithContents: BinaryPropertyListTests.nonCanonical.dropLast(3)), contentType: .propertyList)
        }
        #expect(truncated.code.hasPrefix("plist.binary."))
    }

    @Test func namesTheKeyPathAndTheKindOfEachDifference() {
        func document(_ value: PropertyListValue) -> PropertyListDocument { PropertyListDocument(value: value, format: .binary) }
        let expected = document(.dictionary([
            PropertyListEntry(key: "items", value: .array([.string("a"), .dictionary([PropertyListEntry(key: "title", value: .string("old"))])])),
            PropertyListEntry(key: "count", value: .integer(2)),
            PropertyListEntry(key: "gone", value: .boolean(true)),
            PropertyListEntry(key: "a b", value: .real(1.5)),
            PropertyListEntry(key: "order", value: .dictionary([PropertyListEntry(key: "x", value: .integer(1)), PropertyListEntry(key: "y", value: .integer(2))])),
        ]))
        let actual = document(.dictionary([
            PropertyListEntry(key: "items", value: .array([.string("a"), .dictionary([PropertyListEntry(key: "title", value: .string("new"))]), .uid(3)])),
            PropertyListEntry(key: "count", value: .string("2")),
            PropertyListEntry(key: "a b", value: .real(-1.5)),
            PropertyListEntry(key: "order", value: .dictionary([PropertyListEntry(key: "y", value: .integer(2)), PropertyListEntry(key: "x", value: .integer(1))])),
            PropertyListEntry(key: "new", value: .data(Data([1, 2]))),
        ]))
        let found = codec.differences(expected: expected, actual: actual)
        let summary = found.map { "\($0.path): \($0.summary)" }
        #expect(summary == [
            "$.items[1].title: the string differs",
            "$.items[2]: the element is not in the expected array",
            "$.count: the value changed from an integer to a string",
            "$.gone: the key is missing from the actual dictionary",
            "$[\"a b\"]: the real differs",
            "$.order: the keys both dictionaries have are in a different order",
            "$.new: the key is not in the expected dictionary",
        ])
        #expect(found.first?.expected == "\"old\"")
        #expect(found.first?.actual == "\"new\"")
        #expect(codec.differences(expected: expected, actual: expected).isEmpty)
        // A real's sign and a string's scalars count.
        #expect(!codec.differences(expected: document(.real(0.0)), actual: document(.real(-0.0))).isEmpty)
        #expect(!codec.differences(expected: document(.string("\u{E9}")), actual: document(.string("e\u{301}"))).isEmpty)
    }

    @Test func isRegisteredForEveryPropertyListTypeWithItsConversions() {
        let registry = CodecRegistry.builtIn
        for type in [UTType.propertyList, .binaryPropertyList, .xmlPropertyList] {
            #expect(registry.codec(reading: type)?.identifier == "property-list")
        }
        #expect(registry.conversion(from: "property-list", to: "json") != nil)
        #expect(registry.conversion(from: "json", to: "property-list") != nil)
    }
}
