import Comparison

extension VerificationReport {
    /// The report for people: each failed case with its explained differences, then `N passed, M failed`.
    ///
    /// Differences are capped at `childLimit` children per node ("… N more"); the JSON report has them all.
    public func text(childLimit: Int = 20) -> String {
        let renderer = DifferenceRenderer(childLimit: childLimit)
        var lines: [String] = []
        for result in cases {
            guard !result.passed else {
                lines.append("ok    \(result.path)")
                continue
            }
            lines.append("FAIL  \(result.path)")
            for failure in result.failures {
                var heading = "      " + failure.summary
                if let code = failure.errorCode { heading += " [\(code)]" }
                lines.append(heading)
                if let difference = failure.difference {
                    let rendered = renderer.render(difference).trimmingCharacters(in: .newlines)
                    for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) {
                        lines.append("        " + line)
                    }
                }
            }
        }
        lines.append("\(cases.count - failedCount) passed, \(failedCount) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON report (schema `docmigrate.verify-report`, version 1): every case, every failure, full difference
    /// trees.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
