import DocumentCodecs
import Formats
import Foundation
import Testing

/// Checks the XML and OpenStep golden corpora against the readers and writer directly, so the
/// goldens are known good before the property-list codec runs them through every route.
@Suite struct TextPropertyListGoldenCorpusTests {
    struct Manifest: Decodable {
        struct Case: Decodable {
            struct Expectation: Decodable {
                struct Conversion: Decodable {
                    var codec: String
                    var golden: String
                }
                var rejected: String?
                var converts: Conversion?
            }
            var input: String
            var expect: Expectation?
        }
        var cases: [Case]
    }

    static let corpora = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("GoldenFiles/plist")

    static func manifest(_ name: String) throws -> (URL, Manifest) {
        let folder = corpora.appendingPathComponent(name)
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return (folder, try JSONDecoder().decode(Manifest.self, from: data))
    }

    static func code(_ read: () throws -> Void) -> String? {
        do {
            try read()
            return nil
        } catch {
            return (error as? CodecError)?.code ?? "\(error)"
        }
    }

    @Test func xmlCasesRoundTripByteForByteOrAreRejectedWithTheirCode() throws {
        let (folder, manifest) = try Self.manifest("xml")
        #expect(manifest.cases.count == 16)
        for goldenCase in manifest.cases {
            let input = try Data(contentsOf: folder.appendingPathComponent(goldenCase.input))
            if let code = goldenCase.expect?.rejected {
                #expect(Self.code { _ = try XMLPropertyList.read(input) } == code, "\(goldenCase.input)")
            } else {
                let document = try XMLPropertyList.readDocument(input)
                #expect(document.style == .coreFoundation, "\(goldenCase.input)")
                #expect(try XMLPropertyList.write(document.value) == input, "\(goldenCase.input)")
            }
        }
    }

    @Test func openStepCasesConvertToTheirXMLGoldenOrAreRejectedWithTheirCode() throws {
        let (folder, manifest) = try Self.manifest("openstep")
        #expect(manifest.cases.count == 14)
        for goldenCase in manifest.cases {
            let input = try Data(contentsOf: folder.appendingPathComponent(goldenCase.input))
            if let code = goldenCase.expect?.rejected {
                #expect(Self.code { _ = try OpenStepPropertyList.read(input) } == code, "\(goldenCase.input)")
            } else {
                let conversion = try #require(goldenCase.expect?.converts)
                let expected = try Data(contentsOf: folder.appendingPathComponent(conversion.golden))
                #expect(try XMLPropertyList.write(OpenStepPropertyList.read(input)) == expected, "\(goldenCase.input)")
            }
        }
    }
}
