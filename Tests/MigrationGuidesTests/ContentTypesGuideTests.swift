import Foundation
import TestSupport
import Testing

/// The lint-plist section of the content-types guide shows what the tool prints, on the files the guide shows.
///
/// `GuideDocumentTests` runs the section's shell blocks and checks their exit status; this suite
/// also checks that the `text` block after each `docmigrate lint-plist` block is exactly its
/// output, and that the two `xml` blocks are the fixture's broken and fixed Info.plist.
@Suite struct ContentTypesGuideTests {
    static let guide = GuideSnippetTests.guides.appendingPathComponent("08-content-types-and-the-audit.md")
    static let fixture = GuideDocumentTests.fixtures.appendingPathComponent("lint-plist")

    /// The fenced blocks of the guide, in order, with their fence's language.
    static func blocks() throws -> [(language: String, text: String)] {
        let lines = try String(contentsOf: guide, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [(language: String, text: String)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```"), lines[index].count > 3 else {
                index += 1
                continue
            }
            let language = String(lines[index].dropFirst(3))
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            blocks.append((language, body.map { $0 + "\n" }.joined()))
            index += 1
        }
        return blocks
    }

    @Test func theShownOutputIsWhatTheToolPrints() throws {
        let blocks = try Self.blocks()
        let binary = try BuiltProduct.url(named: "docmigrate")
        var checked = 0
        for (index, block) in blocks.enumerated()
        where block.language == "sh" && block.text.hasPrefix("docmigrate lint-plist ") {
            let shown = try #require(blocks.dropFirst(index + 1).first, "no block follows \(block.text)")
            #expect(shown.language == "text")
            let process = Process()
            process.executableURL = binary
            process.arguments = block.text.trimmingCharacters(in: .whitespacesAndNewlines)
                .split(separator: " ").dropFirst().map(String.init)
            process.currentDirectoryURL = Self.fixture
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(printed == shown.text)
            checked += 1
        }
        #expect(checked == 2)
    }

    @Test func theShownInfoPlistsAreTheFixtures() throws {
        let xml = try Self.blocks().filter { $0.language == "xml" }.map(\.text)
        let broken = try String(contentsOf: Self.fixture.appendingPathComponent("Info.plist"), encoding: .utf8)
        let fixed = try String(contentsOf: Self.fixture.appendingPathComponent("Fixed/Info.plist"), encoding: .utf8)
        #expect(xml == [broken, fixed])
    }
}
