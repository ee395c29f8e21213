import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct CodecRegistryTests {
    let registry = CodecRegistry.builtIn

    @Test func findsCodecsByTypeConformanceAndIdentifier() throws {
        #expect(registry.codec(reading: .utf8PlainText)?.identifier == "plain-text")
        #expect(registry.codec(reading: NotebookCodec.contentType)?.identifier == "notebook")
        // Source code conforms to plain text, so the plain-text codec reads it.
        #expect(registry.codec(reading: .sourceCode)?.identifier == "plain-text")
        #expect(registry.codec(reading: .png) == nil)
        #expect(registry.codec(identifier: "notebook")?.readableContentTypes == [NotebookCodec.contentType])
        #expect(registry.codec(identifier: "nothing") == nil)
    }

    @Test func aLaterCodecWithTheSameIdentifierReplacesTheFirst() {
        struct Shouting: DocumentCodec {
            static let identifier = "plain-text"
            static var readableContentTypes: [UTType] { [.plainText] }
            func decode(_ file: FileWrapper, contentType: UTType) throws -> String { "" }
            func encode(_ snapshot: String, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
                FileWrapper(regularFileWithContents: Data())
            }
        }
        let builtIn = CodecRegistry.builtIn.codecs.map(\.identifier)
        var registry = CodecRegistry.builtIn
        registry.register(Shouting.self)
        // The replacement takes the built-in codec's place at the end; every other codec stays, in order.
        #expect(registry.codecs.map(\.identifier) == builtIn.filter { $0 != "plain-text" } + ["plain-text"])
        #expect(registry.codec(identifier: "plain-text")?.readableContentTypes == [.plainText])
        #expect(registry.codec(reading: .plainText)?.readableContentTypes == [.plainText])
    }

    @Test func erasedCodecsRoundTripAndExplainDifferences() throws {
        let codec = try #require(registry.codec(identifier: "plain-text"))
        let snapshot = try codec.decode(
            FileWrapper(regularFileWithContents: Data("a\nb".utf8)), contentType: .utf8PlainText)
        #expect(
            try codec.encode(snapshot, previous: nil, contentType: .utf8PlainText).regularFileContents
                == Data("a\nb".utf8))
        let other = AnySnapshot(TextDocument(text: "a\nc"), codecIdentifier: "plain-text")
        #expect(try codec.differences(expected: snapshot, actual: other).map(\.path) == ["text line 2, column 1"])
    }

    @Test func aSnapshotOfAnotherCodecIsRefused() throws {
        let codec = try #require(registry.codec(identifier: "plain-text"))
        let notebook = AnySnapshot(Notebook(title: "x"), codecIdentifier: "notebook")
        let error = try #require(throws: CodecError.self) {
            try codec.encode(notebook, previous: nil, contentType: .plainText)
        }
        #expect(error.code == "registry.snapshot-mismatch")
    }
}
