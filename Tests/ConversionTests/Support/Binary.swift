import Foundation
import TestSupport

/// Runs the built `docmigrate` binary (and other programs) as child processes.
enum Binary {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Starts `executable` with `arguments`; output goes to files in `folder` named after `label`.
    static func start(_ executable: URL, _ arguments: [String], in folder: URL, label: String) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        process.environment = environment
        process.currentDirectoryURL = folder
        let outputURL = folder.appendingPathComponent(label + ".stdout")
        let errorURL = folder.appendingPathComponent(label + ".stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        return process
    }

    /// Runs `executable` to completion.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL, label: String = "run") throws -> Result {
        let process = try start(executable, arguments, in: folder, label: label)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: (try? String(contentsOf: folder.appendingPathComponent(label + ".stdout"), encoding: .utf8))
                ?? "",
            standardError: (try? String(contentsOf: folder.appendingPathComponent(label + ".stderr"), encoding: .utf8))
                ?? "")
    }

    /// The built `docmigrate`.
    static func docmigrate() throws -> URL { try BuiltProduct.url(named: "docmigrate") }

    /// The first executable named `name` on PATH, or nil.
    static func onPath(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
