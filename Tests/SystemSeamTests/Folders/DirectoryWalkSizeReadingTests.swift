import Foundation
import SystemSeam
import TestSupport
import Testing

/// A walk that skips regular files' sizes, and the in-step comparison of files whose sizes are not known.
@Suite struct DirectoryWalkSizeReadingTests {
    private func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func sorted(_ walk: DirectoryWalk) -> [DirectoryWalk.Entry] {
        walk.entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    @Test func skippingSizesListsTheSameItemsWithUnknownFileSizes() throws {
        let temporary = try TemporaryDirectory("walk-sizes")
        let root = temporary.appending("root")
        try write(Data("twelve bytes".utf8), to: root.appendingPathComponent("a.txt"))
        try write(Data(), to: root.appendingPathComponent("sub/empty.bin"))
        try write(Data(repeating: 7, count: 5_000), to: root.appendingPathComponent("sub/deeper/large.dat"))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("empty folder"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link").path, withDestinationPath: "a.txt")

        let read = DirectoryWalk(folderAtPath: root.path, descendingInto: { _ in true }, sizes: .read)
        let skipped = DirectoryWalk(folderAtPath: root.path, descendingInto: { _ in true }, sizes: .skipped)
        // The walk that reads sizes is the one every other caller has used all along.
        #expect(sorted(read) == sorted(DirectoryWalk(folderAtPath: root.path, descendingInto: { _ in true })))
        #expect(sorted(read).filter { $0.kind == .regular }.map(\.size) == [12, 5_000, 0])
        #expect(skipped.unlistedFolders.isEmpty)
        #if canImport(Darwin)
        #expect(sorted(skipped) == sorted(read))
        #else
        let unsized = sorted(read).map { entry in
            var entry = entry
            if entry.kind == .regular { entry.size = DirectoryWalk.Entry.unknownSize }
            return entry
        }
        #expect(sorted(skipped) == unsized)
        #endif
    }

    @Test func comparesFilesOfUnknownSizesAcrossChunks() throws {
        let temporary = try TemporaryDirectory("contents-unsized")
        let chunk = DirectoryWalk.ContentsComparer.chunkByteCount
        var generator = SystemRandomNumberGenerator()
        let large = Data((0..<(chunk * 2 + 123)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        var lastByteChanged = large
        lastByteChanged[lastByteChanged.count - 1] ^= 0xFF
        var secondChunkChanged = large
        secondChunkChanged[chunk + 5] ^= 0x01
        let files: [String: Data] = [
            "large": large, "large copy": large, "last byte changed": lastByteChanged,
            "second chunk changed": secondChunkChanged,
            // Longer and shorter by one byte, with the same first chunks: sizes tell them apart after the first chunk.
            "one byte longer": large + Data([0]), "one byte shorter": large.dropLast(),
            "exactly one chunk": large.prefix(chunk), "one chunk and one byte": large.prefix(chunk + 1),
            "empty": Data(), "empty too": Data(), "abc": Data("abc".utf8), "abcd": Data("abcd".utf8),
        ]
        for (name, data) in files { try data.write(to: temporary.appending(name)) }
        let comparer = DirectoryWalk.ContentsComparer()
        func equal(_ left: String, _ right: String) throws -> Bool {
            try comparer.contentsOfUnknownSizesAreEqual(
                atPath: temporary.appending(left).path, andPath: temporary.appending(right).path)
        }
        #expect(try equal("large", "large copy"))
        #expect(try !equal("large", "last byte changed"))
        #expect(try !equal("large", "second chunk changed"))
        #expect(try !equal("large", "one byte longer"))
        #expect(try !equal("one byte longer", "large"))
        #expect(try !equal("large", "one byte shorter"))
        #expect(try !equal("exactly one chunk", "one chunk and one byte"))
        #expect(try !equal("one chunk and one byte", "exactly one chunk"))
        #expect(try equal("exactly one chunk", "exactly one chunk"))
        #expect(try equal("empty", "empty too"))
        #expect(try !equal("abc", "abcd"))
        #expect(try !equal("abcd", "abc"))
        #expect(try !equal("empty", "abc"))
    }

    @Test func refusesALinkAndAMissingFileOfUnknownSize() throws {
        let temporary = try TemporaryDirectory("contents-unsized-refused")
        try Data("same".utf8).write(to: temporary.appending("file"))
        try FileManager.default.createSymbolicLink(
            atPath: temporary.appending("link").path, withDestinationPath: "file")
        let comparer = DirectoryWalk.ContentsComparer()
        let linkError = try #require(throws: FileSystemError.self) {
            try comparer.contentsOfUnknownSizesAreEqual(
                atPath: temporary.appending("file").path, andPath: temporary.appending("link").path)
        }
        #expect(linkError.path == temporary.appending("link").path)
        let missingError = try #require(throws: FileSystemError.self) {
            try comparer.contentsOfUnknownSizesAreEqual(
                atPath: temporary.appending("missing").path, andPath: temporary.appending("file").path)
        }
        #expect(missingError.path == temporary.appending("missing").path)
    }
}
