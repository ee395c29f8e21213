import Foundation
import SystemSeam
import TestSupport
import Testing

/// The folder walk and the in-step file comparison the folder diff is built on.
@Suite struct DirectoryWalkTests {
    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func makeFIFO(at url: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        process.arguments = [url.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    private func sorted(_ walk: DirectoryWalk) -> [DirectoryWalk.Entry] {
        walk.entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    @Test func listsNestedNamesWithKindsAndSizesWithoutFollowingLinks() throws {
        let temporary = try TemporaryDirectory("walk")
        let root = temporary.appending("root")
        try write("twelve bytes", to: root.appendingPathComponent("a name with spaces.txt"))
        try write("é", to: root.appendingPathComponent("Übersicht/naïve café.md"))
        try write("", to: root.appendingPathComponent("Übersicht/deeper/still/empty.bin"))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("empty folder"), withIntermediateDirectories: true)
        // Outside the walked folder: a link to it must be listed as a link, never entered.
        try write("outside", to: temporary.appending("outside/secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("to outside").path,
            withDestinationPath: temporary.appending("outside").path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("dangling").path, withDestinationPath: "no/such/file")
        try makeFIFO(at: root.appendingPathComponent("pipe"))

        let walk = DirectoryWalk(folderAtPath: root.path, descendingInto: { _ in true })
        #expect(walk.unlistedFolders.isEmpty)
        #expect(
            sorted(walk) == [
                .init(path: "a name with spaces.txt", kind: .regular, size: 12),
                .init(path: "dangling", kind: .symbolicLink, linkDestination: "no/such/file"),
                .init(path: "empty folder", kind: .directory),
                .init(path: "pipe", kind: .other),
                .init(path: "to outside", kind: .symbolicLink, linkDestination: temporary.appending("outside").path),
                .init(path: "Übersicht", kind: .directory),
                .init(path: "Übersicht/deeper", kind: .directory),
                .init(path: "Übersicht/deeper/still", kind: .directory),
                .init(path: "Übersicht/deeper/still/empty.bin", kind: .regular, size: 0),
                .init(path: "Übersicht/naïve café.md", kind: .regular, size: 2),
            ])
    }

    @Test func listsAFolderTheCallerDoesNotDescendIntoButNotItsMembers() throws {
        let temporary = try TemporaryDirectory("walk-leaf")
        try write("x", to: temporary.appending("whole.pkg/inner/member"))
        try write("y", to: temporary.appending("open/member"))
        var asked: [String] = []
        let walk = DirectoryWalk(
            folderAtPath: temporary.url.path,
            descendingInto: { path in
                asked.append(path)
                return !path.hasSuffix(".pkg")
            })
        #expect(asked.sorted() == ["open", "whole.pkg"])
        #expect(sorted(walk).map(\.path) == ["open", "open/member", "whole.pkg"])
    }

    @Test func recordsARootThatCannotBeListed() throws {
        let temporary = try TemporaryDirectory("walk-missing")
        try write("a file, not a folder", to: temporary.appending("file"))
        for root in [temporary.appending("missing").path, temporary.appending("file").path] {
            let walk = DirectoryWalk(folderAtPath: root, descendingInto: { _ in true })
            #expect(walk.entries.isEmpty)
            #expect(walk.unlistedFolders == [""])
        }
    }

    @Test func comparesContentsInStepAcrossChunks() throws {
        let temporary = try TemporaryDirectory("contents")
        let chunk = DirectoryWalk.ContentsComparer.chunkByteCount
        var generator = SystemRandomNumberGenerator()
        let large = Data((0..<(chunk * 2 + 123)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        var lastByteChanged = large
        lastByteChanged[lastByteChanged.count - 1] ^= 0xFF
        var firstByteChanged = large
        firstByteChanged[0] ^= 0x01
        let files: [String: Data] = [
            "large": large, "large copy": large, "last byte changed": lastByteChanged,
            "first byte changed": firstByteChanged,
            "prefix": large.prefix(chunk), "empty": Data(), "empty too": Data(), "abc": Data("abc".utf8),
            "abd": Data("abd".utf8),
        ]
        for (name, data) in files { try data.write(to: temporary.appending(name)) }
        let comparer = DirectoryWalk.ContentsComparer()
        func equal(_ left: String, _ right: String) throws -> Bool {
            try comparer.contentsAreEqual(
                atPath: temporary.appending(left).path, andPath: temporary.appending(right).path)
        }
        #expect(try equal("large", "large copy"))
        #expect(try !equal("large", "last byte changed"))
        #expect(try !equal("large", "first byte changed"))
        #expect(try !equal("large", "prefix"))
        #expect(try !equal("prefix", "large"))
        #expect(try equal("empty", "empty too"))
        #expect(try !equal("empty", "abc"))
        #expect(try !equal("abc", "abd"))
        #expect(try equal("abc", "abc"))
    }

    @Test func refusesALinkAndAMissingFileInsteadOfComparingThem() throws {
        let temporary = try TemporaryDirectory("contents-refused")
        try Data("same".utf8).write(to: temporary.appending("file"))
        try FileManager.default.createSymbolicLink(
            atPath: temporary.appending("link").path, withDestinationPath: "file")
        let comparer = DirectoryWalk.ContentsComparer()
        let linkError = try #require(throws: FileSystemError.self) {
            try comparer.contentsAreEqual(
                atPath: temporary.appending("file").path, andPath: temporary.appending("link").path)
        }
        #expect(linkError.path == temporary.appending("link").path)
        let missingError = try #require(throws: FileSystemError.self) {
            try comparer.contentsAreEqual(
                atPath: temporary.appending("missing").path, andPath: temporary.appending("file").path)
        }
        #expect(missingError.path == temporary.appending("missing").path)
    }

    @Test func resolvesRelativePathsFromTheTwoFoldersItWasGiven() throws {
        let temporary = try TemporaryDirectory("contents-folders")
        try write("same bytes", to: temporary.appending("left/sub dir/ä.txt"))
        try write("same bytes", to: temporary.appending("right/sub dir/ä.txt"))
        try write("other", to: temporary.appending("left/other"))
        try write("OTHER", to: temporary.appending("right/other"))
        let comparer = try DirectoryWalk.ContentsComparer(
            leftFolder: temporary.appending("left").path, rightFolder: temporary.appending("right").path)
        #expect(try comparer.contentsAreEqual(atPath: "sub dir/ä.txt", andPath: "sub dir/ä.txt"))
        #expect(try !comparer.contentsAreEqual(atPath: "other", andPath: "other"))
        #expect(try !comparer.contentsAreEqual(atPath: "sub dir/ä.txt", andPath: "other"))
        let missing = try #require(throws: FileSystemError.self) {
            try comparer.contentsAreEqual(atPath: "other", andPath: "missing")
        }
        #expect(missing.path == temporary.appending("right").path + "/missing")
        #expect(throws: FileSystemError.self) {
            try DirectoryWalk.ContentsComparer(
                leftFolder: temporary.appending("left").path, rightFolder: temporary.appending("nowhere").path)
        }
    }
}
