import DocumentCodecs
import Formats
import Foundation
import Testing

/// A codec that does not offer anonymization: its documents are one line of text.
private struct LineCodec: DocumentCodec {
    static let identifier = "line"
    static var readableContentTypes: [UTType] { [.plainText] }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> String {
        String(decoding: file.regularFileContents ?? Data(), as: UTF8.self)
    }

    func encode(_ snapshot: String, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(snapshot.utf8))
    }
}

@Suite struct AnyDocumentCodecAnonymizationTests {
    @Test func tellsWhetherTheErasedCodecHasTheCapability() {
        #expect(AnyDocumentCodec(PlainTextCodec.self).supportsAnonymization)
        #expect(AnyDocumentCodec(NotebookCodec.self).supportsAnonymization)
        #expect(!AnyDocumentCodec(LineCodec.self).supportsAnonymization)
    }

    @Test func aCodecWithoutTheCapabilityThrowsNamingItself() {
        var anonymizer = Anonymizer()
        let file = FileWrapper(regularFileWithContents: Data("private".utf8))
        file.preferredFilename = "note.txt"
        #expect {
            try AnyDocumentCodec(LineCodec.self).anonymize(file, contentType: .plainText, with: &anonymizer)
        } throws: { error in
            let error = error as? CodecError
            return error?.code == "anonymize.unsupported" && error?.file == "note.txt"
                && error?.message == "the line codec cannot anonymize documents"
        }
    }

    @Test func theErasedCodecGivesTheSameCaseAsTheCodecItself() throws {
        let file = FileWrapper(regularFileWithContents: Data("Private words, twice: Private.\n".utf8))
        var direct = Anonymizer(seed: "x")
        var erased = Anonymizer(seed: "x")
        let expected = try PlainTextCodec().anonymize(file, contentType: .utf8PlainText, with: &direct)
            .regularFileContents
        let actual = try AnyDocumentCodec(PlainTextCodec.self).anonymize(
            file, contentType: .utf8PlainText, with: &erased
        ).regularFileContents
        #expect(actual == expected)
        #expect(actual != file.regularFileContents)
    }
}
