import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct NotebookAnonymizationTests {
    let codec = NotebookCodec()
    let type = NotebookCodec.contentType

    /// Anonymizes a shipped notebook case into a temporary folder; returns the original and the written case.
    func anonymize(_ name: String, into folder: TemporaryDirectory) throws -> (original: URL, output: URL) {
        let original = AnonymizedCase.repository.appendingPathComponent("GoldenFiles/notebook/cases")
            .appendingPathComponent(name)
        var anonymizer = Anonymizer(seed: "golden")
        let wrapper = try codec.anonymize(
            FileWrapper(url: original, options: .immediate), contentType: type, with: &anonymizer)
        let output = folder.appending(name)
        try wrapper.write(to: output, options: .atomic, originalContentsURL: nil)
        return (original, output)
    }

    @Test(arguments: ["Trip.notebook", "Compact.notebook"])
    func aShippedNotebookBecomesACaseOfTheSameShapeWithoutItsWords(name: String) throws {
        let folder = try TemporaryDirectory("anonymize-notebook")
        let (originalURL, outputURL) = try anonymize(name, into: folder)
        let originalMembers = try AnonymizedCase.members(of: originalURL)
        let outputMembers = try AnonymizedCase.members(of: outputURL)
        // Same members (page files keep their UUID names), each of the same size.
        #expect(Set(outputMembers.keys) == Set(originalMembers.keys))
        for (member, data) in originalMembers {
            #expect(outputMembers[member]?.count == data.count, "\(name)/\(member)")
        }
        // The metadata keeps its formatting: only title characters changed, so every other byte is equal.
        let originalMetadata = try #require(originalMembers["metadata.json"])
        let outputMetadata = try #require(outputMembers["metadata.json"])
        let changed = zip(originalMetadata, outputMetadata).filter { $0 != $1 }.count
        let original = try codec.decode(FileWrapper(url: originalURL, options: .immediate), contentType: type)
        #expect(changed > 0 && changed <= original.title.utf8.count)

        let outputWrapper = try FileWrapper(url: outputURL, options: .immediate)
        let anonymized = try codec.decode(outputWrapper, contentType: type)
        #expect(anonymized.pages.map(\.id) == original.pages.map(\.id))
        #expect(anonymized.title != original.title)
        // Round-trips: saving the decoded case over itself writes the same bytes.
        let resaved = try codec.encode(anonymized, previous: outputWrapper, contentType: type)
        let resavedURL = folder.appending("resaved-" + name)
        try resaved.write(to: resavedURL, options: .atomic, originalContentsURL: nil)
        #expect(try AnonymizedCase.members(of: resavedURL) == outputMembers)

        let words = AnonymizedCase.words(of: ([original.title] + original.pages.map(\.text)).joined(separator: "\n"))
        #expect(!words.isEmpty)
        for word in words {
            for (member, data) in outputMembers {
                // The metadata's keys are the format's structure, not what the user wrote ("page" is in "pageIDs").
                let text =
                    member == "metadata.json"
                    ? Data(
                        String(decoding: data, as: UTF8.self).replacingOccurrences(of: #""pageIDs""#, with: "")
                            .replacingOccurrences(of: #""title""#, with: "").utf8) : data
                #expect(!AnonymizedCase.contains(text, word), "\(name)/\(member) still holds '\(word)'")
            }
        }
    }

    @Test func theOriginalIsNotTouched() throws {
        let folder = try TemporaryDirectory("anonymize-notebook")
        let original = AnonymizedCase.repository.appendingPathComponent("GoldenFiles/notebook/cases/Trip.notebook")
        let before = try AnonymizedCase.members(of: original)
        _ = try anonymize("Trip.notebook", into: folder)
        #expect(try AnonymizedCase.members(of: original) == before)
    }

    @Test func aTitleSpelledWithEscapesFallsBackToTheCodecsOwnMetadata() throws {
        let package = FileWrapper(directoryWithFileWrappers: [
            "metadata.json": FileWrapper(
                regularFileWithContents: Data(#"{"pageIDs":[],"title":"caf\u00e9 secrets"}"#.utf8))
        ])
        var anonymizer = Anonymizer()
        let result = try codec.anonymize(package, contentType: type, with: &anonymizer)
        let metadata = try #require(result.fileWrappers?["metadata.json"]?.regularFileContents)
        let decoded = try codec.decode(result, contentType: type)
        #expect(decoded.title.count == "café secrets".count)
        #expect(!decoded.title.contains("secrets"))
        #expect(String(decoding: metadata, as: UTF8.self).hasPrefix("{\n"))
    }
}
