import DocumentPlatform

extension VerificationReport {
    /// GitHub Actions shows at most this many error annotations of one step; the rest are dropped silently.
    public static let githubAnnotationLimit = 10

    /// The report as GitHub Actions workflow commands: one `::error` annotation per failed case, at most
    /// `githubAnnotationLimit`, then one `::notice` saying how many more failed.
    ///
    /// Each annotation names the case's input (`file=` is `pathPrefix` + `corpus/input`) and carries every
    /// failure of the case with its difference, rendered with at most `childLimit` children per node.
    /// Escaping is `GitHubWorkflowCommand`'s (the runner's rules). Nothing is printed when every case holds.
    public func githubAnnotations(pathPrefix: String = "", childLimit: Int = 5) -> String {
        let failed = cases.filter { !$0.passed }
        var lines: [String] = []
        for result in failed.prefix(Self.githubAnnotationLimit) {
            let file = pathPrefix + result.corpus + "/" + result.input
            let title = "docmigrate verify: \(result.path) failed"
            let message = result.failures.map { failure in
                let route = failure.route.map { "[\($0)] " } ?? ""
                return route + failure.renderedText(childLimit: childLimit).trimmingCharacters(in: .newlines)
            }.joined(separator: "\n")
            lines.append(
                GitHubWorkflowCommand.line("error", properties: [("file", file), ("title", title)], data: message))
        }
        if failed.count > Self.githubAnnotationLimit {
            let more = failed.count - Self.githubAnnotationLimit
            lines.append(
                GitHubWorkflowCommand.line(
                    "notice", properties: [("title", "docmigrate verify")],
                    data: "\(more) more failed case\(more == 1 ? " is" : "s are") not annotated (GitHub shows at "
                        + "most \(Self.githubAnnotationLimit) error annotations per step); the other reports list "
                        + "every case."))
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
