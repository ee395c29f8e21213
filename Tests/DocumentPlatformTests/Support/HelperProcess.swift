import Foundation
import Testing

/// Runs `docmigrate-test-helper`, the second process that concurrency tests need.
///
/// The helper is built next to the test bundle because the test target depends on it.
struct HelperProcess {
    /// The built helper next to the running test binary.
    static func executableURL() throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // On Apple systems the tests run inside an .xctest bundle: climb out of it.
        while directory.path.contains(".xctest") { directory = directory.deletingLastPathComponent() }
        let helper = directory.appendingPathComponent("docmigrate-test-helper")
        try #require(FileManager.default.isExecutableFile(atPath: helper.path), "helper not built at \(helper.path)")
        return helper
    }

    /// The result of a finished helper run.
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Starts the helper in `mode` and returns the running process with its output pipes.
    static func start(_ mode: String, _ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = [mode] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }

    /// Waits for a process started by `start` and collects its output.
    static func finish(_ started: (Process, Pipe, Pipe)) -> Result {
        let (process, output, error) = started
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }

    /// Runs the helper to completion.
    static func run(_ mode: String, _ arguments: [String]) throws -> Result {
        finish(try start(mode, arguments))
    }
}
