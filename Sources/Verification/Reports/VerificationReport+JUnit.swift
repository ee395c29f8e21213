extension VerificationReport {
    /// The report as JUnit XML: one `<testsuite>` per corpus and one `<testcase>` per case and route.
    ///
    /// A test case is named `<case>::<route>` (`Trip.nb::legacy-value`); failures that belong to no route
    /// (a conversion, an error of the whole case) go to `<case>::case`. `classname` is the corpus, and
    /// `file` is `pathPrefix` + `corpus/input`. Every failure is a `<failure>` (never an `<error>`): a
    /// route that cannot read a golden is a finding of the check, not a crash of the tool. A test case
    /// with several failures gets one `<failure>` whose message is the first summary and whose text holds
    /// them all, because many JUnit readers show only one failure per test case.
    public func junit(pathPrefix: String = "") -> String {
        var corpora: [String: [CaseResult]] = [:]
        var order: [String] = []
        for result in cases {
            if corpora[result.corpus] == nil { order.append(result.corpus) }
            corpora[result.corpus, default: []].append(result)
        }
        order.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        var suites: [String] = []
        var totalTests = 0
        var totalFailures = 0
        for corpus in order {
            var testcases: [String] = []
            var failures = 0
            for result in corpora[corpus] ?? [] {
                let file = XMLText.attribute(pathPrefix + result.corpus + "/" + result.input)
                for outcome in result.routeOutcomes {
                    let opening = "    <testcase classname=\"\(XMLText.attribute(corpus))\" "
                        + "name=\"\(XMLText.attribute(result.nameInCorpus + "::" + outcome.route))\" file=\"\(file)\""
                    guard let first = outcome.failures.first else {
                        testcases.append(opening + "/>")
                        continue
                    }
                    failures += 1
                    let message = outcome.failures.count == 1
                        ? first.summary : "\(first.summary) (and \(outcome.failures.count - 1) more)"
                    let body = outcome.failures.map { $0.renderedText() }.joined(separator: "\n")
                    testcases.append(opening + ">")
                    testcases.append(
                        "      <failure message=\"\(XMLText.attribute(message))\" type=\"\(XMLText.attribute(first.kind.rawValue))\">"
                            + XMLText.content(body) + "</failure>")
                    testcases.append("    </testcase>")
                }
            }
            let tests = testcases.filter { $0.hasPrefix("    <testcase") }.count
            totalTests += tests
            totalFailures += failures
            suites.append(
                "  <testsuite name=\"\(XMLText.attribute(corpus))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">")
            suites.append(contentsOf: testcases)
            suites.append("  </testsuite>")
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"docmigrate verify\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\" skipped=\"0\">")
        lines.append(contentsOf: suites)
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Escaping for XML 1.0 text and attribute values.
///
/// XML 1.0 cannot carry most C0 control characters at all, not even as character references, and a
/// golden's bytes can hold any of them; they are replaced by a visible `[U+001B]` so that the report
/// parses and still says what was there. U+FFFE and U+FFFF are likewise not characters in XML.
enum XMLText {
    /// `text` for use between tags.
    static func content(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// `text` for use inside a double-quoted attribute; line breaks and tabs survive as references.
    static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where inAttribute: escaped += "&quot;"
            // Attribute value normalisation turns raw tabs and line breaks into spaces; references keep them.
            case "\n" where inAttribute: escaped += "&#10;"
            case "\t" where inAttribute: escaped += "&#9;"
            // A raw CR is turned into LF by every XML parser, in text as well.
            case "\r": escaped += "&#13;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += visibleReplacement(scalar)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// `[U+001B]`: what a scalar XML cannot carry looks like in the report.
    static func visibleReplacement(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "[U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "]"
    }
}
