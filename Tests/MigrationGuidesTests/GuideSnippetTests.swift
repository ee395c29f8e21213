import Foundation
import Testing

/// Every Swift block in `MigrationGuides/` is a snippet of a file in `Snippets/`, which these tests compile and run.
///
/// A guide marks a block with `<!-- snippet: NAME -->` on the line before its opening fence; the
/// snippet sources mark the same code with `// snippet: NAME` and `// end snippet`. A block whose
/// text differs from its snippet (after removing the common indentation) fails here, so no code in
/// a guide can drift from code that compiles and passes.
@Suite struct GuideSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let guides = root.appendingPathComponent("MigrationGuides")
    static let snippetSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Snippets")

    struct Block: CustomStringConvertible {
        var guide: String
        var line: Int
        var snippet: String?
        var code: String
        var description: String { "\(guide):\(line)" }
    }

    /// The Swift blocks of every guide, with the snippet name each is marked with.
    static func swiftBlocks() throws -> [Block] {
        var blocks: [Block] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: guides.path).filter { $0.hasSuffix(".md") }
            .sorted()
        for name in names {
            let lines = try String(contentsOf: guides.appendingPathComponent(name), encoding: .utf8).components(
                separatedBy: "\n")
            var index = 0
            while index < lines.count {
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("```swift") {
                    var marker: String?
                    if index > 0 {
                        let previous = lines[index - 1].trimmingCharacters(in: .whitespaces)
                        if previous.hasPrefix("<!-- snippet:"), previous.hasSuffix("-->") {
                            marker = previous.dropFirst("<!-- snippet:".count).dropLast(3).trimmingCharacters(
                                in: .whitespaces)
                        }
                    }
                    var code: [String] = []
                    index += 1
                    while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                        code.append(lines[index])
                        index += 1
                    }
                    blocks.append(Block(guide: name, line: index - code.count, snippet: marker, code: dedent(code)))
                }
                index += 1
            }
        }
        return blocks
    }

    /// The marked regions of the snippet sources, by name.
    static func snippets() throws -> [String: String] {
        var result: [String: String] = [:]
        // The compiled snippet sources, and the manifests of the fixture packages (checked by GuideDocumentTests).
        var sources = try FileManager.default.contentsOfDirectory(atPath: snippetSources.path)
            .filter { $0.hasSuffix(".swift") }.map { snippetSources.appendingPathComponent($0) }
        sources += GuideDocumentTests.fixturePackageManifests()
        for source in sources {
            let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
            var current: (name: String, lines: [String])?
            for line in lines {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// snippet:") {
                    current = (trimmed.dropFirst("// snippet:".count).trimmingCharacters(in: .whitespaces), [])
                } else if trimmed == "// end snippet", let finished = current {
                    result[finished.name] = dedent(finished.lines)
                    current = nil
                } else if current != nil {
                    current?.lines.append(line)
                }
            }
        }
        return result
    }

    static func dedent(_ lines: [String]) -> String {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map {
            $0.prefix { $0 == " " }.count
        }
        let common = indents.min() ?? 0
        return lines.map { $0.count >= common ? String($0.dropFirst(common)) : $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    @Test func everySwiftBlockIsAMarkedSnippet() throws {
        let blocks = try Self.swiftBlocks()
        #expect(!blocks.isEmpty, "the guides hold no Swift code")
        for block in blocks {
            #expect(block.snippet != nil, "\(block) has a Swift block without a <!-- snippet: NAME --> marker")
        }
    }

    @Test func everySnippetInTheGuidesMatchesCompiledCode() throws {
        let snippets = try Self.snippets()
        for block in try Self.swiftBlocks() {
            guard let name = block.snippet else { continue }
            guard let code = snippets[name] else {
                Issue.record("\(block) names the snippet '\(name)', which no file in Snippets/ defines")
                continue
            }
            #expect(block.code == code, "\(block): the guide's code differs from the snippet '\(name)'")
        }
    }
}
