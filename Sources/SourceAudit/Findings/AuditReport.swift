/// What an audit of a set of Swift files found: the document types with their checklists, and every finding.
public struct AuditReport: Sendable, Hashable, Codable {
    /// Identifies the JSON form.
    public var schema = "docmigrate.audit"
    public var schemaVersion = 1
    /// How many files were read.
    public var fileCount: Int
    /// The document types, in file and line order.
    public var types: [AuditedType]
    /// Findings that belong to no document type (scenes, type declarations), in file and line order.
    public var otherFindings: [AuditFinding]

    /// Every finding, in file and line order.
    public var findings: [AuditFinding] {
        (types.flatMap(\.findings) + otherFindings).sorted {
            ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule)
        }
    }

    /// Whether an error was found (the audit's exit status is then 1).
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}
