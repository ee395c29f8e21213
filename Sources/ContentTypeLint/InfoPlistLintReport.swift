import DocumentCodecs
import DocumentPlatform
import Formats
import Foundation

/// What a lint of one Info.plist found, in the forms `docmigrate lint-plist` prints.
public struct InfoPlistLintReport: Sendable, Hashable, Codable {
    /// Identifies the JSON form.
    public var schema = "docmigrate.lint-plist"
    /// The JSON form's version.
    public var schemaVersion = 1
    /// The file as the user named it.
    public var file: String
    /// `xml` or `binary`: whether findings have lines and columns or only key paths.
    public var format: String
    /// The platform the rules were applied for.
    public var platform: InfoPlistLinter.Platform
    /// The findings, in file order.
    public var findings: [InfoPlistFinding]

    init(file: String, format: InfoPlistSource.Format, platform: InfoPlistLinter.Platform, findings: [InfoPlistFinding])
    {
        self.file = file
        self.format = format.rawValue
        self.platform = platform
        self.findings = findings
    }

    /// Whether an error was found (the lint's exit status is then 1).
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// One line per finding, then `file: E errors, W warnings`.
    public func text() -> String {
        (findings.map(\.text) + [summary]).joined(separator: "\n") + "\n"
    }

    /// `file: E errors, W warnings`.
    public var summary: String {
        func count(_ severity: InfoPlistFinding.Severity, _ noun: String) -> String {
            let number = findings.filter { $0.severity == severity }.count
            return "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
        return "\(file): \(count(.error, "error")), \(count(.warning, "warning"))"
    }

    /// The report as JSON (schema `docmigrate.lint-plist`, version 1), keys sorted, pretty-printed.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// GitHub Actions workflow commands, one annotation per finding; a binary file's have no line.
    public func githubAnnotations() -> String {
        findings.map { finding in
            var properties = [(name: "file", value: finding.file)]
            if let line = finding.line, let column = finding.column {
                properties += [("line", "\(line)"), ("col", "\(column)")]
            }
            properties.append(("title", "docmigrate lint-plist [\(finding.rule.rawValue)]"))
            let place = finding.line == nil ? finding.keyPath + ": " : ""
            let data = place + finding.message + " (fix: " + finding.suggestion + ")"
            return GitHubWorkflowCommand.line(finding.severity.rawValue, properties: properties, data: data) + "\n"
        }.joined()
    }
}
