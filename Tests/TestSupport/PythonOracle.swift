import Foundation
import Synchronization

/// Runs a short Python 3 program as an independent oracle and returns what it printed.
public enum PythonOracle {
    /// Why the oracle could not answer.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `program` with `input` on standard input; throws when Python exits non-zero.
    ///
    /// The input is written, and standard error read, on threads of their own while standard output
    /// is read here: a program that prints while it still reads (more than a pipe's 64 KiB each way)
    /// would otherwise wait for us while we wait for it.
    public static func run(_ program: String, input: Data = Data()) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program]
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        let group = DispatchGroup()
        let writer = standardInput.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            writer.write(input)
            try? writer.close()
        }
        let complaint = Mutex(Data())
        let errorReader = errors.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            let data = errorReader.readDataToEndOfFile()
            complaint.withLock { $0 = data }
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed: \(String(decoding: complaint.withLock { $0 }, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
