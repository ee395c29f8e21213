import Comparison
import Foundation
import TestSupport
import Testing

/// Folders on disk: sizes first, bytes compared in step on several threads, hashes only for evidence and renames.
@Suite struct FolderComparisonTests {
    private func write(_ data: Data, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func makeFIFO(at url: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        process.arguments = [url.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    /// Two folders in `temporary` with the same files, the actual side built by `change`.
    private func folders(
        in temporary: TemporaryDirectory, _ files: [String: Data], change: (inout [String: Data]) -> Void
    ) throws -> (URL, URL) {
        let expected = temporary.appending("expected"), actual = temporary.appending("actual")
        var changed = files
        change(&changed)
        for (path, data) in files { try write(data, path, in: expected) }
        for (path, data) in changed { try write(data, path, in: actual) }
        return (expected, actual)
    }

    @Test func sameSizeDifferentBytesGivesTheOffsetAndBothHashes() throws {
        let original = Data("0123456789abcdef".utf8)
        var edited = original
        edited[10] = UInt8(ascii: "A")
        let temporary = try TemporaryDirectory("same-size")
        let (expected, actual) = try folders(
            in: temporary, ["sub dir/ä.bin": original, "kept.bin": Data("kept".utf8)]
        ) {
            $0["sub dir/ä.bin"] = edited
        }
        let difference = try #require(try Comparator().compare(expectedAt: expected, actualAt: actual))
        #expect(difference.children.map(\.location) == ["member sub dir/ä.bin"])
        let bytes = try #require(difference.children.first?.children.first)
        #expect(bytes.kind == .bytes)
        #expect(bytes.bytes?.offset == 10)
        #expect(bytes.bytes?.expectedSHA256 == SHA256.hash(original))
        #expect(bytes.bytes?.actualSHA256 == SHA256.hash(edited))
        withExtendedLifetime(temporary) {}
    }

    @Test func differentSizesDifferWithEvidenceAndTextRulesStillJudgeThem() throws {
        let temporary = try TemporaryDirectory("different-size")
        let (expected, actual) = try folders(
            in: temporary,
            ["data.bin": Data("abcdef".utf8), "notes.txt": Data("a\r\nb\r\n".utf8), "secret.key": Data("pw".utf8)]
        ) {
            $0["data.bin"] = Data("abc".utf8)
            $0["notes.txt"] = Data("a\nb\n".utf8)
            $0["secret.key"] = Data("a much longer password".utf8)
        }
        let rules = ComparisonRules([
            try MemberRule("*.txt", .text(normalisations: [.lineEndings])), try MemberRule("*.key", .redact),
        ])
        let difference = try #require(try Comparator(rules: rules).compare(expectedAt: expected, actualAt: actual))
        // Line endings are normalised away and the redacted member never compared: only the truncated file is left.
        #expect(difference.children.map(\.location) == ["member data.bin"])
        let bytes = try #require(difference.children.first?.children.first)
        #expect(bytes.cause == Difference.Cause.bytesTruncated)
        #expect(bytes.bytes?.expectedLength == 6 && bytes.bytes?.actualLength == 3)
        #expect(bytes.bytes?.expectedSHA256 == SHA256.hash(Data("abcdef".utf8)))
        withExtendedLifetime(temporary) {}
    }

    @Test func manyFilesAreComparedInParallelAndReportedInBytewiseOrder() throws {
        var generator = SeededGenerator(seed: 7)
        var files: [String: Data] = [:]
        for index in 0..<600 {
            let size = Int.random(in: 1...3000, using: &generator)
            files["group-\(index % 7)/part \(index % 3)/file-\(index).dat"] =
                Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        let temporaryEqual = try TemporaryDirectory("parallel-equal")
        let (expectedEqual, actualEqual) = try folders(
            in: temporaryEqual, files
        ) { _ in }
        #expect(try Comparator().compare(expectedAt: expectedEqual, actualAt: actualEqual) == nil)

        let changed = [
            "group-3/part 1/file-10.dat", "group-0/part 0/file-0.dat", "group-6/part 2/file-587.dat",
            "group-5/part 2/file-194.dat",
        ]
        let temporary = try TemporaryDirectory("parallel-differing")
        let (expected, actual) = try folders(
            in: temporary, files
        ) { tree in
            for path in changed {
                guard var data = tree[path] else { continue }
                data[data.count - 1] ^= 0x5A
                tree[path] = data
            }
        }
        let sortedLocations = changed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "member " + $0 }
        for _ in 0..<3 {
            let difference = try #require(try Comparator().compare(expectedAt: expected, actualAt: actual))
            #expect(difference.children.map(\.location) == sortedLocations)
            #expect(
                difference.children.allSatisfy {
                    $0.children.first?.bytes?.offset == ($0.children.first?.bytes?.expectedLength ?? 0) - 1
                })
        }
        withExtendedLifetime((temporaryEqual, temporary)) {}
    }

    /// Enough pairs differ in bytes that their contents are compared on several threads: the findings
    /// must be exactly those of a sequential comparison, in byte-wise path order.
    @Test func manyJSONPairsAreJudgedInParallelAsOneByOne() throws {
        var files: [String: Data] = [:]
        var reformatted: [String: Data] = [:]
        for index in 0..<80 {
            let path = "batch-\(index % 4)/record-\(index).json"
            files[path] = Data(
                "{\n  \"id\": \(index),\n  \"name\": \"item \(index)\",\n  \"tags\": [\"a\", \"é\"],\n  \"nested\": {\"x\": \(index), \"y\": null}\n}\n"
                    .utf8)
            // The same value compact, with the members in another order: different bytes, equal JSON.
            reformatted[path] = Data(
                "{\"nested\":{\"y\":null,\"x\":\(index)},\"tags\":[\"a\",\"\\u00e9\"],\"name\":\"item \(index)\",\"id\":\(index)}"
                    .utf8)
        }
        let renamed = ["batch-1/record-5.json", "batch-1/record-17.json", "batch-2/record-42.json"]
        let broken = "batch-2/record-30.json"
        let temporary = try TemporaryDirectory("parallel-json")
        let (expected, actual) = try folders(in: temporary, files) { tree in
            tree = reformatted
            for path in renamed {
                tree[path] = Data(
                    String(decoding: reformatted[path] ?? Data(), as: UTF8.self).replacingOccurrences(
                        of: "\"item ", with: "\"renamed "
                    ).utf8)
            }
            tree[broken] = Data("{\"id\": 30,".utf8)
        }
        let comparator = Comparator(rules: ComparisonRules(fallback: .json(accepting: [.keyOrder])))
        let difference = try #require(try comparator.compare(expectedAt: expected, actualAt: actual))
        let differing = (renamed + [broken]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(difference.children.map(\.location) == differing.map { "member " + $0 })
        for child in difference.children {
            let content = try #require(child.children.first)
            #expect(content.kind == .json)
            if child.location == "member " + broken {
                #expect(content.cause == Difference.Cause.jsonInvalidActual)
            } else {
                #expect(content.children.map(\.location) == ["$.name"])
            }
        }
        // Under the default rule the order of the members counts, so every pair differs, each at its two objects.
        let strict = try #require(
            try Comparator(rules: ComparisonRules(fallback: .json)).compare(expectedAt: expected, actualAt: actual))
        #expect(strict.children.count == 80)
        let firstEqual = try #require(
            strict.children.first { $0.location == "member batch-0/record-0.json" }?.children.first)
        #expect(firstEqual.children.map(\.location) == ["$", "$.nested"])
        #expect(firstEqual.children.map(\.cause) == [Difference.Cause.jsonKeyOrder, Difference.Cause.jsonKeyOrderOnly])
        withExtendedLifetime(temporary) {}
    }

    @Test func aFIFOIsNeverOpenedAndIsReportedAsAnotherKind() throws {
        let temporary = try TemporaryDirectory("fifo")
        let (expected, actual) = try folders(
            in: temporary, ["x": Data("plain".utf8), "same": Data("s".utf8)]
        ) {
            $0["x"] = nil
        }
        try makeFIFO(at: actual.appendingPathComponent("x"))
        let difference = try #require(try Comparator().compare(expectedAt: expected, actualAt: actual))
        #expect(difference.children.map(\.location) == ["member x"])
        #expect(difference.children.first?.cause == Difference.Cause.packageUnreadableActual)
        // A FIFO named as the item itself is a special file, not contents to read (reading would block).
        try makeFIFO(at: temporary.appending("pipe"))
        let kinds = try #require(
            try Comparator().compare(
                expectedAt: temporary.appending("pipe"), actualAt: expected.appendingPathComponent("x")))
        #expect(kinds.cause == Difference.Cause.packageKindChanged)
        #expect(kinds.expected == "a special file" && kinds.actual == "a file")
        withExtendedLifetime(temporary) {}
    }

