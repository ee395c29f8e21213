import Formats
import Foundation
import TestSupport
import Testing
import Verification

@Suite struct OrphanScanTests {
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func filesAndFoldersNoCaseNamesAreOrphansAndCanBeDeleted() throws {
        let directory = try TemporaryDirectory("orphans")
        let corpusFolder = try WorkflowCorpus.copy("notebook", in: directory)
        let corpus = try GoldenCorpus.load(from: corpusFolder, codecs: .builtIn, routes: RouteRegistry())
        #expect(try OrphanScan.orphans(in: corpus) == [])
        try Self.write("old", to: corpusFolder.appendingPathComponent("cases/Old.notebook/metadata.json"))
        try Self.write("gone", to: corpusFolder.appendingPathComponent("expected/Gone.txt"))
        try Self.write("stray", to: corpusFolder.appendingPathComponent("attic/notes/a.txt"))
        // Never orphans: the pending area, dotfiles, READMEs, the manifest, members of a named package.
        try Self.write("pending", to: corpusFolder.appendingPathComponent(".pending/cases/x.txt"))
        try Self.write("", to: corpusFolder.appendingPathComponent("cases/.DS_Store"))
        try Self.write("read me", to: corpusFolder.appendingPathComponent("README.md"))
        try Self.write("extra", to: corpusFolder.appendingPathComponent("cases/Trip.notebook/extra.txt"))
        #expect(try OrphanScan.orphans(in: corpus) == ["attic", "cases/Old.notebook", "expected/Gone.txt"])
        #expect(try OrphanScan.deleteOrphans(in: corpus) == ["attic", "cases/Old.notebook", "expected/Gone.txt"])
        #expect(!FileManager.default.fileExists(atPath: corpusFolder.appendingPathComponent("attic").path))
        #expect(!FileManager.default.fileExists(atPath: corpusFolder.appendingPathComponent("expected/Gone.txt").path))
        #expect(FileManager.default.fileExists(atPath: corpusFolder.appendingPathComponent("expected/Trip.txt").path))
        #expect(
            FileManager.default.fileExists(atPath: corpusFolder.appendingPathComponent(".pending/cases/x.txt").path))
        #expect(try OrphanScan.orphans(in: corpus) == [])
    }
}
