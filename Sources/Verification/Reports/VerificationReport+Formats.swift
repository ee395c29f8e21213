import Foundation

extension VerificationReport {
    /// The report formats `render(format:pathPrefix:)` writes, by the name `docmigrate verify --report FORMAT:PATH`
    /// takes.
    public static let formats = ["text", "json", "junit", "github", "markdown", "html"]

    /// The report in one of `formats`, as the bytes of a file.
    ///
    /// `pathPrefix` is put before `corpus/input` wherever a format names a file (JUnit's `file` attribute,
    /// GitHub's `file=` property), so that a CI system that wants paths from the repository root
    /// (`GoldenFiles/`) gets them; without it, paths are relative to the folder that holds the corpora.
    /// An unknown format name is a programming error: callers check it against `formats` first.
    public func render(format: String, pathPrefix: String = "") throws -> Data {
        switch format {
        case "text": Data(text().utf8)
        case "json": try json()
        case "junit": Data(junit(pathPrefix: pathPrefix).utf8)
        case "github": Data(githubAnnotations(pathPrefix: pathPrefix).utf8)
        case "markdown": Data(markdown().utf8)
        case "html": Data(html().utf8)
        default: preconditionFailure("unknown report format '\(format)'; check it against VerificationReport.formats")
        }
    }
}

extension CaseResult {
    /// The case's name inside its corpus: the input path, with ` → codec` for a conversion case.
    var nameInCorpus: String { String(path.dropFirst(corpus.count + 1)) }

    /// One outcome per route that ran (in the order the routes ran), then `case` for failures that
    /// belong to no route (a conversion, a case-level error), so that every failure is counted once.
    var routeOutcomes: [(route: String, failures: [CaseFailure])] {
        var outcomes = routes.map { route in (route: route, failures: failures.filter { $0.route == route }) }
        // A failure naming a route that did not run must still be reported somewhere.
        var seen = Set(routes)
        for failure in failures {
            if let route = failure.route, seen.insert(route).inserted {
                outcomes.append((route, failures.filter { $0.route == route }))
            }
        }
        let caseLevel = failures.filter { $0.route == nil }
        if !caseLevel.isEmpty || outcomes.isEmpty { outcomes.append(("case", caseLevel)) }
        return outcomes
    }
}

extension CaseFailure {
    /// The failure for people: its summary with its error code, then its explained difference.
    func renderedText(childLimit: Int = 20) -> String {
        var text = summary
        if let errorCode { text += " [\(errorCode)]" }
        text += "\n"
        if let difference {
            text += DifferenceRenderer(childLimit: childLimit).render(difference)
        }
        return text
    }
}
