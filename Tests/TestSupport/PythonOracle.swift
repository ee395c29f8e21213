import Foundation

/// Runs a short Python 3 program as an independent oracle and returns what it printed.
public enum PythonOracle {
    /// Why the oracle could not answer.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `program` with `input` on standard input; throws when Python exits non-zero.
    public static func run(_ program: String, input: Data = Data()) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program]
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed: \(String(decoding: complaint, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
