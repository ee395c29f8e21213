/// One thing the audit found at one place in a source file.
public struct AuditFinding: Sendable, Hashable, Codable {
    /// How serious a finding is: errors fail the audit (exit status 1).
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
        }
    }

    /// The stable name of the rule that fired, such as `serialization-in-snapshot`.
    public let rule: String
    public let severity: Severity
    public let file: String
    /// The 1-based line and column (in Unicode scalars).
    public let line: Int
    public let column: Int
    /// What is wrong, in a sentence.
    public let message: String
    /// How to fix it, in a sentence.
    public let suggestion: String
    /// The document type the finding belongs to, if any.
    public let typeName: String?

    public init(
        rule: String, severity: Severity, file: String, line: Int, column: Int, message: String, suggestion: String,
        typeName: String?
    ) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
        self.typeName = typeName
    }

    /// `file:line:column: severity: [rule] message (fix: suggestion)`, the shape compilers print.
    public var text: String {
        "\(file):\(line):\(column): \(severity.rawValue): [\(rule)] \(message) (fix: \(suggestion))"
    }
}
