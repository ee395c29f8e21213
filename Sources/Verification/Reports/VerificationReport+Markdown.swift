extension VerificationReport {
    /// GitHub refuses a step summary (`$GITHUB_STEP_SUMMARY`) of 1 MiB or more; the default cap stays below.
    public static let markdownByteLimit = 1_000_000

    /// The report as a Markdown summary: totals, a table of corpora with their counts, then each failed
    /// case with its failures and their differences in fenced blocks.
    ///
    /// The result is at most `byteLimit` bytes of UTF-8: failed cases that no longer fit are left out
    /// whole and a final line says how many, and a single difference longer than a quarter of the limit
    /// is cut with a marker, so one huge case cannot hide all the others.
    public func markdown(byteLimit: Int = VerificationReport.markdownByteLimit, childLimit: Int = 20) -> String {
        precondition(byteLimit >= 1024, "a Markdown summary needs at least 1 KiB")
        var corpora: [String: (cases: Int, failed: Int)] = [:]
        for result in cases {
            corpora[result.corpus, default: (0, 0)].cases += 1
            if !result.passed { corpora[result.corpus, default: (0, 0)].failed += 1 }
        }
        var head = "## docmigrate verify: \(cases.count - failedCount) passed, \(failedCount) failed\n\n"
        head += "| corpus | cases | passed | failed |\n| --- | ---: | ---: | ---: |\n"
        for corpus in corpora.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let counts = corpora[corpus] ?? (0, 0)
            head +=
                "| \(MarkdownEscaper.inline(corpus)) | \(counts.cases) | \(counts.cases - counts.failed) | "
                + "\(counts.failed) |\n"
        }

        let failed = cases.filter { !$0.passed }
        let blockLimit = byteLimit / 4
        var body = ""
        var shown = 0
        for result in failed {
            var section = "\n### ❌ \(MarkdownEscaper.inline(result.path))\n\n"
            for failure in result.failures {
                let route = failure.route.map { "`\(MarkdownEscaper.code($0))`: " } ?? ""
                let code = failure.errorCode.map { " `[\(MarkdownEscaper.code($0))]`" } ?? ""
                section += "- \(route)\(MarkdownEscaper.inline(failure.summary))\(code)\n"
                if let difference = failure.difference {
                    var rendered = DifferenceRenderer(childLimit: childLimit).render(difference)
                    if rendered.utf8.count > blockLimit {
                        rendered =
                            String(decoding: rendered.utf8.prefix(blockLimit), as: UTF8.self)
                            + "\n… difference cut here: it is longer than \(blockLimit) bytes; the JSON report has "
                            + "all of it\n"
                    }
                    section += MarkdownEscaper.fenced(rendered, indent: "  ")
                }
            }
            let reserve = 200  // room for the truncation line
            if head.utf8.count + body.utf8.count + section.utf8.count + reserve > byteLimit { break }
            body += section
            shown += 1
        }
        if shown < failed.count {
            let more = failed.count - shown
            body +=
                "\n> **Summary truncated:** \(more) more failed case\(more == 1 ? " is" : "s are") not shown "
                + "(a step summary must stay under 1 MiB); the JSON report lists every case.\n"
        }
        return head + body
    }
}
