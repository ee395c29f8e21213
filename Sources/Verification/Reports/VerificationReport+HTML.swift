extension VerificationReport {
    /// The report as one self-contained HTML page: totals, a table of corpora, each failed case with its
    /// difference trees, then the cases that passed.
    ///
    /// The page needs nothing else: styles are inline, there is no script, no font, no image. Counts sit
    /// in elements with stable ids (`#cases`, `#passed`, `#failed`) and each corpus row in
    /// `tr.corpus[data-corpus]`, so scripts can read them. A difference is a nested list; a node with an
    /// expected and an actual side shows both side by side with the differing part marked, and a byte
    /// difference shows its hex window with the first differing byte marked. Every text is escaped.
    public func html() -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>docmigrate verify: \(cases.count - failedCount) passed, \(failedCount) failed</title>
            <style>\(HTMLReport.style)</style>
            </head>
            <body>
            <h1>docmigrate verify</h1>
            <p class="totals"><span id="cases">\(cases.count)</span> cases: <span id="passed">\(cases.count - failedCount)</span> passed, <span id="failed">\(failedCount)</span> failed</p>

            """
        var corpora: [String: (cases: Int, failed: Int)] = [:]
        for result in cases {
            corpora[result.corpus, default: (0, 0)].cases += 1
            if !result.passed { corpora[result.corpus, default: (0, 0)].failed += 1 }
        }
        page += "<table class=\"corpora\">\n<tr><th>corpus</th><th>cases</th><th>passed</th><th>failed</th></tr>\n"
        for corpus in corpora.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let counts = corpora[corpus] ?? (0, 0)
            let name = HTMLReport.escape(corpus)
            page +=
                "<tr class=\"corpus\" data-corpus=\"\(name)\"><td>\(name)</td><td class=\"cases\">\(counts.cases)</td>"
                + "<td class=\"passed\">\(counts.cases - counts.failed)</td><td "
                + "class=\"failed\">\(counts.failed)</td></tr>\n"
        }
        page += "</table>\n"

        for result in cases where !result.passed {
            page += "<section class=\"case failed\" data-path=\"\(HTMLReport.escape(result.path))\">\n"
            page += "<h2><span class=\"verdict\">FAIL</span> \(HTMLReport.escape(result.path))</h2>\n"
            for failure in result.failures {
                page += "<div class=\"failure\" data-kind=\"\(failure.kind.rawValue)\">\n<p class=\"summary\">"
                if let route = failure.route { page += "<span class=\"route\">\(HTMLReport.escape(route))</span> " }
                page += HTMLReport.escape(failure.summary)
                if let code = failure.errorCode { page += " <code class=\"code\">[\(HTMLReport.escape(code))]</code>" }
                page += "</p>\n"
                if let difference = failure.difference {
                    page += "<ul class=\"difference-tree\">\n" + HTMLReport.node(difference) + "</ul>\n"
                }
                page += "</div>\n"
            }
            page += "</section>\n"
        }
        let passed = cases.filter(\.passed)
        if !passed.isEmpty {
            page += "<details class=\"passed-cases\"><summary>\(passed.count) passed</summary>\n<ul>\n"
            for result in passed {
                page +=
                    "<li class=\"case passed\" "
                    + "data-path=\"\(HTMLReport.escape(result.path))\">\(HTMLReport.escape(result.path))</li>\n"
            }
            page += "</ul>\n</details>\n"
        }
        page += "</body>\n</html>\n"
        return page
    }
}

/// The parts of the HTML report.
enum HTMLReport {
    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#1b1b1b}
        table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left;vertical-align:top}
        .verdict{color:#b00020}.case.failed{border-left:4px solid #b00020;padding-left:1em;margin:1.5em 0}
        .route{font-family:monospace;background:#eee;padding:0 4px}.cause,.code{color:#6a1b9a}
        .location{font-family:monospace;font-weight:bold}
        pre,.side-by-side td,.hex td{font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;margin:0}
        .side-by-side .expected mark{background:#ffd7d5}.side-by-side .actual mark{background:#ccffd8}
        .hex mark{background:#ffe08a;font-weight:bold}
        """

    /// `text` escaped by `HTMLEscaper`'s rule.
    static func escape(_ text: String) -> String {
        HTMLEscaper.escape(text)
    }

    /// One difference as a list item, with its children as a nested list.
    static func node(_ difference: Difference) -> String {
        var item = "<li class=\"difference\" data-kind=\"\(difference.kind.rawValue)\">"
        if !difference.location.isEmpty { item += "<span class=\"location\">\(escape(difference.location))</span>: " }
        item += "<span class=\"summary\">\(escape(difference.summary))</span>"
        if let cause = difference.cause { item += " <span class=\"cause\">[\(escape(cause))]</span>" }
        item += "\n"
        if difference.expected != nil || difference.actual != nil {
            item += sideBySide(
                expected: difference.expected ?? "", actual: difference.actual ?? "", location: difference.location)
        }
        if let evidence = difference.bytes { item += hexWindow(evidence) }
        if !difference.children.isEmpty {
            item += "<ul>\n" + difference.children.map(node).joined() + "</ul>\n"
        }
        return item + "</li>\n"
    }

    /// Expected and actual lines in two columns, numbered from the node's `line N` when it has one,
    /// with each line's differing part (after the common prefix and before the common suffix) marked.
    static func sideBySide(expected: String, actual: String, location: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstLine = lineNumber(in: location)
        var table = "<table class=\"side-by-side\">\n<tr><th></th><th>expected</th><th>actual</th></tr>\n"
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let left = index < expectedLines.count ? expectedLines[index] : ""
            let right = index < actualLines.count ? actualLines[index] : ""
            let number = firstLine.map { String($0 + index) } ?? ""
            let (markedLeft, markedRight) = marked(left, right)
            table +=
                "<tr><td class=\"line\">\(number)</td><td class=\"expected\">\(markedLeft)</td><td "
                + "class=\"actual\">\(markedRight)</td></tr>\n"
        }
        return table + "</table>\n"
    }

    /// The line number of a location such as `line 3, column 7` or `member a.txt, line 3`.
    static func lineNumber(in location: String) -> Int? {
        guard let range = location.range(of: "line ") else { return nil }
        return Int(location[range.upperBound...].prefix { $0.isNumber })
    }

    /// Both texts escaped, with the part between their common prefix and common suffix in `<mark>`.
    static func marked(_ left: String, _ right: String) -> (String, String) {
        let leftCharacters = Array(left), rightCharacters = Array(right)
        guard leftCharacters != rightCharacters else { return (escape(left), escape(right)) }
        var prefix = 0
        while prefix < min(leftCharacters.count, rightCharacters.count)
            && leftCharacters[prefix] == rightCharacters[prefix]
        { prefix += 1 }
        var suffix = 0
        while suffix < min(leftCharacters.count, rightCharacters.count) - prefix
            && leftCharacters[leftCharacters.count - 1 - suffix] == rightCharacters[rightCharacters.count - 1 - suffix]
        {
            suffix += 1
        }
        func mark(_ characters: [Character]) -> String {
            let head = String(characters[..<prefix])
            let middle = String(characters[prefix..<(characters.count - suffix)])
            let tail = String(characters[(characters.count - suffix)...])
            return escape(head) + (middle.isEmpty ? "" : "<mark>\(escape(middle))</mark>") + escape(tail)
        }
        return (mark(leftCharacters), mark(rightCharacters))
    }

    /// The hex windows of both sides, 16 bytes a row, with the first differing byte marked.
    static func hexWindow(_ evidence: Difference.ByteEvidence) -> String {
        var table = "<table class=\"hex\" data-offset=\"\(evidence.offset)\">\n"
        table += "<tr><th></th><th>offset</th><th>bytes</th><th>text</th></tr>\n"
        table +=
            "<tr><td colspan=\"4\">expected: \(evidence.expectedLength) bytes, SHA-256 \(evidence.expectedSHA256); "
            + "actual: \(evidence.actualLength) bytes, SHA-256 \(evidence.actualSHA256); first difference at byte "
            + "\(evidence.offset) (0x\(String(evidence.offset, radix: 16)))</td></tr>\n"
        let expected = bytes(fromHex: evidence.expectedWindow), actual = bytes(fromHex: evidence.actualWindow)
        var rowStart = 0
        repeat {
            for (side, window) in [("expected", expected), ("actual", actual)] {
                let row = Array(window.dropFirst(rowStart).prefix(16))
                let offset = evidence.windowStart + rowStart
                var hex = "", text = ""
                for (position, byte) in row.enumerated() {
                    let digits = (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                    let character = byte >= 0x20 && byte < 0x7F ? escape(String(UnicodeScalar(byte))) : "."
                    let isMarked = offset + position == evidence.offset
                    hex += (position == 0 ? "" : " ") + (isMarked ? "<mark>\(digits)</mark>" : digits)
                    text += isMarked ? "<mark>\(character)</mark>" : character
                }
                if row.isEmpty { hex = "(no bytes here)" }
                table +=
                    "<tr class=\"\(side)\"><td>\(side)</td><td>0x\(String(offset, radix: 16))</td><td>\(hex)</td><td>\(text)</td></tr>\n"
            }
            rowStart += 16
        } while rowStart < max(expected.count, actual.count)
        return table + "</table>\n"
    }

    private static func bytes(fromHex hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < digits.count {
            if let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) {
                bytes.append(byte)
            }
            index += 2
        }
        return bytes
    }
}
