// swift-format-ignore-file
// The snippet regions are the guides' text, laid out for a reader of the guide; the formatter leaves them alone.
// The code of MigrationGuides/07-writing-a-codec.md. Each `// snippet:` region is copied verbatim into
// the guide (GuideSnippetTests checks it), and the tests below run it.
import DocMigrateCommands
import DocumentCodecs
import Foundation
import TestSupport
import Testing

// snippet: task-list-codec
extension UTType {
    static let taskList = UTType(exportedAs: "com.example.task-list", conformingTo: .utf8PlainText)
}

struct TaskItem: Equatable, Sendable {
    var title: String
    var isDone: Bool
}

/// A task list, one task per line: `- [ ] title` or `- [x] title`, each line ending in LF.
struct TaskListCodec: DocumentCodec {
    static let identifier = "task-list"
    static var readableContentTypes: [UTType] { [.taskList] }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> [TaskItem] {
        guard file.isRegularFile, let data = file.regularFileContents else {
            throw CodecError(code: "task-list.not-a-file", message: "a task list is one text file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CodecError(code: "task-list.not-utf8", message: "the file is not UTF-8 text")
        }
        var tasks: [TaskItem] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            if line.hasPrefix("- [ ] ") {
                tasks.append(TaskItem(title: String(line.dropFirst(6)), isDone: false))
            } else if line.hasPrefix("- [x] ") {
                tasks.append(TaskItem(title: String(line.dropFirst(6)), isDone: true))
            } else {
                throw CodecError(
                    code: "task-list.bad-line", message: "a line must start with '- [ ] ' or '- [x] '",
                    location: .line(index + 1, column: 1))
            }
        }
        guard text.isEmpty || text.hasSuffix("\n") else {
            throw CodecError(code: "task-list.no-final-newline", message: "the last line must end with a line feed")
        }
        return tasks
    }

    func encode(_ tasks: [TaskItem], previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        let text = tasks.map { "- [\($0.isDone ? "x" : " ")] \($0.title)\n" }.joined()
        return FileWrapper(regularFileWithContents: Data(text.utf8))
    }

    /// Says where two task lists differ, task by task, for semantic comparison.
    func differences(expected: [TaskItem], actual: [TaskItem]) -> [SnapshotDifference] {
        var differences: [SnapshotDifference] = []
        for index in 0..<max(expected.count, actual.count) {
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            guard left != right else { continue }
            differences.append(SnapshotDifference(
                path: "tasks[\(index)]",
                expected: left.map { "\($0.isDone ? "done" : "open"): \($0.title)" },
                actual: right.map { "\($0.isDone ? "done" : "open"): \($0.title)" },
                summary: left == nil ? "a task was added" : right == nil ? "a task is missing" : "the task differs"))
        }
        return differences
    }
}
// end snippet

// snippet: task-list-streaming
extension TaskListCodec {
    /// Reads from the URL directly, with one unit of progress per 64 KiB read.
    func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> [TaskItem] {
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        let chunk = 64 * 1024
        let manager = progress.start(totalCount: max(1, (size + chunk - 1) / chunk))
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var data = Data()
        while let piece = try handle.read(upToCount: chunk), !piece.isEmpty {
            data.append(piece)
            manager.complete(count: 1)
        }
        return try decode(FileWrapper(regularFileWithContents: data), contentType: contentType)
    }
}
// end snippet

/// The app's legacy type, registered as a route so the matrix checks it against the new ones.
struct TaskListFile: FileDocument {
    static var readableContentTypes: [UTType] { [.taskList] }
    var tasks: [TaskItem] = []

    init() {}

    init(configuration: ReadConfiguration) throws {
        tasks = try TaskListCodec().decode(configuration.file, contentType: configuration.contentType)
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        try TaskListCodec().encode(tasks, previous: configuration.existingFile, contentType: configuration.contentType)
    }
}

@MainActor
@Suite struct CustomCodecSnippets {
    static let sample = [TaskItem(title: "Write the codec", isDone: true), TaskItem(title: "Add golden files", isDone: false)]

    @Test func theFourRoutesComeFree() async throws {
        let folder = try TemporaryDirectory("guide-task-list")
        let corpus = folder.appending("task-list")
        try FileManager.default.createDirectory(at: corpus.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try Data("- [x] Write the codec\n- [ ] Add golden files\n".utf8).write(to: corpus.appendingPathComponent("cases/Plan.tasks"))
        try Data("- [x] fine\n* wrong\n".utf8).write(to: corpus.appendingPathComponent("cases/Bad.tasks"))
        try Data(Self.manifest.utf8).write(to: corpus.appendingPathComponent("manifest.json"))
        // snippet: task-list-tool
        var tool = CommandLineTool.docmigrate
        tool.name = "tasks-migrate"
        tool.codecs.register(TaskListCodec.self)
        tool.routes.register(.fileDocument(TaskListFile.self, name: "app.task-list-file", codec: "task-list"))
        // end snippet
        let (code, output) = await FileDocumentMigrationSnippets.run(tool, ["verify", corpus.path])
        #expect(code == .success, "\(output)")
        #expect(output.contains("2 passed, 0 failed"), "\(output)")
    }

    static let manifest = """
        {
          "manifestVersion": 1,
          "codec": "task-list",
          "contentType": "com.example.task-list",
          "compare": { "members": [], "fallback": "bytes" },
          "cases": [
            { "input": "cases/Plan.tasks" },
            { "input": "cases/Bad.tasks", "expect": { "rejected": "task-list.bad-line" } }
          ]
        }
        """

    @Test func aBadLineIsNamedByItsPlace() throws {
        let error = #expect(throws: CodecError.self) {
            try TaskListCodec().decode(FileWrapper(regularFileWithContents: Data("- [x] fine\n* wrong\n".utf8)), contentType: .taskList)
        }
        #expect(error?.description == "line 2, column 1: a line must start with '- [ ] ' or '- [x] ' [task-list.bad-line]")
    }

    @Test func differencesSayWhichTask() {
        // snippet: task-list-differences
        let changed = [TaskItem(title: "Write the codec", isDone: true), TaskItem(title: "Add golden files", isDone: true)]
        let differences = TaskListCodec().differences(expected: Self.sample, actual: changed)
        #expect(differences.map(\.description) == [
            "tasks[1]: the task differs; expected open: Add golden files; actual done: Add golden files",
        ])
        // end snippet
    }

    @Test func streamingReadsReportProgress() async throws {
        let folder = try TemporaryDirectory("guide-task-stream")
        let url = folder.appending("Long.tasks")
        let tasks = (0..<20_000).map { TaskItem(title: "Task number \($0)", isDone: $0 % 3 == 0) }
        try TaskListCodec().encode(tasks, previous: nil, contentType: .taskList).write(to: url, options: .atomic, originalContentsURL: nil)
        let overall = ProgressManager(totalCount: 1)
        let read = try await TaskListCodec().read(from: url, contentType: .taskList, progress: overall.subprogress(assigningCount: 1))
        #expect(read == tasks)
        #expect(overall.fractionCompleted == 1)
        // The URL route of the codec uses this read, so the verifier exercises it too.
        let host = DocumentHost { _, _ in CodecURLDocument<TaskListCodec>() }
        #expect(try await host.open(url, contentType: .taskList).content == tasks)
    }
}
