import Foundation

/// Validates JUnit XML against the Surefire/Jenkins schema `junit-10.xsd` (as pytest ships it) with `xmllint`.
///
/// The schema has no `file` attribute on `<testcase>`, which verify's report writes for the test reporters
/// that read it (see `JUnitWriter`); `withoutFileAttributes` removes those before validating.
public enum JUnitSchema {
    /// Why the document is not valid: what xmllint said.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// The schema file, in this target's `Resources`.
    public static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/junit-10.xsd")

    /// Throws `Invalid` with xmllint's complaint unless `xml` is valid against the schema.
    public static func validate(_ xml: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", "--schema", schema.path, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Invalid(description: String(decoding: complaint, as: UTF8.self))
        }
    }

    /// `xml` without the ` file="…"` attributes of its test cases.
    public static func withoutFileAttributes(_ xml: String) -> String {
        xml.replacingOccurrences(of: #" file="[^"]*""#, with: "", options: .regularExpression)
    }
}
