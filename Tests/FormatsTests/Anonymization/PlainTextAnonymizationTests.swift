import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct PlainTextAnonymizationTests {
    /// The shipped plain-text cases that the manifest expects to round-trip (not the rejected ones).
    static func validCases() throws -> [String] {
        let manifest = AnonymizedCase.repository.appendingPathComponent("GoldenFiles/text/plain-text/manifest.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any]
        let cases = try #require(object?["cases"] as? [[String: Any]])
        return cases.filter { $0["expect"] == nil }.compactMap { $0["input"] as? String }
    }

    @Test func theShippedCasesBecomeCasesThatRoundTripWithoutTheirWords() throws {
        let codec = PlainTextCodec()
        let inputs = try Self.validCases()
        #expect(inputs.count >= 8)
        for input in inputs {
            let url = AnonymizedCase.repository.appendingPathComponent("GoldenFiles/text/plain-text")
                .appendingPathComponent(input)
            let original = try Data(contentsOf: url)
            var anonymizer = Anonymizer(seed: "golden")
            let wrapper = try codec.anonymize(
                FileWrapper(url: url, options: .immediate), contentType: .utf8PlainText, with: &anonymizer)
            let output = try #require(wrapper.regularFileContents)
            #expect(output.count == original.count, "\(input)")
            // Decodes with its codec and encodes back to the same bytes.
            let decoded = try codec.decode(wrapper, contentType: .utf8PlainText)
            #expect(
                try codec.encode(decoded, previous: nil, contentType: .utf8PlainText).regularFileContents == output,
                "\(input)")
            // Line endings and the byte-order mark sit at the same offsets.
            let structural: Set<UInt8> = [0x0A, 0x0D, 0xEF, 0xBB, 0xBF, 0x20]
            for (offset, byte) in original.enumerated() where structural.contains(byte) && byte < 0x80 {
                #expect(output[output.startIndex + offset] == byte, "\(input) byte \(offset)")
            }
            #expect(original.starts(with: [0xEF, 0xBB, 0xBF]) == output.starts(with: [0xEF, 0xBB, 0xBF]))
            for word in AnonymizedCase.words(of: String(decoding: original, as: UTF8.self)) {
                #expect(!AnonymizedCase.contains(output, word), "\(input) still holds '\(word)'")
            }
            if !AnonymizedCase.words(of: String(decoding: original, as: UTF8.self)).isEmpty {
                #expect(output != original)
            }
        }
    }

    @Test func theErasedCodecAnonymizesAndNamesTheFileOfABadInput() throws {
        let codec = AnyDocumentCodec(PlainTextCodec.self)
        #expect(codec.supportsAnonymization)
        var anonymizer = Anonymizer()
        let bad = FileWrapper(regularFileWithContents: Data([0x61, 0x62, 0xFF]))
        bad.preferredFilename = "bad.txt"
        #expect {
            try codec.anonymize(bad, contentType: .utf8PlainText, with: &anonymizer)
        } throws: { error in
            let error = error as? CodecError
            return error?.code == "text.undetectable-encoding" && error?.file == "bad.txt"
                && error?.location == .byte(2)
        }
        let good = try codec.anonymize(
            FileWrapper(regularFileWithContents: Data("secret words".utf8)), contentType: .utf8PlainText,
            with: &anonymizer)
        let text = String(decoding: try #require(good.regularFileContents), as: UTF8.self)
        #expect(text.utf8.count == 12 && text.contains(" ") && !text.contains("secret") && !text.contains("words"))
    }
}
