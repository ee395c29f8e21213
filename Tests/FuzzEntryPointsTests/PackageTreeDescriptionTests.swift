import Foundation
import FuzzEntryPoints
import Testing

/// The package fuzzer's input language: what a byte string describes, and the folder made from it.
@Suite struct PackageTreeDescriptionTests {
    typealias Member = PackageTreeDescription.Member

    static let sample = PackageTreeDescription(members: [
        Member(name: "Info.json", node: .file(Data("{}".utf8))),
        Member(name: "link", node: .symbolicLink("../outside")),
        Member(
            name: "pages",
            node: .folder([
                Member(name: "1.txt", node: .file(Data("one".utf8))),
                Member(name: "empty", node: .folder([])),
            ])),
    ])

    @Test func bytesSpellTheDocumentedLayout() {
        let expected: [UInt8] =
            [0, 9] + Array("Info.json".utf8) + [0, 2] + Array("{}".utf8)
            + [2, 4] + Array("link".utf8) + [10] + Array("../outside".utf8)
            + [1, 5] + Array("pages".utf8)
            + [0, 5] + Array("1.txt".utf8) + [0, 3] + Array("one".utf8)
            + [1, 5] + Array("empty".utf8) + [3]
            + [3]
        #expect([UInt8](Self.sample.encoded()) == expected)
        #expect(PackageTreeDescription(Data(expected)) == Self.sample)
    }

    @Test func materializesTheTreeAndRemovesItAfterwards() throws {
        var seen: URL?
        var files: [String: Data] = [:]
        var link: String?
        var emptyFolder: [String]?
        Self.sample.withMaterializedTree { url in
            seen = url
            for path in ["Info.json", "pages/1.txt"] {
                files[path] = try? Data(contentsOf: url.appendingPathComponent(path))
            }
            link = try? FileManager.default.destinationOfSymbolicLink(atPath: url.appendingPathComponent("link").path)
            emptyFolder = try? FileManager.default.contentsOfDirectory(
                atPath: url.appendingPathComponent("pages/empty").path)
        }
        #expect(files == ["Info.json": Data("{}".utf8), "pages/1.txt": Data("one".utf8)])
        #expect(link == "../outside")
        #expect(emptyFolder == [])
        let folder = try #require(seen)
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().path))
    }

    @Test func namesThatCannotBeOnDiskAreMendedOrDropped() {
        let bytes: [UInt8] =
            [0, 3] + Array("a/b".utf8) + [0, 0]
            + [0, 2] + Array("..".utf8) + [0, 0]
            + [0, 0] + [0, 0]
            + [4, 3] + Array("a/b".utf8) + [0, 1, 0x41]  // kind 4 is kind 0, and the name is taken
        let description = PackageTreeDescription(Data(bytes))
        #expect(description.members == [Member(name: "a_b", node: .file(Data()))])
    }

    @Test func limitsEntriesAndDepthAndDropsACutOffEntry() {
        var many: [UInt8] = []
        for index in 0..<100 { many += [0, 1, 0x30 + UInt8(index)] + [0, 0] }
        #expect(PackageTreeDescription(Data(many)).members.count == PackageTreeDescription.maximumEntries)

        var deep: [UInt8] = []
        for _ in 0..<20 { deep += [1, 1, 0x64] }
        var depth = 0
        var members = PackageTreeDescription(Data(deep)).members
        while let first = members.first, case .folder(let children) = first.node {
            depth += 1
            members = children
        }
        #expect(depth == PackageTreeDescription.maximumDepth)

        let cutOff: [UInt8] = [0, 1, 0x61, 0, 0] + [0, 1, 0x62, 0, 9, 0x41]
        #expect(PackageTreeDescription(Data(cutOff)).members == [Member(name: "a", node: .file(Data()))])
    }

    @Test func describesAFolderOnDiskAsItIs() {
        // The sample lists its members by name, as `describing(folderAt:)` does.
        Self.sample.withMaterializedTree { url in
            let description = try? PackageTreeDescription.describing(folderAt: url)
            #expect(description == Self.sample)
        }
    }
}