    @Test func singleFilesOnDiskAreComparedBySizeThenBytes() throws {
        let temporary = try TemporaryDirectory("single-files")
        try write(Data("abcd".utf8), "a", in: temporary.url)
        try write(Data("abcd".utf8), "b", in: temporary.url)
        try write(Data("abce".utf8), "c", in: temporary.url)
        try write(Data("abcde".utf8), "d", in: temporary.url)
        let comparator = Comparator()
        #expect(try comparator.compare(expectedAt: temporary.appending("a"), actualAt: temporary.appending("b")) == nil)
        #expect(
            try comparator.compare(expectedAt: temporary.appending("a"), actualAt: temporary.appending("c"))?.bytes?
                .offset == 3)
        let extended = try #require(
            try comparator.compare(expectedAt: temporary.appending("a"), actualAt: temporary.appending("d")))
        #expect(extended.cause == Difference.Cause.bytesExtended)
        #expect(extended.bytes?.actualSHA256 == SHA256.hash(Data("abcde".utf8)))
        withExtendedLifetime(temporary) {}
    }

    @Test func renamesArePairedByHashOnDisk() throws {
        let temporary = try TemporaryDirectory("renames")
        let (expected, actual) = try folders(
            in: temporary, ["old name.txt": Data("moved contents".utf8), "other": Data("o".utf8), "empty": Data()]
        ) {
            $0["new name.txt"] = $0.removeValue(forKey: "old name.txt")
            $0["empty moved"] = $0.removeValue(forKey: "empty")
        }
        let difference = try #require(try Comparator().compare(expectedAt: expected, actualAt: actual))
        #expect(difference.children.map(\.cause) == ["package.removed", "package.added", "package.renamed"])
        #expect(difference.children.map(\.location) == ["member empty", "member empty moved", "member old name.txt"])
        #expect(difference.children.last?.actual == "new name.txt")
        withExtendedLifetime(temporary) {}
    }
}
