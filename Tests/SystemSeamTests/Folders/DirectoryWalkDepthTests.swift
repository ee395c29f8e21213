import Foundation
import TestSupport
import Testing

@testable import SystemSeam

@Suite struct DirectoryWalkDepthTests {
    @Test func aTreeDeeperThanTheLimitIsReportedNotFollowed() throws {
        let folder = try TemporaryDirectory("walk-depth")
        try FileTree.makeDeepTree(under: folder.url, levels: DirectoryWalk.maximumDepth + 20)
        let walk = DirectoryWalk(folderAtPath: folder.appending("a").path, descendingInto: { _ in true })
        let deepest = walk.entries.map { $0.path.split(separator: "/").count }.max() ?? 0
        #expect(deepest == DirectoryWalk.maximumDepth + 1)
        #expect(walk.unlistedFolders.count == 1)
        #expect(walk.unlistedFolders.first?.split(separator: "/").count == DirectoryWalk.maximumDepth + 1)
        #expect(!walk.entries.contains { $0.path.hasSuffix("leaf.txt") })
    }

    @Test func fiveThousandLevelsNeitherCrashNorExhaustDescriptors() throws {
        let folder = try TemporaryDirectory("walk-deep")
        try FileTree.makeDeepTree(under: folder.url, levels: 5_000)
        // Other tests run in this process at the same time and hold descriptors of their own, so the
        // measure is relative: a walk that leaked would leave 255 open per walk, 765 in all.
        let before = try FileHandle(forReadingFrom: folder.appending("a"))
        let baseline = before.fileDescriptor
        try before.close()
        for _ in 0..<3 {
            let walk = DirectoryWalk(folderAtPath: folder.appending("a").path, descendingInto: { _ in true })
            #expect(walk.unlistedFolders.count == 1)
        }
        // Every folder the walks opened was closed again: a fresh open gets a descriptor near the first one.
        let probe = try FileHandle(forReadingFrom: folder.appending("a"))
        #expect(probe.fileDescriptor < baseline + 200)
        try probe.close()
    }

    @Test func aShallowTreeIsListedWhole() throws {
        let folder = try TemporaryDirectory("walk-shallow")
        try FileTree.makeDeepTree(under: folder.url, levels: 30)
        let walk = DirectoryWalk(folderAtPath: folder.appending("a").path, descendingInto: { _ in true })
        #expect(walk.unlistedFolders.isEmpty)
        #expect(walk.entries.count == 31)
        #expect(walk.entries.contains { $0.path.hasSuffix("/leaf.txt") && $0.kind == .regular && $0.size == 1 })
    }
}
