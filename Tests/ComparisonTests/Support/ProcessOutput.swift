import Foundation

/// Runs a command-line tool (an independent oracle such as `sha256sum`) and returns what it printed.
enum ProcessOutput {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(arguments.first ?? executable) exited with status \(process.terminationStatus)")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
