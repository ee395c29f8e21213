import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct DocumentAnonymizationTests {
    static let secret = "Dear Irene, the photograph is in the safe.\n"

    func writeSecret(in folder: TemporaryDirectory) throws -> String {
        let url = folder.appending("letter.txt")
        try Data(Self.secret.utf8).write(to: url)
        return url.path
    }

    @Test func writesFillerOfTheSameSizeAndNamesTheCodec() throws {
        let folder = try TemporaryDirectory("document-anonymization")
        let input = try writeSecret(in: folder)
        let output = folder.appending("case.txt").path
        let codec = try DocumentAnonymization(codecs: .builtIn).anonymize(input, to: output)
        #expect(codec == "plain-text")
        let written = try String(decoding: Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
        #expect(written.utf8.count == Self.secret.utf8.count)
        #expect(!written.contains("Irene") && !written.contains("photograph"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == Data(Self.secret.utf8))
    }

    @Test func refusesToWriteOverTheDocumentItself() throws {
        let folder = try TemporaryDirectory("document-anonymization")
        let input = try writeSecret(in: folder)
        let error = try #require(throws: AnonymizationError.self) {
            try DocumentAnonymization(codecs: .builtIn, replacesExistingOutput: true).anonymize(input, to: input)
        }
        #expect(error.code == "anonymize.output-is-input")
        #expect(
            error.description == "\(input): the output is the document itself, which is never modified"
                + " [anonymize.output-is-input]")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == Data(Self.secret.utf8))
    }

    @Test func replacesAnExistingOutputOnlyWhenAsked() throws {
        let folder = try TemporaryDirectory("document-anonymization")
        let input = try writeSecret(in: folder)
        let output = folder.appending("case.txt")
        try Data("kept".utf8).write(to: output)
        let error = try #require(throws: AnonymizationError.self) {
            try DocumentAnonymization(codecs: .builtIn).anonymize(input, to: output.path)
        }
        #expect(error.code == "anonymize.output-exists")
        #expect(try Data(contentsOf: output) == Data("kept".utf8))
        try DocumentAnonymization(codecs: .builtIn, replacesExistingOutput: true).anonymize(input, to: output.path)
        #expect(try Data(contentsOf: output).count == Self.secret.utf8.count)
    }

    @Test func refusesADocumentNoCodecReads() throws {
        let folder = try TemporaryDirectory("document-anonymization")
        let input = try writeSecret(in: folder)
        let error = try #require(throws: AnonymizationError.self) {
            try DocumentAnonymization(codecs: CodecRegistry()).anonymize(input, to: folder.appending("case.txt").path)
        }
        #expect(error.code == "anonymize.no-codec")
        #expect(error.file == input)
    }
}
