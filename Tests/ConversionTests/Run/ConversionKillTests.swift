import Conversion
import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

/// The real binary, killed with SIGKILL at random moments and resumed, must end with the tree an uninterrupted run
/// writes.
@Suite(.serialized) struct ConversionKillTests {
    private static func makeCorpus(_ fixture: ConversionFixture, count: Int) throws {
        for index in 0..<count {
            let path = fixture.input.appending(Array("folder\(index % 20)/file\(index).txt".utf8))
            if index < 20 { try ByteNamedFiles.makeFolders(path.parent.bytes) }
            try ByteNamedFiles.createFile(path.bytes, contents: Data("document \(index)\n".utf8), permissions: 0o644)
            try ByteNamedFiles.setModificationTime(
                path.bytes, seconds: 1_600_000_000 + Int64(index), nanoseconds: Int64(index))
        }
        for index in 0..<5 {
            try fixture.writeNotebook(
                "books/book\(index).notebook", title: "Book \(index)", pages: ["page a", "page b"])
        }
    }

    @Test func killedAndResumedRunsEndWithTheUninterruptedTree() throws {
        let fixture = try ConversionFixture("kill")
        try Self.makeCorpus(fixture, count: 2000)
        let binary = try Binary.docmigrate()
        let folder = fixture.directory.url
        let reference = try Binary.run(
            binary, ["convert", "--to", "plain-text", "-o", "reference", "in"], in: folder, label: "reference")
        #expect(reference.status == 0, "\(reference.standardError)")

        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var finishedEarly = 0
        for attempt in 0..<24 {
            let process = try Binary.start(
                binary, ["convert", "--to", "plain-text", "-o", "out", "--resume", "in"], in: folder,
                label: "attempt\(attempt)")
            Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.25, using: &generator))
            if process.isRunning {
                let kill = try Binary.run(
                    URL(fileURLWithPath: "/bin/kill"), ["-9", String(process.processIdentifier)], in: folder,
                    label: "kill")
                if kill.status == 0 { kills += 1 }
            } else {
                finishedEarly += 1
            }
            process.waitUntilExit()
        }
        #expect(kills >= 20, "only \(kills) kills landed (\(finishedEarly) runs finished first)")
        let final = try Binary.run(
            binary, ["convert", "--to", "plain-text", "-o", "out", "--resume", "in"], in: folder, label: "final")
        #expect(final.status == 0, "\(final.standardOutput)\(final.standardError)")
        // Workers orphaned by a kill finish their one item within moments; wait for their temporaries to settle.
        Thread.sleep(forTimeInterval: 0.2)
        let finalClean = try Binary.run(
            binary, ["convert", "--to", "plain-text", "-o", "out", "--resume", "in"], in: folder, label: "clean")
        #expect(finalClean.status == 0)

        let expected = try ConversionFixture.tree(ItemPath(folder.path + "/reference"))
        let actual = try ConversionFixture.tree(ItemPath(folder.path + "/out"))
        #expect(expected.count == 2005 + 21)
        #expect(actual.keys.filter { $0.description.contains(".docmigrate-tmp-") }.isEmpty)
        #expect(differingPaths(actual, expected).isEmpty, "differing: \(differingPaths(actual, expected).prefix(10))")
    }

    @Test(
        .enabled(
            if: Binary.onPath("parallel") != nil,
            "GNU parallel is not installed here (.ci/run installs it with need_deb parallel)"))
    func fourShardsThroughGNUParallelEqualOneRun() throws {
        let fixture = try ConversionFixture("shards")
        try Self.makeCorpus(fixture, count: 200)
        try fixture.write(Array("bad.txt".utf8), data: Data([0x41, 0xFF]))
        let binary = try Binary.docmigrate()
        let folder = fixture.directory.url
        let single = try Binary.run(
            binary, ["convert", "--to", "plain-text", "-o", "single", "--report", "json:single.json", "in"], in: folder,
            label: "single")
        #expect(single.status == 1)
        let parallel = try #require(Binary.onPath("parallel"))
        let sharded = try Binary.run(
            parallel,
            [
                "--will-cite", "--halt", "never", "--timeout", "300", binary.path, "convert", "--to", "plain-text",
                "-o", "sharded", "--shard", "{}/4",
                "--report", "json:shard{}.json", "in", ":::", "1", "2", "3", "4",
            ],
            in: folder, label: "parallel")
        // GNU parallel exits with the number of failed jobs: each shard with the bad file fails (1), others pass.
        #expect(sharded.status <= 4, "\(sharded.standardError)")
        let merge = try Binary.run(
            binary,
            [
                "merge-reports", "--report", "json:merged.json", "shard1.json", "shard2.json", "shard3.json",
                "shard4.json",
            ], in: folder, label: "merge")
        #expect(merge.status == 1, "\(merge.standardError)")
        let merged = try ConversionReport.decode(json: Data(contentsOf: folder.appendingPathComponent("merged.json")))
        let whole = try ConversionReport.decode(json: Data(contentsOf: folder.appendingPathComponent("single.json")))
        #expect(merged.items.map(\.input) == whole.items.map(\.input))
        #expect(merged.items.map(\.status) == whole.items.map(\.status))
        #expect(merged.totals.converted == 205 && merged.totals.failed == 1)
        let shardedTree = try ConversionFixture.tree(ItemPath(folder.path + "/sharded"))
        let singleTree = try ConversionFixture.tree(ItemPath(folder.path + "/single"))
        #expect(singleTree.count == 205 + 21)
        #expect(
            differingPaths(shardedTree, singleTree).isEmpty,
            "differing: \(differingPaths(shardedTree, singleTree).prefix(10))")
    }
}
