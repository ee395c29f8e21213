import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DocumentPlatform

/// Hands a coordinator to another thread.
///
/// `@unchecked Sendable` is safe because the tests that use it touch the coordinator from a
/// second thread only to call `cancel()`, which Apple documents as callable from any thread,
/// or hand it over to exactly one thread.
struct Shared<Value>: @unchecked Sendable {
    let value: Value
}

/// The moments at which accessors start and end, to check which ones overlapped.
final class Timeline: Sendable {
    struct Interval: Sendable {
        var label: String
        var start: UInt64
        var end: UInt64

        func overlaps(_ other: Interval) -> Bool { start < other.end && other.start < end }
    }

    private let intervals = Mutex<[Interval]>([])

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs `body`, recording when it started and ended under `label`.
    func record(_ label: String, _ body: () -> Void) {
        let start = Self.now()
        body()
        let end = Self.now()
        intervals.withLock { $0.append(Interval(label: label, start: start, end: end)) }
    }

    var all: [Interval] { intervals.withLock { $0 } }

    func first(_ label: String) -> Interval? { all.first { $0.label == label } }
}

/// Starts `body` on a thread of its own and returns a semaphore signalled when it is done.
@discardableResult
func startThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    return done
}

/// Waits for `semaphore` at most `seconds`; false when it timed out.
func finishes(_ semaphore: DispatchSemaphore, within seconds: Double) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
}

/// A flag that one thread raises and another waits for.
final class Flag: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func raise() { semaphore.signal() }
    func wait(seconds: Double = 5) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}

/// Makes a package folder with `count` members that all hold generation `000000`.
func makePackage(at url: URL, members count: Int) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for index in 0..<count {
        try Data("000000".utf8).write(to: url.appendingPathComponent("member-\(index).txt"))
    }
}

/// Runs the test helper with its own lock folder, so that the test coordinates only with its children.
struct CoordinationChild {
    let process: Process
    let output: Pipe
    let error: Pipe

    init(_ mode: String, _ arguments: [String], lockFolder: URL) throws {
        process = Process()
        process.executableURL = try HelperProcess.executableURL()
        process.arguments = [mode] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment[CoordinationLockFolder.environmentVariable] = lockFolder.path
        process.environment = environment
        output = Pipe()
        error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
    }

    /// Reads standard output until a line equal to `line` arrives; false at end of output.
    func waitForLine(_ line: String) -> Bool {
        var buffer = Data()
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            buffer.append(chunk)
            if String(decoding: buffer, as: UTF8.self).split(separator: "\n").contains(Substring(line)) { return true }
        }
    }

    /// Waits for the child at most `seconds` (killing it after that) and returns its status and output.
    func finish(within seconds: Double) -> (status: Int32, output: String, error: String, timedOut: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, outputText, errorText, timedOut)
    }
}

/// Reads `name=value` counts from a helper's `reads=… mixes=… generations=…` line.
func count(_ name: String, in output: String) -> Int? {
    for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
        let parts = field.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0] == name { return Int(parts[1]) }
    }
    return nil
}
