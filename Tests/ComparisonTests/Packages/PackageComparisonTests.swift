import Comparison
import Foundation
import TestSupport
import Testing

@Suite struct PackageComparisonTests {
    private func file(_ text: String) -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(text.utf8))
    }

    private func folder(_ children: [String: FileWrapper]) -> FileWrapper {
        FileWrapper(directoryWithFileWrappers: children)
    }

    @Test func identicalPackagesHaveNoDifference() throws {
        let tree = folder(["a.txt": file("a"), "sub": folder(["b.bin": file("b")])])
        let copy = folder(["a.txt": file("a"), "sub": folder(["b.bin": file("b")])])
        #expect(try Comparator().compare(expected: tree, actual: copy) == nil)
    }

    @Test func namesAddedRemovedAndChangedMembersInBytewiseOrder() throws {
        let expected = folder(["a.txt": file("same"), "b.txt": file("gone"), "Z.txt": file("one"), "a-b": file("x")])
        let actual = folder(["a.txt": file("same"), "c.txt": file("new"), "Z.txt": file("two"), "a-b": file("y")])
        let difference = try #require(try Comparator().compare(expected: expected, actual: actual))
        #expect(difference.kind == .item)
        #expect(difference.summary == "the packages differ in 4 members")
        #expect(difference.children.map(\.location) == ["member Z.txt", "member a-b", "member b.txt", "member c.txt"])
        #expect(difference.children.map(\.cause) == [nil, nil, "package.removed", "package.added"])
        #expect(difference.children.map(\.kind) == [.member, .member, .member, .member])
        #expect(difference.children[0].children.first?.kind == .bytes)
        #expect(difference.children[0].children.first?.location == "byte 0 (0x0)")
    }

    @Test func pairsRenamesByContentHash() throws {
        let expected = folder(["old.txt": file("contents"), "other.txt": file("kept"), "empty-old": file("")])
        let actual = folder(["new.txt": file("contents"), "other.txt": file("kept"), "empty-new": file("")])
        let difference = try #require(try Comparator().compare(expected: expected, actual: actual))
        #expect(difference.children.map(\.cause) == ["package.added", "package.removed", "package.renamed"])
        #expect(difference.children.map(\.location) == ["member empty-new", "member empty-old", "member old.txt"])
        let rename = difference.children[2]
        #expect(rename.expected == "old.txt" && rename.actual == "new.txt")
        // A moved file whose contents also changed is not a rename.
        let edited = folder(["new.txt": file("contents!"), "other.txt": file("kept"), "empty-old": file("")])
        let notRenamed = try #require(try Comparator().compare(expected: expected, actual: edited))
        #expect(!notRenamed.children.contains { $0.cause == "package.renamed" })
        #expect(notRenamed.children.map(\.location) == ["member new.txt", "member old.txt"])
    }

    @Test func namesKindChangesAndNestsTheFolderContents() throws {
        let expected = folder(["x": file("plain"), "keep": folder(["gone": folder(["deep.txt": file("d")])])])
        let actual = folder(["x": folder(["inside.txt": file("i")]), "keep": folder([:])])
        let difference = try #require(try Comparator().compare(expected: expected, actual: actual))
        #expect(difference.children.map(\.location) == ["member keep/gone", "member x"])
        let removedFolder = difference.children[0]
        #expect(removedFolder.cause == "package.removed")
        #expect(removedFolder.summary == "a folder is missing from the actual side (with 1 member below it)")
        #expect(removedFolder.children.map(\.location) == ["member keep/gone/deep.txt"])
        let kindChange = difference.children[1]
        #expect(kindChange.cause == "package.kind-changed")
        #expect(kindChange.expected == "a file" && kindChange.actual == "a folder")
        #expect(kindChange.children.map(\.location) == ["member x/inside.txt"])
        #expect(kindChange.children.first?.cause == "package.added")
    }

    @Test func appliesTheFirstMatchingMemberRule() throws {
        let rules = ComparisonRules([
            try MemberRule("cache/**", .ignore),
            try MemberRule("**/*.key", .redact),
            try MemberRule("**/*.json", .json(accepting: [.keyOrder])),
            try MemberRule("**/*.txt", .text(normalisations: [.lineEndings])),
        ])
        let expected = folder([
            "notes.txt": file("a\r\nb\r\n"), "data": folder(["d.json": file(#"{"a":1,"b":2}"#)]),
            "secret.key": file("hunter2"), "cache": folder(["c": file("old")]), "raw.bin": file("\u{1}"),
            "gone.key": file("password1"), "wording.txt": file("one\n"),
        ])
        let actual = folder([
            "notes.txt": file("a\nb\n"), "data": folder(["d.json": file(#"{"b":2,"a":1}"#)]),
            "secret.key": file("correct horse"), "cache": folder(["c": file("new"), "d": file("more")]),
            "raw.bin": file("\u{2}"),
            "wording.txt": file("two\n"),
        ])
        let comparator = Comparator(rules: rules)
        let difference = try #require(try comparator.compare(expected: expected, actual: actual))
        #expect(difference.children.map(\.location) == ["member gone.key", "member raw.bin", "member wording.txt"])
        #expect(difference.children.map(\.cause) == ["package.removed", nil, nil])
        #expect(difference.children[1].children.first?.kind == .bytes)
        #expect(difference.children[2].children.first?.kind == .text)
        #expect(difference.children[2].summary == "the contents differ under the text:line-endings rule")
        // Redacted contents never reach a report, in either form.
        let rendered = DifferenceRenderer().render(difference)
        let json = String(decoding: try JSONEncoder().encode(difference), as: UTF8.self)
        for secret in ["hunter2", "correct horse", "password1", SHA256.hash(Data("password1".utf8)).hexString] {
            #expect(!rendered.contains(secret) && !json.contains(secret))
        }
    }

    @Test func aSingleFileIsComparedUnderTheRuleItsNameMatches() throws {
        let comparator = Comparator(rules: ComparisonRules([try MemberRule("*.json", .json)]))
        let expected = FileWrapper(regularFileWithContents: Data("[1.0]".utf8))
        expected.preferredFilename = "a.json"
        let actual = FileWrapper(regularFileWithContents: Data("[1]".utf8))
        actual.preferredFilename = "a.json"
        #expect(try comparator.compare(expected: expected, actual: actual)?.cause == "json.number-spelling-only")
        #expect(try comparator.compare(expected: expected, actual: folder([:]))?.cause == "package.kind-changed")
    }

    @Test func comparesFoldersOnDiskWithoutFollowingLinks() throws {
        let temporary = try TemporaryDirectory("package-compare")
        let manager = FileManager.default
        let expectedRoot = temporary.appending("expected"), actualRoot = temporary.appending("actual")
        for root in [expectedRoot, actualRoot] {
            try manager.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        }
        try Data("same".utf8).write(to: expectedRoot.appendingPathComponent("sub/same.txt"))
        try Data("same".utf8).write(to: actualRoot.appendingPathComponent("sub/same.txt"))
        try Data("moved bytes".utf8).write(to: expectedRoot.appendingPathComponent("before.bin"))
        try Data("moved bytes".utf8).write(to: actualRoot.appendingPathComponent("after.bin"))
        try Data("{\"a\":1}".utf8).write(to: expectedRoot.appendingPathComponent("doc.json"))
        try Data("{\"a\":2}".utf8).write(to: actualRoot.appendingPathComponent("doc.json"))
        try manager.createSymbolicLink(
            atPath: expectedRoot.appendingPathComponent("link").path, withDestinationPath: "sub/same.txt")
        try manager.createSymbolicLink(
            atPath: actualRoot.appendingPathComponent("link").path, withDestinationPath: "/etc")
        let comparator = Comparator(rules: ComparisonRules([try MemberRule("*.json", .json)]))
        let difference = try #require(try comparator.compare(expectedAt: expectedRoot, actualAt: actualRoot))
        #expect(difference.children.map(\.location) == ["member before.bin", "member doc.json", "member link"])
        #expect(difference.children.map(\.cause) == ["package.renamed", nil, "package.link-changed"])
        #expect(difference.children[1].children.first?.children.first?.location == "$.a")
        #expect(difference.children[2].expected == "sub/same.txt" && difference.children[2].actual == "/etc")
        // Two single files on disk: hashed first, then compared under the rule their name matches.
        #expect(
            try comparator.compare(
                expectedAt: expectedRoot.appendingPathComponent("doc.json"),
                actualAt: actualRoot.appendingPathComponent("doc.json"))?.kind == .json)
        #expect(
            try comparator.compare(
                expectedAt: expectedRoot.appendingPathComponent("sub/same.txt"),
                actualAt: actualRoot.appendingPathComponent("sub/same.txt")) == nil)
        #expect(throws: ComparisonError.self) {
            try comparator.compare(expectedAt: expectedRoot, actualAt: temporary.appending("missing"))
        }
    }
}
