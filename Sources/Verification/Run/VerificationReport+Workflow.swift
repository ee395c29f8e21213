extension VerificationReport {
    /// The lines about what the run wrote, left for review, redacted and found orphaned; empty when nothing.
    ///
    /// Printed after the report's text: `recorded`, `pending`, `redacted` and `orphan` lines, each
    /// block in byte-wise path order.
    public func workflowText() -> String {
        func sorted(_ lines: [String]) -> [String] { lines.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
        var lines = sorted(cases.flatMap { result in result.recorded.map { "recorded  \(result.corpus)/\($0)" } })
        lines += sorted(
            cases.flatMap { result in
                result.pending.map {
                    "pending   \(result.corpus)/\($0) (see 'docmigrate review', 'accept' or 'reject')"
                }
            })
        lines += cases.flatMap { result in
            result.redactions.filter { $0.count > 0 }.map {
                "redacted  \(result.path): \($0.count) value\($0.count == 1 ? "" : "s") of \($0.matcher)"
            }
        }
        lines += orphans.map { "orphan    \($0)" }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
