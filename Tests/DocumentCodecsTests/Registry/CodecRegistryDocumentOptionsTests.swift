import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// Options for the codec of one document, as `inspect` configures it.
@Suite struct CodecRegistryDocumentOptionsTests {
    @Test func configuresOnlyTheCodecThatReadsTheDocument() throws {
        let folder = try TemporaryDirectory("registry-document-options")
        let path = folder.appending("classic.txt").path
        try Data("Caf\u{8E}\r".utf8).write(to: URL(fileURLWithPath: path))
        let configured = try CodecRegistry.builtIn.configured(["fallback-encoding": "macintosh"], forDocumentAt: path)
        #expect(configured.codec(identifier: "plain-text")?.options == ["fallback-encoding": "macintosh"])
        #expect(configured.codec(identifier: "notebook")?.options.isEmpty == true)
    }

    @Test func aCodecWithoutOptionsIsAnErrorNamingTheDocument() throws {
        let folder = try TemporaryDirectory("registry-document-options")
        let path = folder.appending("lab.notebook").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: CodecError.self) {
            try CodecRegistry.builtIn.configured(["encoding": "utf-8"], forDocumentAt: path)
        }
        #expect(error.code == "codec.options.unsupported")
        #expect(error.file == path)
    }

    @Test func givenTypeChoosesTheCodecOverTheExtension() throws {
        let folder = try TemporaryDirectory("registry-document-options")
        let path = folder.appending("lab.notebook").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        let configured = try CodecRegistry.builtIn.configured(
            ["encoding": "utf-8"], forDocumentAt: path, givenType: UTType.plainText.identifier)
        #expect(configured.codec(identifier: "plain-text")?.options == ["encoding": "utf-8"])
    }
}
