import Foundation
import Testing

/// Runs `docmigrate-test-helper`, the second process that stands for another application.
///
/// The helper is built beside the test binaries (DocumentPlatformTests depends on it, and
/// `swift build --build-tests` builds every test target's dependencies).
enum HelperProcess {
    static func run(_ mode: String, _ arguments: [String]) throws -> (status: Int32, standardError: String) {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path.contains(".xctest") { directory = directory.deletingLastPathComponent() }
        let helper = directory.appendingPathComponent("docmigrate-test-helper")
        try #require(FileManager.default.isExecutableFile(atPath: helper.path), "helper not built at \(helper.path)")
        let process = Process()
        process.executableURL = helper
        process.arguments = [mode] + arguments
        let error = Pipe()
        process.standardError = error
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errorData, as: UTF8.self))
    }
}
