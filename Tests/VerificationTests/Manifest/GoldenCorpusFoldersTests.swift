import Foundation
import TestSupport
import Testing
import Verification

@Suite struct GoldenCorpusFoldersTests {
    private func makeManifest(in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("manifest.json"))
    }

    @Test func findsCorporaAtAnyDepthWithoutSearchingInsideOne() throws {
        let root = try TemporaryDirectory()
        try makeManifest(in: root.appending("plist/xml"))
        try makeManifest(in: root.appending("plist/binary"))
        try makeManifest(in: root.appending("csv"))
        try makeManifest(in: root.appending("csv/cases/nested"))
        try FileManager.default.createDirectory(at: root.appending("empty/deeper"), withIntermediateDirectories: true)
        let found = try GoldenCorpus.folders(at: root.url).map { String($0.path.dropFirst(root.url.path.count)) }
        #expect(found == ["/csv", "/plist/binary", "/plist/xml"])
    }

    @Test func doesNotFollowLinksToFolders() throws {
        let root = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        try makeManifest(in: outside.appending("corpus"))
        try makeManifest(in: root.appending("own"))
        try FileManager.default.createSymbolicLink(
            at: root.appending("link"), withDestinationURL: outside.appending("corpus"))
        let found = try GoldenCorpus.folders(at: root.url).map(\.lastPathComponent)
        #expect(found == ["own"])
    }

    @Test func aFolderWithNoCorpusAnywhereIsAnError() throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: root.appending("a/b"), withIntermediateDirectories: true)
        #expect(throws: VerificationError.self) { try GoldenCorpus.folders(at: root.url) }
    }
}
