import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct InspectVerbTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func golden(_ path: String) -> String {
        repository.appendingPathComponent("GoldenFiles").appendingPathComponent(path).path
    }

    @Test func theBinaryPrintsTheShippedTextGoldenAsATree() throws {
        let path = Self.golden("text/plain-text/cases/hello.txt")
        let result = try BuiltExecutable.run(["inspect", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.hasPrefix(
                "file: \(path)\ncontent type: public.plain-text\ncodec: plain-text\nsnapshot: Formats.TextDocument {\n  text: \"Hello, world.\\n\"\n  encoding: \"utf-8\"\n"
            ))
        #expect(result.standardError == "")
    }

    @Test func theBinaryExitsTwoWithTheLocatedErrorOfAnUndecodableFile() throws {
        let path = Self.golden("text/plain-text/cases/invalid-utf8.txt")
        let result = try BuiltExecutable.run(["inspect", path])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "Error: \(path): byte 12 (0xc): the byte 0xFF here is not UTF-8, the file has no byte-order mark and is not UTF-16, and no fallback encoding was declared: name the encoding with --fallback-encoding (macintosh, windows-1252, iso-8859-1) or --encoding, or \"codecOptions\" in a golden manifest [text.undetectable-encoding]\n"
        )
    }

    @Test func printsTheNotebookGoldenTheSameWayEveryRun() async throws {
        let path = Self.golden("notebook/cases/Trip.notebook")
        let first = await InProcessRun.run(["inspect", path])
        let second = await InProcessRun.run(["inspect", path])
        #expect(first.exitCode == .success)
        #expect(first == second)
        #expect(
            first.standardOutput == """
                file: \(path)
                content type: com.example.notebook
                codec: notebook
                snapshot: Formats.Notebook {
                  title: "Trip to Lisbon"
                  pages: [
                    0: Formats.Notebook.Page {
                      id: UUID(E18ABB36-A7AA-5D41-AE09-4EC5C8757E86)
                      text: "Day one: arrived.\\n"
                    }
                    1: Formats.Notebook.Page {
                      id: UUID(1741B351-8D36-51CE-B44B-B08DEC81E36D)
                      text: "Day two: tram 28.\\n"
                    }
                    2: Formats.Notebook.Page {
                      id: UUID(7DE68407-962A-5E40-AFFA-458F8C8E4A12)
                      text: "Day three: pastéis de nata.\\n"
                    }
                  ]
                }

                """)
    }

    @Test func printsTheVersionedJSONSchema() async throws {
        let path = Self.golden("notebook/cases/Trip.notebook")
        let run = await InProcessRun.run(["inspect", "--format", "json", path])
        #expect(run.exitCode == .success)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "docmigrate.inspect")
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["file"] as? String == path)
        #expect(object["codec"] as? String == "notebook")
        #expect(object["contentType"] as? String == "com.example.notebook")
        let snapshot = try #require(object["snapshot"] as? [String: Any])
        #expect(snapshot["type"] as? String == "object")
        let fields = try #require(snapshot["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["title", "pages"])
        let pages = try #require(fields[1]["value"] as? [String: Any])
        #expect((pages["elements"] as? [Any])?.count == 3)
    }

    @Test func aTypeNoCodecReadsExitsTwoListingTheRegisteredCodecs() async throws {
        let folderDirectory = try TemporaryDirectory("inspect")
        let folder = folderDirectory.url
        let blob = folder.appendingPathComponent("blob.bin").path
        try Data([0, 1, 0xFF]).write(to: URL(fileURLWithPath: blob))
        let run = await InProcessRun.run(["inspect", blob])
        #expect(run.exitCode == .couldNotProceed)
        #expect(run.standardOutput == "")
        #expect(
            run.standardError.hasPrefix(
                "Error: \(blob): no registered codec reads the content type public.data (found from the first bytes)"))
        #expect(
            run.standardError.contains(
                "plain-text (public.utf8-plain-text, public.plain-text); markdown (net.daringfireball.markdown); notebook (com.example.notebook); json (public.json)"
            ))
        #expect(run.standardError.hasSuffix("[inspect.no-codec]\n"))

        // The same bytes named as plain text by --type reach the codec, which rejects them with its own code.
        let typed = await InProcessRun.run(["inspect", "--type", "public.plain-text", blob])
        #expect(typed.exitCode == .couldNotProceed)
        #expect(
            typed.standardError
                == "Error: \(blob): byte 2 (0x2): the byte 0xFF here is not UTF-8, the file has no byte-order mark and is not UTF-16, and no fallback encoding was declared: name the encoding with --fallback-encoding (macintosh, windows-1252, iso-8859-1) or --encoding, or \"codecOptions\" in a golden manifest [text.undetectable-encoding]\n"
        )

        let image = folder.appendingPathComponent("photo.png").path
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: image))
        let unknown = await InProcessRun.run(["inspect", image])
        #expect(unknown.exitCode == .couldNotProceed)
        #expect(unknown.standardError.contains("public.png (found from the filename extension)"))
    }

    @Test func aMissingFileExitsTwoAndABadFormatIsAUsageError() async {
        let missing = await InProcessRun.run(["inspect", "/nonexistent/docmigrate/file.txt"])
        #expect(
            missing
                == InProcessRun(
                    exitCode: .couldNotProceed, standardOutput: "",
                    standardError:
                        "Error: /nonexistent/docmigrate/file.txt: there is no file or folder here [inspect.missing]\n"))
        let badFormat = await InProcessRun.run(["inspect", "--format", "yaml", "x.txt"])
        #expect(badFormat.exitCode == .usageError)
        #expect(badFormat.standardError.hasPrefix("Error: The value 'yaml' is invalid for '--format <format>'"))
    }

    @Test func aTeamsCodecIsReachableWithoutCommandLineCode() async throws {
        var tool = CommandLineTool.docmigrate
        tool.codecs.register(TallyCodec.self)
        let folderDirectory = try TemporaryDirectory("inspect")
        let folder = folderDirectory.url
        let file = folder.appendingPathComponent("fruit.tally").path
        try Data("pears 2\napples 3\n".utf8).write(to: URL(fileURLWithPath: file))
        let run = await InProcessRun.run(["inspect", file], tool: tool)
        #expect(run.exitCode == .success, "\(run.standardError)")
        #expect(
            run.standardOutput.hasSuffix(
                """
                content type: com.example.tally
                codec: tally
                snapshot: {
                  "apples" => 3
                  "pears" => 2
                }

                """))
    }
}
