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
            head += "| \(MarkdownText.inline(corpus)) | \(counts.cases) | \(counts.cases - counts.failed) | \(counts.failed) |\n"
        }

        let failed = cases.filter { !$0.passed }
        let blockLimit = byteLimit / 4
        var body = ""
        var shown = 0
        for result in failed {
            var section = "\n### ❌ \(MarkdownText.inline(result.path))\n\n"
            for failure in result.failures {
                let route = failure.route.map { "`\(MarkdownText.code($0))`: " } ?? ""
                let code = failure.errorCode.map { " `[\(MarkdownText.code($0))]`" } ?? ""
                section += "- \(route)\(MarkdownText.inline(failure.summary))\(code)\n"
                if let difference = failure.difference {
                    var rendered = DifferenceRenderer(childLimit: childLimit).render(difference)
                    if rendered.utf8.count > blockLimit {
                        rendered = String(decoding: rendered.utf8.prefix(blockLimit), as: UTF8.self)
                            + "\n… difference cut here: it is longer than \(blockLimit) bytes; the JSON report has all of it\n"
                    }
                    section += MarkdownText.fenced(rendered, indent: "  ")
                }
            }
            let reserve = 200  // room for the truncation line
            if head.utf8.count + body.utf8.count + section.utf8.count + reserve > byteLimit { break }
            body += section
            shown += 1
        }
        if shown < failed.count {
            let more = failed.count - shown
            body += "\n> **Summary truncated:** \(more) more failed case\(more == 1 ? " is" : "s are") not shown "
                + "(a step summary must stay under 1 MiB); the JSON report lists every case.\n"
        }
        return head + body
    }
}

/// Escaping for GitHub-flavoured Markdown.
enum MarkdownText {
    /// `text` as inline Markdown that shows literally: punctuation that could start markup is
    /// backslash-escaped, and line breaks (which would end a table row or list item) become spaces.
    static func inline(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "!", "~", "&":
                escaped += "\\"
                escaped.unicodeScalars.append(scalar)
            case "\n", "\r", "\t": escaped += " "
            default: escaped += visible(scalar)
            }
        }
        return escaped
    }

    /// A control character as `[U+001B]`, since GitHub drops or mangles them; other scalars unchanged.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? XMLText.visibleReplacement(scalar) : String(scalar)
    }

    /// `text` inside a code span of one backtick: backticks cannot be escaped there, so they become `'`.
    static func code(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "`": escaped += "'"
            case "\n", "\r", "\t": escaped += " "
            default: escaped += visible(scalar)
            }
        }
        return escaped
    }

    /// `text` in a fenced block whose fence is longer than any run of backticks inside, so nothing ends it early.
    static func fenced(_ text: String, indent: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        var body = ""
        for scalar in text.unicodeScalars {
            body += scalar == "\n" || scalar == "\t" ? String(scalar) : visible(scalar)
        }
        if !body.hasSuffix("\n") { body += "\n" }
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { indent + $0 + "\n" }.joined()
        return indent + fence + "text\n" + indented + indent + fence + "\n"
    }
}
