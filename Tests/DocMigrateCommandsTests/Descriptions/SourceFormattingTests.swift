import Foundation
import Testing

/// The sources against the checked-in `.swift-format`: `swift-format lint --strict` finds nothing, so the code
/// follows the configuration (120-character lines, four-space indentation) rather than only owning it.
@Suite struct SourceFormattingTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `swift-format` from the toolchain: beside `swift` on the search path (Swift 6 toolchains ship it).
    static func swiftFormat() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift-format")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Every Swift file of `Sources/` and `Tests/` and the manifest, as relative paths; `Fixtures/` folders hold
    /// other apps' sources that tests read as data (their lines and columns are expected), so they are left out.
    static func formattedFiles() throws -> [String] {
        var files = ["Package.swift"]
        for root in ["Sources", "Tests"] {
            let folder = repository.appendingPathComponent(root)
            guard let walk = FileManager.default.enumerator(atPath: folder.path) else { continue }
            while let path = walk.nextObject() as? String {
                if path.split(separator: "/").contains("Fixtures") { continue }
                if path.hasSuffix(".swift") { files.append(root + "/" + path) }
            }
        }
        return files.sorted()
    }

    @Test func theSourcesFollowTheCheckedInConfiguration() throws {
        let tool = try #require(Self.swiftFormat(), "swift-format is not on PATH; the Swift 6 toolchain ships it")
        let files = try Self.formattedFiles()
        #expect(files.count > 500, "the sources were not found under \(Self.repository.path)")
        let process = Process()
        process.executableURL = tool
        process.currentDirectoryURL = Self.repository
        process.arguments = ["lint", "--strict", "--parallel"] + files
        let findings = Pipe()
        process.standardOutput = findings
        process.standardError = findings
        try process.run()
        let output = findings.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(
            process.terminationStatus == 0 && lines.isEmpty,
            """
            swift-format lint found \(lines.count) findings; fix them with \
            `swift-format format --in-place --parallel <the files>` (Fixtures/ excluded):
            \(lines.prefix(20).joined(separator: "\n"))
            """)
    }
}
