import Comparison
import Foundation
import TestSupport
import Testing

@Suite struct DocumentComparisonTests {
    @Test func aMissingSideIsAnErrorNamingItsPath() throws {
        let folder = try TemporaryDirectory("document-comparison")
        let expected = folder.appending("expected.txt")
        try Data("one\n".utf8).write(to: expected)
        let missing = folder.appending("missing.txt").path
        let error = try #require(throws: ComparisonError.self) {
            try DocumentComparison(codecs: CodecRegistry()).compare(expectedPath: expected.path, actualPath: missing)
        }
        #expect(error.code == "comparison.missing")
        #expect(error.file == missing)
    }

    @Test func comparesTheFilesAtTwoPaths() throws {
        let folder = try TemporaryDirectory("document-comparison")
        let expected = folder.appending("expected.bin"), same = folder.appending("same.bin")
        let changed = folder.appending("changed.bin")
        try Data([1, 2, 3]).write(to: expected)
        try Data([1, 2, 3]).write(to: same)
        try Data([1, 2, 4]).write(to: changed)
        let comparison = DocumentComparison(codecs: CodecRegistry())
        #expect(try comparison.compare(expectedPath: expected.path, actualPath: same.path) == nil)
        #expect(try comparison.compare(expectedPath: expected.path, actualPath: changed.path) != nil)
    }
}
