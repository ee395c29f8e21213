import DocumentPlatform
import Foundation
import Testing

@Suite struct FileWrapperContentComparisonTests {
    private func tree(_ files: [String: String]) -> FileWrapper {
        FileWrapper(directoryWithFileWrappers: files.mapValues { FileWrapper(regularFileWithContents: Data($0.utf8)) })
    }

    @Test func equalTreesHaveNoDifferences() {
        #expect(tree(["a": "1", "b": "2"]).hasSameContents(as: tree(["b": "2", "a": "1"])))
    }

    @Test func namesEveryDifferenceSortedByMember() {
        let expected = FileWrapper(directoryWithFileWrappers: [
            "same": FileWrapper(regularFileWithContents: Data("x".utf8)),
            "changed": FileWrapper(regularFileWithContents: Data("abcdef".utf8)),
            "gone": FileWrapper(regularFileWithContents: Data()),
            "Sub": FileWrapper(directoryWithFileWrappers: ["kind": FileWrapper(regularFileWithContents: Data())]),
        ])
        let actual = FileWrapper(directoryWithFileWrappers: [
            "same": FileWrapper(regularFileWithContents: Data("x".utf8)),
            "changed": FileWrapper(regularFileWithContents: Data("abcXef".utf8)),
            "extra": FileWrapper(regularFileWithContents: Data()),
            "Sub": FileWrapper(directoryWithFileWrappers: ["kind": FileWrapper(directoryWithFileWrappers: [:])]),
        ])
        #expect(
            actual.contentDifferences(from: expected) == [
                .init(member: "Sub/kind", kind: .kindChanged),
                .init(member: "changed", kind: .bytesDiffer(firstDifferenceAt: 3)),
                .init(member: "extra", kind: .unexpected),
                .init(member: "gone", kind: .missing),
            ])
    }

    @Test func aPrefixDiffersAtTheShorterLength() {
        let long = FileWrapper(regularFileWithContents: Data("abc".utf8))
        let short = FileWrapper(regularFileWithContents: Data("ab".utf8))
        #expect(long.contentDifferences(from: short) == [.init(member: "", kind: .bytesDiffer(firstDifferenceAt: 2))])
        #expect(
            FileWrapperContentDifference(member: "x", kind: .bytesDiffer(firstDifferenceAt: 500)).description
                == "member x differs from byte 500 (0x1f4)")
    }

    @Test func linksCompareByDestination() {
        let one = FileWrapper(symbolicLinkWithDestinationURL: URL(fileURLWithPath: "a"))
        let other = FileWrapper(symbolicLinkWithDestinationURL: URL(fileURLWithPath: "b"))
        #expect(one.contentDifferences(from: other) == [.init(member: "", kind: .linkDestinationDiffers)])
    }
}
