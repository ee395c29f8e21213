import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// Run-time options through the type-erased codec and the four adapters.
@Suite struct TextCodecOptionsTests {
    static let macRoman: [UInt8] = [0x43, 0x61, 0x66, 0x8E, 0x0D, 0xD2, 0x71, 0xD3, 0x0D]  // "Café\r“q”\r"

    @Test func aConfiguredCodecDecodesWhatTheDefaultRefuses() throws {
        let registered = AnyDocumentCodec(PlainTextCodec.self)
        #expect(registered.acceptedOptions == ["encoding", "fallback-encoding", "replace-invalid"])
        #expect(throws: CodecError.self) {
            try registered.decode(FileWrapper(regularFileWithContents: Data(Self.macRoman)), contentType: .plainText)
        }
        let configured = try registered.configured(["fallback-encoding": "macintosh"])
        #expect(configured.identifier == "plain-text" && configured.options == ["fallback-encoding": "macintosh"])
        let snapshot = try configured.decode(
            FileWrapper(regularFileWithContents: Data(Self.macRoman)), contentType: .plainText)
        let document = try #require(snapshot.value as? TextDocument)
        #expect(
            document.text == "Café\r“q”\r" && document.encoding == .singleByte(.macOSRoman)
                && document.lineEndingStyle == .cr)
        #expect(
            try configured.encode(snapshot, previous: nil, contentType: .plainText).regularFileContents
                == Data(Self.macRoman))
        // A further configuration sets options over the earlier ones.
        let forced = try configured.configured(["encoding": "iso-8859-1"])
        #expect(forced.options == ["fallback-encoding": "macintosh", "encoding": "iso-8859-1"])
        let latin = try forced.decode(
            FileWrapper(regularFileWithContents: Data(Self.macRoman)), contentType: .plainText)
        #expect((latin.value as? TextDocument)?.text == "Caf\u{8E}\r\u{D2}q\u{D3}\r")
    }

    @Test func aCodecWithoutOptionsIsNamedWhenGivenSome() throws {
        let notebook = AnyDocumentCodec(NotebookCodec.self)
        #expect(try notebook.configured(CodecOptions()).options.isEmpty)
        let error = try #require(throws: CodecError.self) { try notebook.configured(["encoding": "utf-8"]) }
        #expect(
            error.code == "codec.options.unsupported" && error.message.contains("notebook")
                && error.message.contains("encoding=utf-8"))
    }

    @Test func theFourAdaptersUseTheOptionsBoundToTheirTaskAndRefuseWithoutThem() async throws {
        typealias Configured = ConfiguredCodec<PlainTextCodec>
        let folder = try TemporaryDirectory("text-options")
        let url = folder.appending("classic.txt")
        try Data(Self.macRoman).write(to: url)
        let codec = try PlainTextCodec.configured(["fallback-encoding": "macintosh"])
        let expected = TextDocument(text: "Café\r“q”\r", encoding: .singleByte(.macOSRoman), hasByteOrderMark: false)
        let read = try await codec.withOptionsBound { () async throws -> [TextDocument] in
            let file = try CodecFileDocument<Configured>(
                configuration: .init(contentType: .plainText, file: FileWrapper(url: url)))
            let reference = try CodecReferenceDocument<Configured>(
                configuration: .init(contentType: .plainText, file: FileWrapper(url: url)))
            let wrapper = try await CodecWrapperDocument<Configured>().reader(
                configuration: DocumentReadConfiguration(contentType: .plainText)
            )
            .read(from: url, progress: Self.progress())
            let reader = try await CodecURLDocument<Configured>().reader(
                configuration: DocumentReadConfiguration(contentType: .plainText)
            )
            .read(from: url, progress: Self.progress())
            let written = try file.fileWrapper(configuration: .init(contentType: .plainText, existingFile: nil))
                .regularFileContents
            #expect(written == Data(Self.macRoman))
            return [file.content, try reference.snapshot(contentType: .plainText), wrapper, reader]
        }
        #expect(read == Array(repeating: expected, count: 4))
        // Made outside the binding, the adapter refuses rather than reading with the defaults.
        let error = try #require(throws: CodecError.self) {
            try CodecFileDocument<Configured>(
                configuration: .init(contentType: .plainText, file: FileWrapper(url: url)))
        }
        #expect(error.code == "codec.options.unbound")
    }

    static func progress() -> Subprogress {
        ProgressManager(totalCount: 1).subprogress(assigningCount: 1)
    }
}
