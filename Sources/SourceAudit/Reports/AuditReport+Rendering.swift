import DocumentPlatform
import Foundation

extension AuditReport {
    /// The report for a reader: each document type with its checklist and findings, then the other findings, then
    /// totals.
    public func text() -> String {
        var lines: [String] = []
        for type in types {
            lines.append(
                "\(type.name) (\(type.kind), \(type.protocols.joined(separator: ", "))) — "
                    + "\(type.file):\(type.line):\(type.column)"
            )
            let heading: String
            switch type.model {
            case .legacyValue: heading = "migration from FileDocument (a value type):"
            case .legacyReference: heading = "migration from ReferenceFileDocument (a reference type):"
            case .document: heading = "the document protocols' rules:"
            }
            lines.append("  " + heading)
            for item in type.checklist {
                lines.append("    [\(item.done ? "x" : " ")] \(item.step)")
            }
            for finding in type.findings {
                lines.append("  " + finding.text)
            }
            lines.append("")
        }
        for finding in otherFindings {
            lines.append(finding.text)
        }
        if !otherFindings.isEmpty { lines.append("") }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `N document types in M files: E errors, W warnings, K notes`.
    public var summary: String {
        let all = findings
        func count(_ severity: AuditFinding.Severity, _ noun: String) -> String {
            let number = all.filter { $0.severity == severity }.count
            return "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
        let typeNoun = types.count == 1 ? "document type" : "document types"
        let fileNoun = fileCount == 1 ? "file" : "files"
        return
            "\(types.count) \(typeNoun) in \(fileCount) \(fileNoun): \(count(.error, "error")), "
            + "\(count(.warning, "warning")), \(count(.note, "note"))"
    }

    /// The report as JSON (schema `docmigrate.audit`, version 1), keys sorted, pretty-printed.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// GitHub Actions workflow commands: one annotation per finding (`::error`, `::warning`, `::notice`).
    public func githubAnnotations() -> String {
        findings.map { finding in
            let command = finding.severity == .note ? "notice" : finding.severity.rawValue
            let properties = [
                ("file", finding.file), ("line", "\(finding.line)"), ("col", "\(finding.column)"),
                ("title", "docmigrate audit [\(finding.rule)]"),
            ]
            let data = finding.message + " (fix: " + finding.suggestion + ")"
            return GitHubWorkflowCommand.line(command, properties: properties, data: data) + "\n"
        }.joined()
    }
}
