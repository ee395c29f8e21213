import Comparison
import Foundation
import Synchronization
import TestSupport
import Testing

/// The paths a refined rule was asked about, from whichever thread asked.
private final class AskedPaths: Sendable {
    private let paths = Mutex<[String]>([])

    func append(_ path: String) { paths.withLock { $0.append(path) } }

    /// In byte-wise order, whatever order the threads asked in.
    var sorted: [String] { paths.withLock { $0 }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
}

/// `Comparator.refinedRule`: members whose bytes differ are explained under another rule, while in memory.
@Suite struct RefinedRuleTests {
    private func write(_ data: Data, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// A comparator that explains `.txt` members as text and records every path it is asked about.
    private func comparator(asked: AskedPaths, rule: ComparisonRule = .text) -> Comparison.Comparator {
        var comparator = Comparison.Comparator()
        comparator.refinedRule = { path in
            asked.append(path)
            return path.hasSuffix(".txt") ? rule : nil
        }
        return comparator
    }

    /// Few differing pairs are compared on the calling thread, many on several: both ways refine alike.
    @Test(arguments: [3, 45])
    func onlyDifferingMembersAreAskedAndTextOnesAreExplainedAsText(differingCount: Int) throws {
        let temporary = try TemporaryDirectory("refined-\(differingCount)")
        let expected = temporary.appending("expected"), actual = temporary.appending("actual")
        var differing: [String] = []
        for index in 0..<120 {
            let path = "folder-\(index % 4)/file-\(index)" + (index % 2 == 0 ? ".txt" : ".bin")
            let text = "line one\nline two of file \(index)\n"
            try write(Data(text.utf8), path, in: expected)
            let changes = index < differingCount
            try write(Data((changes ? text.replacingOccurrences(of: "two", with: "2wo") : text).utf8), path, in: actual)
            if changes { differing.append(path) }
        }
        let asked = AskedPaths()
        let difference = try #require(try comparator(asked: asked).compare(expectedAt: expected, actualAt: actual))
        let byteWise = differing.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(asked.sorted == byteWise)
        #expect(difference.summary == "the packages differ in \(differingCount) members")
        #expect(difference.children.map(\.location) == byteWise.map { "member " + $0 })
        for member in difference.children {
            let isText = member.location.hasSuffix(".txt")
            #expect(member.summary == "the contents differ under the \(isText ? "text" : "bytes") rule")
            #expect(member.children.map(\.kind) == [isText ? .text : .bytes])
            #expect(member.children.first?.location == (isText ? "line 2, column 6" : "byte 14 (0xe)"))
        }
        withExtendedLifetime(temporary) {}
    }

    @Test func aMemberTheRefinedRuleFindsEqualIsNoDifference() throws {
        let temporary = try TemporaryDirectory("refined-equal")
        let expected = temporary.appending("expected"), actual = temporary.appending("actual")
        try write(Data("one\r\ntwo\r\n".utf8), "notes.txt", in: expected)
        try write(Data("one\ntwo\n".utf8), "notes.txt", in: actual)
        let asked = AskedPaths()
        let normalising = comparator(asked: asked, rule: .text(normalisations: [.lineEndings]))
        #expect(try normalising.compare(expectedAt: expected, actualAt: actual) == nil)
        #expect(asked.sorted == ["notes.txt"])

        // With another member that differs, the count names only that one.
        try write(Data("abc".utf8), "raw.bin", in: expected)
        try write(Data("abd".utf8), "raw.bin", in: actual)
        let difference = try #require(try normalising.compare(expectedAt: expected, actualAt: actual))
        #expect(difference.summary == "the packages differ in 1 member")
        #expect(difference.children.map(\.location) == ["member raw.bin"])
        // Without a refined rule, the same line endings are a byte difference.
        let plain = try #require(try Comparison.Comparator().compare(expectedAt: expected, actualAt: actual))
        #expect(plain.children.map(\.location) == ["member notes.txt", "member raw.bin"])
        #expect(plain.children.first?.children.first?.kind == .bytes)
        withExtendedLifetime(temporary) {}
    }

    @Test func aMemberWithARuleOfItsOwnIsNeverAsked() throws {
        let temporary = try TemporaryDirectory("refined-ruled")
        let expected = temporary.appending("expected"), actual = temporary.appending("actual")
        try write(Data("{\"a\": 1}".utf8), "data.txt", in: expected)
        try write(Data("{\"a\": 2}".utf8), "data.txt", in: actual)
        let asked = AskedPaths()
        var ruled = comparator(asked: asked)
        ruled.rules = ComparisonRules([try MemberRule("*.txt", .json)])
        let difference = try #require(try ruled.compare(expectedAt: expected, actualAt: actual))
        #expect(asked.sorted.isEmpty)
        #expect(difference.children.first?.summary == "the contents differ under the json rule")
        withExtendedLifetime(temporary) {}
    }

    @Test func filesOnlyOneSideHasAreExaminedForRenamesAndReportedAsFiles() throws {
        let temporary = try TemporaryDirectory("refined-renames")
        let expected = temporary.appending("expected"), actual = temporary.appending("actual")
        try write(Data(), "empty before.txt", in: expected)
        try write(Data(), "empty after.txt", in: actual)
        try write(Data("moved".utf8), "old.txt", in: expected)
        try write(Data("moved".utf8), "new.txt", in: actual)
        let asked = AskedPaths()
        let difference = try #require(try comparator(asked: asked).compare(expectedAt: expected, actualAt: actual))
        // Empty files are never paired as renames: the walk's unknown sizes must have been examined.
        #expect(
            difference.children.map(\.summary) == [
                "a file is not on the expected side", "a file is missing from the actual side",
                "the file was renamed to new.txt with the same contents",
            ])
        #expect(asked.sorted.isEmpty)
        withExtendedLifetime(temporary) {}
    }
}
