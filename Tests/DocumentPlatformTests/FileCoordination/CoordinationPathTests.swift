import Foundation
import TestSupport
import Testing

@testable import DocumentPlatform

/// Canonical paths through `realpath`, checked against Foundation's standardising and link resolution.
@Suite struct CoordinationPathTests {
    /// What the canonical path was when it was worked out through `URL`: standardise, then resolve the
    /// longest existing prefix of the parent (links followed, a dangling link counted as missing).
    static func throughFoundation(_ url: URL) -> String {
        var components = url.standardizedFileURL.path.split(separator: "/").map(String.init)
        guard let last = components.popLast() else { return "/" }
        var existingCount = components.count
        while existingCount > 0 {
            let candidate = "/" + components[..<existingCount].joined(separator: "/")
            if FileManager.default.fileExists(atPath: candidate) {
                let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
                let rest = components[existingCount...] + [last]
                return (resolved == "/" ? "" : resolved) + "/" + rest.joined(separator: "/")
            }
            existingCount -= 1
        }
        return "/" + (components + [last]).joined(separator: "/")
    }

    @Test func canonicalPathsAgreeWithFoundationsResolution() throws {
        let folder = try TemporaryDirectory("coordination-paths")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder.appending("real/inner"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appending("real/inner/file.txt"))
        try fileManager.createSymbolicLink(
            atPath: folder.appending("absolute").path, withDestinationPath: folder.appending("real").path)
        try fileManager.createSymbolicLink(atPath: folder.appending("relative").path, withDestinationPath: "real/inner")
        try fileManager.createSymbolicLink(atPath: folder.appending("chain").path, withDestinationPath: "relative")
        try fileManager.createSymbolicLink(
            atPath: folder.appending("dangling").path, withDestinationPath: "nowhere/at/all")
        let root = folder.url.path
        let paths = [
            "real/inner/file.txt", "absolute/inner/file.txt", "relative/file.txt", "chain/file.txt",
            "chain/missing/deeper.txt",
            "dangling/member", "absolute/./inner/../inner/file.txt", "real/inner/../../absolute/inner",
            "missing/new.docpkg/member",
            "absolute", "chain",
        ]
        for relative in paths {
            let url = URL(fileURLWithPath: root + "/" + relative)
            #expect(CoordinationPath.canonical(url) == Self.throughFoundation(url), "\(relative)")
        }
        // The links themselves resolve when asked to.
        let chain = URL(fileURLWithPath: root + "/chain")
        #expect(
            CoordinationPath.canonical(chain, resolvingLastLink: true)
                == folder.appending("real/inner").resolvingSymlinksInPath().path)
        #expect(
            CoordinationPath.canonical(URL(fileURLWithPath: root + "/dangling"), resolvingLastLink: true)
                == Self.throughFoundation(URL(fileURLWithPath: root + "/dangling")))
    }

    @Test func dotDotAtTheRootStaysAtTheRoot() {
        #expect(CoordinationPath.lexicallyStandardized("/../a/./b//c/..") == ["a", "b"])
        #expect(CoordinationPath.lexicallyStandardized("/") == [])
        #expect(CoordinationPath.canonical(URL(fileURLWithPath: "/..")) == "/")
        #expect(
            CoordinationPath.canonical(URL(fileURLWithPath: "/../nonexistent-top-level-item"))
                == "/nonexistent-top-level-item")
    }
}
