import DocMigrateCommands
import Foundation
import TestSupport
import Testing

/// A team's own format: a tally of lines, one count per line (`apples 3`).
struct TallyCodec: DocumentCodec {
    static let identifier = "tally"
    static let contentType = UTType(exportedAs: "com.example.tally", conformingTo: .utf8PlainText)
    static var readableContentTypes: [UTType] { [contentType] }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> [String: Int] {
        guard let data = file.regularFileContents, let text = String(data: data, encoding: .utf8) else {
            throw CodecError(code: "tally.unreadable", message: "a tally is a UTF-8 file")
        }
        var counts: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n").enumerated() {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let count = Int(parts[1]) else {
                throw CodecError(
                    code: "tally.bad-line", message: "a line is a name and a count",
                    location: .line(index + 1, column: 1))
            }
            counts[String(parts[0])] = count
        }
        return counts
    }

    func encode(_ counts: [String: Int], previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(
            regularFileWithContents: Data(counts.keys.sorted().map { "\($0) \(counts[$0] ?? 0)\n" }.joined().utf8))
    }
}

/// The team's legacy document type, as it ships.
struct TallyFile: FileDocument {
    static var readableContentTypes: [UTType] { [TallyCodec.contentType] }
    var counts: [String: Int] = [:]
    init(configuration: ReadConfiguration) throws {
        counts = try TallyCodec().decode(configuration.file, contentType: configuration.contentType)
    }
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        try TallyCodec().encode(counts, previous: configuration.existingFile, contentType: configuration.contentType)
    }
}

/// The team's new document type.
@Observable
final class TallyDocument: Document {
    static let readableContentTypes: [UTType] = [TallyCodec.contentType]
    var counts: [String: Int] = [:]
    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<[String: Int]> {
        let type = configuration.contentType
        return FileWrapperDocumentReader(configuration) { try TallyCodec().decode($0, contentType: type) }
    }
    @MainActor func apply(snapshot: sending [String: Int], previous: sending [String: Int]?) async throws {
        counts = snapshot
    }
    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<[String: Int]> {
        let type = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { counts, previous in
            try TallyCodec().encode(counts, previous: previous, contentType: type)
        }
    }
    @MainActor func snapshot(contentType: UTType) async throws -> sending [String: Int] { counts }
}

@Suite struct VerifyVerbTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theBinaryVerifiesTheShippedCorpus() throws {
        let result = try BuiltExecutable.run(["verify", Self.repository.appendingPathComponent("GoldenFiles").path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasSuffix(" passed, 0 failed\n"))
        #expect(result.standardOutput.contains("ok    notebook/cases/Trip.notebook → plain-text"))
    }

    @Test func aBrokenManifestExitsTwoNamingTheFile() throws {
        let folderDirectory = try TemporaryDirectory("verify")
        let folder = folderDirectory.url
        try Data(#"{"manifestVersion": 7}"#.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let result = try BuiltExecutable.run(["verify", folder.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("manifest.json: key path manifestVersion:"))
        #expect(result.standardError.contains("[manifest.version.unsupported]"))
    }

    @Test(arguments: [["--report", "xml:out"], ["--report", "json"], ["--jobs", "0"], ["--jobs", "many"]])
    func badOptionsAreUsageErrors(_ options: [String]) async {
        let run = await InProcessRun.run(["verify"] + options)
        #expect(run.exitCode == .usageError)
        #expect(run.standardError.hasPrefix("Error: "))
    }

    @Test func aTeamToolVerifiesItsOwnFormatThroughItsOwnDocumentTypes() async throws {
        let folderDirectory = try TemporaryDirectory("tally")
        let folder = folderDirectory.url
        let corpus = folder.appendingPathComponent("tally")
        try FileManager.default.createDirectory(
            at: corpus.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try Data("apples 3\npears 5\n".utf8).write(to: corpus.appendingPathComponent("cases/fruit.tally"))
        try Data("apples three\n".utf8).write(to: corpus.appendingPathComponent("cases/broken.tally"))
        try Data(
            """
            {"manifestVersion": 1, "codec": "tally", "contentType": "com.example.tally",
             "cases": [{"input": "cases/fruit.tally"}, {"input": "cases/broken.tally", "expect": {"rejected": "tally.bad-line"}}]}
            """.utf8
        ).write(to: corpus.appendingPathComponent("manifest.json"))

        var tool = CommandLineTool.docmigrate
        tool.name = "tally-migrate"
        tool.codecs.register(TallyCodec.self)
        tool.routes.register(.fileDocument(TallyFile.self, name: "TallyFile", codec: "tally"))
        tool.routes.register(.document(name: "TallyDocument", codec: "tally") { TallyDocument() })
        let reportURL = folder.appendingPathComponent("report.json")
        let run = await InProcessRun.run(["verify", folder.path, "--report", "json:\(reportURL.path)"], tool: tool)
        #expect(run.exitCode == .success, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("2 passed, 0 failed\n"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reportURL)) as? [String: Any])
        let cases = try #require(report["cases"] as? [[String: Any]])
        #expect(cases.first?["routes"] as? [String] == VerificationRoute.adapterNames + ["TallyFile", "TallyDocument"])
    }
}
