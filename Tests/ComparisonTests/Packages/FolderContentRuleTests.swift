import Comparison
import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

/// Files under rules that read contents (`json`, `text`, `csv`) are judged from the bytes the in-step
/// comparison read, when both fit in one read, instead of being read a second time. The findings must be
/// those of the same trees compared in memory, file wrapper against file wrapper, where every file's
/// bytes are loaded first: small and large files, equal and differing, valid and invalid, on one side only.
@Suite struct FolderContentRuleTests {
    private static func write(_ tree: [String: Data], under root: URL) throws {
        for (path, data) in tree {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    /// A JSON object of about `members` members, pretty-printed, or compact with its members reversed.
    private static func record(_ index: Int, members: Int, compact: Bool, changedMember: Int? = nil) -> Data {
        var pairs = (0..<members).map { member in
            (
                "field_\(member)",
                member == changedMember
                    ? "\"changed\"" : "{\"value\": \(index * 1000 + member), \"label\": \"é_\(member)\"}"
            )
        }
        if compact {
            pairs.reverse()
            return Data(
                ("{"
                    + pairs.map { "\"\($0.0)\":\($0.1.replacingOccurrences(of: " ", with: ""))" }.joined(separator: ",")
                    + "}").utf8)
        }
        return Data(("{\n" + pairs.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n").utf8)
    }

    @Test func differingFilesUnderContentRulesAreJudgedAsFromLoadedContents() throws {
        var expected: [String: Data] = [:], actual: [String: Data] = [:]
        for index in 0..<48 {
            let path = "records/part-\(index % 3)/record-\(index).json"
            expected[path] = Self.record(index, members: 6, compact: false)
            actual[path] = Self.record(index, members: 6, compact: true, changedMember: index % 12 == 5 ? 2 : nil)
        }
        // Equal bytes, an invalid side, and files past one read (128 KiB): reformatted-equal and changed.
        expected["records/same.json"] = Self.record(1, members: 3, compact: true)
        actual["records/same.json"] = Self.record(1, members: 3, compact: true)
        expected["records/broken.json"] = Self.record(2, members: 3, compact: false)
        actual["records/broken.json"] = Data("{\"field_0\": ".utf8)
        expected["large/equal.json"] = Self.record(3, members: 3000, compact: false)
        actual["large/equal.json"] = Self.record(3, members: 3000, compact: true)
        expected["large/changed.json"] = Self.record(4, members: 3000, compact: false)
        actual["large/changed.json"] = Self.record(4, members: 3000, compact: true, changedMember: 2999)
        #expect((expected["large/changed.json"]?.count ?? 0) > DirectoryWalk.ContentsComparer.chunkByteCount)
        // Text and CSV rules, and files on one side only.
        expected["notes/a.txt"] = Data("line one\r\nline two\r\n".utf8)
        actual["notes/a.txt"] = Data("line one\nline two\n".utf8)
        expected["notes/b.txt"] = Data("first\n".utf8)
        actual["notes/b.txt"] = Data("second\n".utf8)
        expected["tables/t.csv"] = Data("id,name\n1,a\n2,b\n".utf8)
        actual["tables/t.csv"] = Data("id,name\n2,b\n1,a\n".utf8)
        expected["records/removed.json"] = Data("{}".utf8)
        actual["records/added.json"] = Data("[]".utf8)

        let temporary = try TemporaryDirectory("content-rules")
        let expectedRoot = temporary.appending("expected"), actualRoot = temporary.appending("actual")
        try Self.write(expected, under: expectedRoot)
        try Self.write(actual, under: actualRoot)
        let rules = ComparisonRules(
            [
                try MemberRule("**/*.txt", .text(normalisations: [.lineEndings])),
                try MemberRule("**/*.csv", .csv(keyColumn: "id")),
            ], fallback: .json(accepting: [.keyOrder]))
        let comparator = Comparator(rules: rules)

        let onDisk = try #require(try comparator.compare(expectedAt: expectedRoot, actualAt: actualRoot))
        let inMemory = try #require(
            try comparator.compare(expected: FileWrapper(url: expectedRoot), actual: FileWrapper(url: actualRoot)))
        #expect(onDisk == inMemory)

        let changedRecords = (0..<48).filter { $0 % 12 == 5 }.map { "records/part-\($0 % 3)/record-\($0).json" }
        let locations =
            (changedRecords + [
                "large/changed.json", "notes/b.txt", "records/added.json", "records/broken.json",
                "records/removed.json", "tables/t.csv",
            ])
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "member " + $0 }
        #expect(onDisk.children.map(\.location) == locations)
        let byLocation = Dictionary(onDisk.children.map { ($0.location, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byLocation["member records/broken.json"]?.children.first?.cause == Difference.Cause.jsonInvalidActual)
        // Line endings do not count under the text rule: a.txt is equal, b.txt is not.
        #expect(
            byLocation["member notes/a.txt"] == nil && byLocation["member notes/b.txt"]?.children.first?.kind == .text)
        #expect(byLocation["member large/changed.json"]?.children.first?.children.map(\.location) == ["$.field_2999"])
        #expect(
            byLocation["member " + (changedRecords.first ?? "")]?.children.first?.children.map(\.location) == [
                "$.field_2"
            ])
        withExtendedLifetime(temporary) {}
    }
}
