import SystemSeam
import TestSupport
import Testing

@testable import DocumentModels

/// How the host flushes a new item where the kernel cannot flush the whole file system at once.
@Suite struct ItemReplacementTests {
    @Test func theFallbackFlushReachesEveryFileAndFolderOfAPackageEachFolderLast() throws {
        let folder = try TemporaryDirectory("flush-tree")
        let package = folder.appending("Doc.pkg")
        let fileManager = FileManager.default
        try fileManager.createDirectory(
            at: package.appendingPathComponent("sub/deeper"), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: package.appendingPathComponent("a.txt"))
        try Data("b".utf8).write(to: package.appendingPathComponent("sub/b.txt"))
        // A link inside the package is neither followed nor flushed: what it leads to is not part of the save.
        let outside = folder.appending("outside")
        try fileManager.createDirectory(at: outside, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: outside.appendingPathComponent("x.txt"))
        try fileManager.createSymbolicLink(at: package.appendingPathComponent("link"), withDestinationURL: outside)

        let parent = try FileDescriptor.openDirectory(atPath: folder.url.path)
        var flushed: [String] = []
        try ItemReplacement.synchronizeTree(named: "Doc.pkg", in: parent) { flushed.append($0.path) }

        let root = parent.path + "/Doc.pkg"
        #expect(flushed.count == 5)
        #expect(Set(flushed) == [root + "/a.txt", root + "/sub/b.txt", root + "/sub/deeper", root + "/sub", root])
        for (index, path) in flushed.enumerated() {
            #expect(
                !flushed[(index + 1)...].contains { $0.hasPrefix(path + "/") },
                "\(path) was flushed before what it holds")
        }
    }

    @Test func theFallbackFlushOfAFileFlushesThatFile() throws {
        let folder = try TemporaryDirectory("flush-tree")
        try Data("text".utf8).write(to: folder.appending("note.txt"))
        let parent = try FileDescriptor.openDirectory(atPath: folder.url.path)
        var flushed: [String] = []
        try ItemReplacement.synchronizeTree(named: "note.txt", in: parent) { flushed.append($0.path) }
        #expect(flushed == [parent.path + "/note.txt"])
    }
}
