import Formats
import Foundation
import TestSupport
import Testing
import Verification

@Suite struct InspectionReportTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func golden(_ path: String) -> String {
        repository.appendingPathComponent("GoldenFiles").appendingPathComponent(path).path
    }

    @Test func sniffingFollowsTheDocumentedOrder() {
        let cases: [([UInt8], UTType)] = [
            (Array("bplist00\u{0}".utf8), .binaryPropertyList),
            ([0xEF, 0xBB, 0xBF] + Array("  \n{\"a\": 1}".utf8), .json),
            (Array("[1]".utf8), .json),
            (Array("<?xml version=\"1.0\"?><!DOCTYPE plist><plist/>".utf8), .xmlPropertyList),
            (Array("<?xml version=\"1.0\"?><note/>".utf8), .xml),
            ([0xFF, 0xFE, 0x41, 0x00], .utf16ExternalPlainText),
            (Array("plain words, é".utf8), .utf8PlainText),
            ([0x61, 0x00, 0x62], .data),
            ([0x61, 0xFF], .data),
        ]
        for (bytes, type) in cases {
            #expect(ContentTypeDetector.sniff(bytes).contentType == type, "\(bytes)")
        }
        // A multi-byte sequence cut by the 4,096-byte window is still text; a bad byte inside is not.
        let cut = Array(repeating: UInt8(ascii: "a"), count: ContentTypeDetector.sniffedByteCount - 1) + [0xC3]
        #expect(ContentTypeDetector.sniff(cut).contentType == .utf8PlainText)
        #expect(ContentTypeDetector.sniff([0xC3] + cut.dropFirst()).contentType == .data)
    }

    @Test func detectionUsesTheExtensionThenACodecsIdentifierThenTheBytes() throws {
        let folder = try TemporaryDirectory("detect")
        let detector = ContentTypeDetector(codecs: .builtIn)
        let notebook = detector.detect(at: URL(fileURLWithPath: Self.golden("notebook/cases/Trip.notebook")))
        #expect(notebook.contentType.identifier == "com.example.notebook")
        #expect(notebook.source == .filenameExtension)
        #expect(notebook.codec?.identifier == "notebook")

        let text = folder.appending("notes.TXT")
        try Data("x".utf8).write(to: text)
        #expect(detector.detect(at: text).contentType == .plainText)

        let noExtension = folder.appending("README")
        try Data("words".utf8).write(to: noExtension)
        let sniffed = detector.detect(at: noExtension)
        #expect(sniffed.contentType == .utf8PlainText)
        #expect(sniffed.source == .contents)
        #expect(sniffed.codec?.identifier == "plain-text")

        // A file named .notebook is not a notebook: that type is a package.
        let fakeNotebook = folder.appending("fake.notebook")
        try Data([0, 1]).write(to: fakeNotebook)
        let fake = detector.detect(at: fakeNotebook)
        #expect(fake.contentType == .data)
        #expect(fake.codec == nil)

        // A type no built-in codec reads: an image.
        let image = folder.appending("a.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: image)
        #expect(detector.detect(at: image).contentType == .png)
        #expect(detector.detect(at: image).codec == nil)
        #expect(detector.detect(at: image, givenType: "public.plain-text").codec?.identifier == "plain-text")
        #expect(
            detector.detect(at: image, givenType: "COM.EXAMPLE.NOTEBOOK").contentType.identifier
                == "com.example.notebook")
    }

    @Test func inspectsTheShippedPlainTextGoldenExactly() throws {
        let path = Self.golden("text/plain-text/cases/hello.txt")
        let report = try InspectionReport.inspect(path: path, codecs: .builtIn)
        #expect(
            report.text() == """
                file: \(path)
                content type: public.plain-text
                codec: plain-text
                snapshot: Formats.TextDocument {
                  text: "Hello, world.\\n"
                  encoding: "utf-8"
                  hasByteOrderMark: false
                  lineEndingStyle: "lf"
                  hasTrailingNewline: true
                  replacedSequenceCount: 0
                }

                """)
        #expect(
            report.snapshot
                == .object(
                    typeName: "Formats.TextDocument",
                    fields: [
                        .init("text", .string("Hello, world.\n")), .init("encoding", .string("utf-8")),
                        .init("hasByteOrderMark", .bool(false)),
                        .init("lineEndingStyle", .string("lf")), .init("hasTrailingNewline", .bool(true)),
                        .init("replacedSequenceCount", .number("0")),
                    ]))
        #expect(try JSONDecoder().decode(InspectionReport.self, from: try report.json()) == report)
    }

    @Test func inspectsTheShippedNotebookInPageOrder() throws {
        let path = Self.golden("notebook/cases/Trip.notebook")
        let report = try InspectionReport.inspect(path: path, codecs: .builtIn)
        #expect(
            report.snapshot
                == .object(
                    typeName: "Formats.Notebook",
                    fields: [
                        .init("title", .string("Trip to Lisbon")),
                        .init(
                            "pages",
                            .array([
                                Self.page("E18ABB36-A7AA-5D41-AE09-4EC5C8757E86", "Day one: arrived.\n"),
                                Self.page("1741B351-8D36-51CE-B44B-B08DEC81E36D", "Day two: tram 28.\n"),
                                Self.page("7DE68407-962A-5E40-AFFA-458F8C8E4A12", "Day three: pastéis de nata.\n"),
                            ])),
                    ]))
        #expect(try InspectionReport.inspect(path: path, codecs: .builtIn).text() == report.text())
    }

    static func page(_ id: String, _ text: String) -> SnapshotTree {
        .object(
            typeName: "Formats.Notebook.Page",
            fields: [
                .init("id", UUID(uuidString: id).map(SnapshotTree.uuid) ?? .null), .init("text", .string(text)),
            ])
    }

    @Test func aDecodingFailureNamesThePathThePlaceAndTheCode() throws {
        let path = Self.golden("text/plain-text/cases/invalid-utf8.txt")
        let error = try #require(throws: CodecError.self) { try InspectionReport.inspect(path: path, codecs: .builtIn) }
        #expect(
            error.description
                == "\(path): byte 12 (0xc): the byte 0xFF here is not UTF-8, the file has no byte-order mark and is not UTF-16, and no fallback encoding was declared: name the encoding with --fallback-encoding (macintosh, windows-1252, iso-8859-1) or --encoding, or \"codecOptions\" in a golden manifest [text.undetectable-encoding]"
        )
        let missing = try #require(throws: InspectionError.self) {
            try InspectionReport.inspect(path: path + ".gone", codecs: .builtIn)
        }
        #expect(missing.code == "inspect.missing")
    }
}
