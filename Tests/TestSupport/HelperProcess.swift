import Foundation

/// Runs `docmigrate-test-helper`, the second process that concurrency tests need.
///
/// The helper is built next to the test binary because the test targets depend on it.
public struct HelperProcess {
    /// Why the helper could not be started.
    public struct NotBuilt: Error, CustomStringConvertible {
        public let description: String
    }

    /// The built helper next to the running test binary.
    public static func executableURL() throws -> URL {
        try BuiltProduct.url(named: "docmigrate-test-helper")
    }

    /// The result of a finished helper run.
    public struct Result {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// A started helper with its output pipes.
    public typealias Running = (Process, Pipe, Pipe)

    /// Starts the helper in `mode` and returns the running process with its output pipes.
    public static func start(
        _ mode: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> Running {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = [mode] + arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }

    /// Waits for a process started by `start` and collects its output.
    public static func finish(_ started: Running) -> Result {
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
    public static func run(_ mode: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result
    {
        finish(try start(mode, arguments, environment: environment))
    }
}

/// Executables of this package, built next to the test binary.
public enum BuiltProduct {
    /// The executable `name` in the folder of the running test binary.
    public static func url(named name: String) throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // On Apple systems the tests run inside an .xctest bundle: climb out of it.
        while directory.path.contains(".xctest") { directory = directory.deletingLastPathComponent() }
        let executable = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HelperProcess.NotBuilt(description: "\(name) is not built at \(executable.path)")
        }
        return executable
    }
}
