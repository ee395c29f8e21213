import Foundation
import TestSupport
import Testing

/// Runs the built `docmigrate` binary as a child process.
///
/// The test target depends on the executable, so SwiftPM builds it next to the test binary.
enum BuiltExecutable {
    /// The outcome of one run of the binary.
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `docmigrate` binary next to the running test binary.
    static func url() throws -> URL {
        try BuiltProduct.url(named: "docmigrate")
    }

    /// Runs the binary with `arguments` and an environment without `CI`, and waits for it.
    ///
    /// The streams go to files rather than pipes: a child that fills one pipe while the test
    /// reads the other would block forever, and files also prove the output reached the
    /// descriptor before the process exited.
    static func run(_ arguments: [String]) throws -> Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("docmigrate-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        process.environment = environment
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
        )
    }
}
