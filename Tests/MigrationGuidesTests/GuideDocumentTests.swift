import Foundation
import TestSupport
import Testing

/// The guides' shell commands run, and their links resolve.
///
/// A shell block (```sh, ```shell, ```bash or ```console) that runs `docmigrate` must be marked on
/// the line before its fence with `<!-- shell: fixture=NAME exit=N -->`. The test copies
/// `Tests/MigrationGuidesTests/Fixtures/NAME` into a fresh temporary folder (`fixture=none` for an
/// empty one; NAME may lead into another test target's fixtures, as `../../SourceAuditTests/Fixtures/Clean`,
/// so that one fixture serves its own tests and the guide), runs the block there with `/bin/sh` under `set -e` — `swift
/// run docmigrate` and
/// `docmigrate` both mean the binary built with the tests, and a leading `$ ` prompt is dropped —
/// and expects exit status N (0 when `exit=` is left out). `CI` is removed from the environment
/// unless the marker says `ci=true`, so the commands behave as on a developer's machine. Blocks of
/// one guide with the same `session=NAME` share one folder, made from the first one's fixture, so a
/// guide can show a workflow over several blocks (record, review, accept).
@Suite struct GuideDocumentTests {
    static let root = GuideSnippetTests.root
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct ShellBlock: CustomStringConvertible {
        var guide: String
        var line: Int
        var marker: [String: String]?
        var commands: String
        var description: String { "\(guide):\(line)" }
    }

    static let shellFences: Set<String> = ["sh", "shell", "bash", "console"]

    /// The Markdown files the tests cover: every guide and the top-level README.
    static func documents() throws -> [URL] {
        let guides = try FileManager.default.contentsOfDirectory(atPath: GuideSnippetTests.guides.path)
            .filter { $0.hasSuffix(".md") }.sorted().map { GuideSnippetTests.guides.appendingPathComponent($0) }
        return guides + [root.appendingPathComponent("README.md")]
    }

    static func shellBlocks() throws -> [ShellBlock] {
        var blocks: [ShellBlock] = []
        for url in try documents() where url.deletingLastPathComponent().lastPathComponent == "MigrationGuides" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                let fence = lines[index].trimmingCharacters(in: .whitespaces)
                guard fence.hasPrefix("```"), shellFences.contains(String(fence.dropFirst(3))) else {
                    index += 1
                    continue
                }
                let marker = index > 0 ? parseMarker(lines[index - 1]) : nil
                let start = index + 1
                index += 1
                var body: [String] = []
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                    body.append(lines[index])
                    index += 1
                }
                blocks.append(
                    ShellBlock(
                        guide: url.lastPathComponent, line: start, marker: marker,
                        commands: body.joined(separator: "\n")))
                index += 1
            }
        }
        return blocks
    }

    static func parseMarker(_ line: String) -> [String: String]? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- shell:"), trimmed.hasSuffix("-->") else { return nil }
        var fields: [String: String] = [:]
        for word in trimmed.dropFirst("<!-- shell:".count).dropLast(3).split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    static func usesDocmigrate(_ block: ShellBlock) -> Bool {
        block.commands.components(separatedBy: "\n").contains { line in
            let command = line.trimmingCharacters(in: .whitespaces)
            let withoutPrompt = command.hasPrefix("$ ") ? String(command.dropFirst(2)) : command
            return withoutPrompt.hasPrefix("docmigrate ") || withoutPrompt.hasPrefix("swift run docmigrate")
        }
    }

    @Test func everyShellBlockThatRunsDocmigrateIsMarked() throws {
        for block in try Self.shellBlocks() where Self.usesDocmigrate(block) {
            #expect(
                block.marker != nil, "\(block) runs docmigrate but has no <!-- shell: fixture=NAME exit=N --> marker")
        }
    }

    @Test func everyMarkedShellBlockExitsAsItSays() throws {
        let binary = try BuiltProduct.url(named: "docmigrate")
        let blocks = try Self.shellBlocks().filter { $0.marker != nil }
        var sessions: [String: TemporaryDirectory] = [:]
        for block in blocks {
            let marker = block.marker ?? [:]
            let sessionKey = marker["session"].map { block.guide + "/" + $0 }
            if let sessionKey, let folder = sessions[sessionKey] {
                try run(block, in: folder, binary: binary)
                continue
            }
            let folder = try TemporaryDirectory("guide-shell")
            if let sessionKey { sessions[sessionKey] = folder }
            let fixture = marker["fixture"] ?? "none"
            if fixture != "none" {
                let source = Self.fixtures.appendingPathComponent(fixture)
                for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
                    try FileManager.default.copyItem(
                        at: source.appendingPathComponent(name), to: folder.appending(name))
                }
            }
            try run(block, in: folder, binary: binary)
        }
    }

    private func run(_ block: ShellBlock, in folder: TemporaryDirectory, binary: URL) throws {
        let marker = block.marker ?? [:]
        let script = block.commands.components(separatedBy: "\n").map { line -> String in
            var command = line
            if command.trimmingCharacters(in: .whitespaces).hasPrefix("$ ") {
                command = String(command.trimmingCharacters(in: .whitespaces).dropFirst(2))
            }
            return command.replacingOccurrences(of: "swift run docmigrate", with: "docmigrate")
        }.joined(separator: "\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "set -e\n" + script]
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        if marker["ci"] == "true" { environment["CI"] = "true" } else { environment.removeValue(forKey: "CI") }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = Int32(marker["exit"] ?? "0") ?? -1
        #expect(
            process.terminationStatus == expected,
            "\(block) exited \(process.terminationStatus), not \(expected):\n\(text)")
    }

    @Test func relativeLinksResolve() throws {
        let link = /\]\(([^)\s]+)\)/
        for url in try Self.documents() {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(match.output.1)
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:")
                    || target.hasPrefix("#")
                {
                    continue
                }
                let path = target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? target
                let resolved = url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                #expect(
                    FileManager.default.fileExists(atPath: resolved.path),
                    "\(url.lastPathComponent) links to \(target), which does not exist")
            }
        }
    }

    /// Every `Package.swift` under `Fixtures/`: packages a guide shows, which cannot be built here.
    static func fixturePackageManifests() -> [URL] {
        let enumerator = FileManager.default.enumerator(atPath: fixtures.path)
        var manifests: [URL] = []
        while let path = enumerator?.nextObject() as? String {
            if (path as NSString).lastPathComponent == "Package.swift" {
                manifests.append(fixtures.appendingPathComponent(path))
            }
        }
        return manifests.sorted { $0.path < $1.path }
    }

    @Test func thePackageManifestsTheGuidesShowAreValid() throws {
        let manifests = Self.fixturePackageManifests()
        #expect(!manifests.isEmpty)
        for manifest in manifests {
            // `dump-package` compiles and evaluates the manifest without fetching its dependencies.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "dump-package"]
            process.currentDirectoryURL = manifest.deletingLastPathComponent()
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(manifest.path): \(text)")
            #expect(text.contains("\"DocMigrateCommands\""), "\(manifest.path) does not depend on DocMigrateCommands")
        }
    }

    @Test func theMarkerParserReadsItsFields() {
        #expect(
            Self.parseMarker("<!-- shell: fixture=goldens exit=1 ci=true -->") == [
                "fixture": "goldens", "exit": "1", "ci": "true",
            ])
        #expect(Self.parseMarker("<!-- snippet: x -->") == nil)
    }
}
