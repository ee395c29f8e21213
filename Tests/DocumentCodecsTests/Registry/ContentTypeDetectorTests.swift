import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct ContentTypeDetectorTests {
    /// A registry fixed here, so that formats registered later do not change what these tests expect.
    static let registry = CodecRegistry([AnyDocumentCodec(PlainTextCodec.self), AnyDocumentCodec(NotebookCodec.self)])

    static func sniffed(_ text: String) -> ContentTypeDetector.Sniffed { ContentTypeDetector.sniff(Array(text.utf8)) }

    @Test(arguments: [
        ("bplist00\u{0}", "com.apple.binary-property-list", true),
        ("bplist01", "com.apple.binary-property-list", true),
        ("{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761", "public.rtf", true),
        ("\u{FEFF}{\\rtf1", "public.rtf", true),
        ("<?xml version=\"1.0\"?><!DOCTYPE plist><plist/>", "com.apple.xml-property-list", true),
        ("\n<plist version=\"1.0\"><dict/></plist>", "com.apple.xml-property-list", true),
        ("<?xml version=\"1.0\"?><note/>", "public.xml", true),
        ("  \n{\"a\": 1}", "public.json", false),
        ("{ }", "public.json", false),
        ("[1]", "public.json", false),
        ("{ key = value; }", "com.apple.property-list", false),
        ("{\"quoted key\" = \"value\";}", "com.apple.property-list", false),
        ("\"key\" = \"value\";", "public.utf8-plain-text", false),
        ("(a, b)", "com.apple.property-list", false),
        ("// comment\n{}", "com.apple.property-list", false),
        ("{\\\"not rtf", "public.utf8-plain-text", false),
        ("plain words, é", "public.utf8-plain-text", false),
    ])
    func sniffsSignaturesAndGuesses(text: String, identifier: String, isSignature: Bool) {
        let result = Self.sniffed(text)
        #expect(result.contentType.identifier == identifier)
        #expect(result.isSignature == isSignature)
    }

    @Test func byteOrderMarksFollowCoreFoundationsOrder() {
        #expect(
            ContentTypeDetector.sniff([0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x41])
                == .init(contentType: .plainText, isSignature: false))
        // `FF FE 00 00` is UTF-32 little-endian, not UTF-16 little-endian followed by a NUL.
        #expect(ContentTypeDetector.sniff([0xFF, 0xFE, 0x00, 0x00, 0x41, 0, 0, 0]).contentType == .plainText)
        #expect(
            ContentTypeDetector.sniff([0xFF, 0xFE, 0x41, 0x00])
                == .init(contentType: .utf16ExternalPlainText, isSignature: false))
        #expect(ContentTypeDetector.sniff([0xFE, 0xFF, 0x00, 0x41]).contentType == .utf16ExternalPlainText)
        #expect(
            ContentTypeDetector.sniff(Array("rtfd".utf8) + [0, 0, 0, 0, 3, 0, 0, 0])
                == .init(contentType: .flatRTFD, isSignature: true))
    }

    @Test func utf16WithoutAMarkIsAGuessFromItsNULs() {
        let littleEndian = Array("Hello, world.\r".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(ContentTypeDetector.sniff(littleEndian) == .init(contentType: .utf16PlainText, isSignature: false))
        let bigEndian = Array("Grüße aus Köln".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(ContentTypeDetector.sniff(bigEndian).contentType == .utf16PlainText)
        // Binary data with scattered NULs is not text.
        #expect(ContentTypeDetector.sniff([0x61, 0x00, 0x00, 0x62, 0x63, 0x00]).contentType == .data)
        #expect(ContentTypeDetector.sniff([0x61, 0x00, 0x62]).contentType == .data)
        #expect(ContentTypeDetector.sniff([0x61, 0x00]).contentType == .data)
        #expect(ContentTypeDetector.sniff([0x61, 0x00, 0x00, 0x00, 0x62, 0x00]).contentType == .data)
    }

    @Test func aWindowCutInsideAUTF8SequenceIsStillText() {
        let cut = Array(repeating: UInt8(ascii: "a"), count: ContentTypeDetector.sniffedByteCount - 1) + [0xC3]
        #expect(ContentTypeDetector.sniff(cut).contentType == .utf8PlainText)
        #expect(ContentTypeDetector.sniff([0xC3] + cut.dropFirst()).contentType == .data)
    }

    @Test func aFolderHoldingTXTrtfIsRTFD() throws {
        let folder = try TemporaryDirectory("rtfd")
        let package = folder.appending("Letter")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        #expect(ContentTypeDetector.sniffFolder(at: package) == nil)
        try Data("{\\rtf1}".utf8).write(to: package.appendingPathComponent("TXT.rtf"))
        #expect(ContentTypeDetector.sniffFolder(at: package) == .init(contentType: .rtfd, isSignature: true))
        let detection = ContentTypeDetector(codecs: Self.registry).detect(at: package)
        #expect(detection.contentType == .rtfd)
        #expect(detection.source == .contents)
        #expect(detection.codec == nil)
    }

    @Test func extensionFirstTrustsTheNameContentFirstTrustsASignature() throws {
        let folder = try TemporaryDirectory("order")
        // A binary property list saved with a .txt extension.
        let misnamed = folder.appending("settings.txt")
        try Data("bplist00".utf8).write(to: misnamed)
        let byName = ContentTypeDetector(codecs: Self.registry).detect(at: misnamed)
        #expect(byName.contentType == .plainText)
        #expect(byName.source == .filenameExtension)
        #expect(byName.codec?.identifier == "plain-text")
        let byContent = ContentTypeDetector(codecs: Self.registry, order: .contentFirst).detect(at: misnamed)
        #expect(byContent.contentType == .binaryPropertyList)
        #expect(byContent.source == .contents)
        #expect(byContent.codec == nil)

        // An app's type that conforms only to public.data names a format built on the container.
        let archive = folder.appending("Journal.detectortestarchive")
        try Data("bplist00".utf8).write(to: archive)
        let appType = UTType(exportedAs: "com.example.detector-test-archive", conformingTo: .data)
        #if !canImport(Darwin)
        UTTypeRegistry.shared.register([
            UTTypeDeclaration(
                kind: .exported, identifier: appType.identifier, conformsTo: ["public.data"],
                tags: [.filenameExtension: ["detectortestarchive"]], typeDescription: nil)
        ])
        #endif
        #expect(ContentTypeDetector.mayStandIn(appType, for: .binaryPropertyList))
        #expect(!ContentTypeDetector.mayStandIn(.plainText, for: .binaryPropertyList))
        #expect(ContentTypeDetector.mayStandIn(.binaryPropertyList, for: .binaryPropertyList))
        let appRegistry = CodecRegistry([
            AnyDocumentCodec(PlainTextCodec.self), AnyDocumentCodec(DetectorTestArchiveCodec.self),
        ])
        let byApp = ContentTypeDetector(codecs: appRegistry, order: .contentFirst).detect(at: archive)
        #expect(byApp.contentType == appType)
        #expect(byApp.source == .filenameExtension)
        #expect(byApp.codec?.identifier == "detector-test-archive")

        // A UTF-16 mark does not make a CSV file plain text: it is a guess, so the extension wins.
        let csv = folder.appending("table.csv")
        try Data([0xFF, 0xFE] + Array("a,b\r\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })).write(to: csv)
        #expect(
            ContentTypeDetector(codecs: Self.registry, order: .contentFirst).detect(at: csv).contentType
                == .commaSeparatedText)

        // A guess does not overrule the extension, even content first: JSON-looking text named .txt stays text.
        let jsonLooking = folder.appending("list.txt")
        try Data("[1, 2]".utf8).write(to: jsonLooking)
        let guessed = ContentTypeDetector(codecs: Self.registry, order: .contentFirst).detect(at: jsonLooking)
        #expect(guessed.contentType == .plainText)
        #expect(guessed.source == .filenameExtension)

        // Without an extension, a guess decides.
        let bare = folder.appending("README")
        try Data("words".utf8).write(to: bare)
        let sniffed = ContentTypeDetector(codecs: Self.registry, order: .contentFirst).detect(at: bare)
        #expect(sniffed.contentType == .utf8PlainText)
        #expect(sniffed.source == .contents)
        #expect(sniffed.codec?.identifier == "plain-text")
    }

    @Test func aGivenTypeWinsAndResolvesCaseInsensitively() throws {
        let folder = try TemporaryDirectory("given")
        let json = folder.appending("a.json")
        try Data("{}".utf8).write(to: json)
        let detector = ContentTypeDetector(codecs: Self.registry)
        #expect(detector.detect(at: json).contentType == .json)
        #expect(detector.detect(at: json).codec == nil)
        let given = detector.detect(at: json, givenType: "public.plain-text")
        #expect(given.codec?.identifier == "plain-text")
        #expect(given.source == .given)
        _ = NotebookCodec.contentType
        #expect(
            detector.detect(at: json, givenType: "COM.EXAMPLE.NOTEBOOK").contentType.identifier
                == "com.example.notebook")
    }
}

/// A codec for an app's own archive type, which conforms to nothing more than `public.data`.
private struct DetectorTestArchiveCodec: DocumentCodec {
    static let identifier = "detector-test-archive"
    static var readableContentTypes: [UTType] {
        [UTType(exportedAs: "com.example.detector-test-archive", conformingTo: .data)]
    }
    func decode(_ file: FileWrapper, contentType: UTType) throws -> Data {
        guard let data = file.regularFileContents else {
            throw CodecError(code: "test.unreadable", message: "not a file")
        }
        return data
    }
    func encode(_ snapshot: Data, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: snapshot)
    }
}
