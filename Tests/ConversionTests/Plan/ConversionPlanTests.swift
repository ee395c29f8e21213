import Conversion
import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import TestSupport
import Testing

@Suite struct ConversionPlanTests {
    /// A tree with every kind of entry the walk must tell apart.
    private func makeTree(_ fixture: ConversionFixture) throws {
        try fixture.write("b.txt", "b")
        try fixture.write("a/x.txt", "x")
        try fixture.write("._b.txt", "apple double")
        try fixture.write(".DS_Store", "finder")
        try fixture.write(".c.txt.icloud", "placeholder")
        try fixture.writeNotebook("book.notebook", title: "Book", pages: ["one"])
        try fixture.write(Array("caf\u{E9}.txt".utf8), "nfc")
        try fixture.write(Array("cafe\u{301}.txt".utf8), "nfd")
        try fixture.write(Array("n".utf8) + [0xFF] + Array(".txt".utf8), "latin-1 name")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.input.description + "/link", withDestinationPath: "b.txt")
    }

    @Test func walksInByteOrderKeepingNameBytesAndPackagesWhole() throws {
        let fixture = try ConversionFixture("plan")
        try makeTree(fixture)
        let items = Array(ConversionPlan(source: .paths([fixture.input]), registry: .conversionTests))
        let summary = items.map { item in
            "\(item.relativePath.encodedForJSON) \(item.kind.rawValue) \(item.skipReason?.code ?? "-")"
        }
        #expect(
            summary == [
                ".c.txt.icloud other convert.skipped.icloud-placeholder",
                "a/x.txt file -",
                "b.txt file -",
                "book.notebook package -",
                "cafe\u{301}.txt file -",
                "caf\u{E9}.txt file -",
                "link other convert.skipped.symbolic-link",
                "base64:" + Data([0x6E, 0xFF] + Array(".txt".utf8)).base64EncodedString() + " file -",
            ])
        // The name that is not UTF-8 keeps its exact bytes, and the NFC and NFD names stay two items.
        #expect(items.contains { $0.relativePath.bytes == [0x6E, 0xFF] + Array(".txt".utf8) })
        #expect(Set(items.map(\.relativePath)).count == items.count)
    }

    @Test func readsNULSeparatedListsKeepingBytes() throws {
        let fixture = try ConversionFixture("plan-list")
        try makeTree(fixture)
        let base = fixture.input.bytes
        let list =
            base + Array("/b.txt".utf8) + [0] + base + Array("/n".utf8) + [0xFF] + Array(".txt".utf8) + [0, 0]
            + base + Array("/book.notebook".utf8) + [0] + base + Array("/missing.txt".utf8)
        let listPath = try fixture.write(Array("list".utf8), data: Data(list), in: ItemPath(fixture.directory.url.path))
        let items = Array(ConversionPlan(source: .filesFrom(listPath), registry: .conversionTests))
        #expect(items.map(\.kind) == [.file, .file, .package, .other])
        #expect(items[1].input.bytes == base + Array("/n".utf8) + [0xFF] + Array(".txt".utf8))
        #expect(items[3].skipReason?.code == "convert.input-missing")
        // A listed path is mirrored as listed, without its leading slash.
        #expect(items[0].relativePath.bytes == Array(base.drop { $0 == 0x2F }) + Array("/b.txt".utf8))
    }

    @Test func shardsMatchTheDocumentedFunctionAndPartitionTheItems() throws {
        let paths = ["a/b.txt", "notes/caf\u{E9}.txt", "x", "deep/er/file.json"]
        let program = """
            import sys, unicodedata
            def fnv(data):
                h = 0xcbf29ce484222325
                for byte in data:
                    h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
                return h
            for line in sys.stdin.read().split("\\n"):
                print(fnv(unicodedata.normalize("NFC", line).encode("utf-8")) % 7 + 1)
            """
        let expected = try PythonOracle.run(program, input: Data(paths.joined(separator: "\n").utf8))
            .split(separator: "\n").map { Int($0) }
        #expect(paths.map { ShardAssignment.shard(of: ItemPath($0), count: 7) } == expected)
        // NFD spelling lands in the NFC spelling's shard.
        #expect(ShardAssignment.shard(of: ItemPath("notes/cafe\u{301}.txt"), count: 7) == expected[1])

        let fixture = try ConversionFixture("plan-shard")
        try makeTree(fixture)
        let all = Array(ConversionPlan(source: .paths([fixture.input]), registry: .conversionTests)).map(\.relativePath)
        var seen: [ItemPath] = []
        for index in 1...3 {
            let plan = ConversionPlan(
                source: .paths([fixture.input]), registry: .conversionTests,
                shard: ShardAssignment(index: index, count: 3))
            seen += plan.map(\.relativePath)
        }
        #expect(seen.sorted() == all.sorted())
        #expect(ShardAssignment(parsing: "0/4") == nil)
        #expect(ShardAssignment(parsing: "5/4") == nil)
        #expect(ShardAssignment(parsing: "4/4") == ShardAssignment(index: 4, count: 4))
    }
}
