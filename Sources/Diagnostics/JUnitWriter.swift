/// The one JUnit XML writer, for every verb's `junit` report: the Surefire/Jenkins shape of `junit-10.xsd`.
///
/// A document is `<testsuites>` (name and totals) holding `<testsuite>` elements (name and counts)
/// holding `<testcase>` elements, each empty or holding `<failure>` and `<skipped>` elements. Both
/// `<testsuites>` and `<testsuite>` carry `tests`, `failures` and `errors`, which the schema requires
/// of a suite and Jenkins reads; `skipped` is on `<testsuite>` only, where the schema has it. The one
/// attribute outside the schema is the optional `file` of a test case, which GitHub's and GitLab's test
/// reporters read to point at the file (pytest writes it too, in its `xunit1` family).
///
/// Pieces are appended to a byte buffer, so that a report of any size can be written in chunks; each
/// piece is whole lines, two spaces of indentation a level. Text goes through ``XMLEscaper``.
package enum JUnitWriter {
    /// The counts a `<testsuites>` or `<testsuite>` element carries.
    package struct Counts: Sendable, Hashable {
        /// Test cases in all.
        package var tests: Int
        /// Test cases with a `<failure>`.
        package var failures: Int
        /// Test cases with an `<error>`: a crash of the tool, which no report of docmigrate's has.
        package var errors: Int
        /// Test cases with a `<skipped>`.
        package var skipped: Int

        /// Counts for a suite or a document; docmigrate's reports have no errors, and most verbs no skips.
        package init(tests: Int, failures: Int, errors: Int = 0, skipped: Int = 0) {
            self.tests = tests
            self.failures = failures
            self.errors = errors
            self.skipped = skipped
        }
    }

    /// The XML declaration and the `<testsuites>` start tag.
    package static func appendDocumentStart(name: String, counts: Counts, to bytes: inout [UInt8]) {
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"", to: &bytes)
        XMLEscaper.appendAttribute(name, to: &bytes)
        append(
            "\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\">\n", to: &bytes)
    }

    /// The `</testsuites>` end tag.
    package static func appendDocumentEnd(to bytes: inout [UInt8]) {
        append("</testsuites>\n", to: &bytes)
    }

    /// A `<testsuite>` start tag.
    package static func appendSuiteStart(name: String, counts: Counts, to bytes: inout [UInt8]) {
        append("  <testsuite name=\"", to: &bytes)
        XMLEscaper.appendAttribute(name, to: &bytes)
        append(
            "\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" "
                + "skipped=\"\(counts.skipped)\">\n", to: &bytes)
    }

    /// The `</testsuite>` end tag.
    package static func appendSuiteEnd(to bytes: inout [UInt8]) {
        append("  </testsuite>\n", to: &bytes)
    }

    /// A test case with nothing inside: `<testcase … />`.
    package static func appendEmptyTestCase(
        classname: String, name: String, file: String? = nil, to bytes: inout [UInt8]
    ) {
        appendTestCaseOpening(classname: classname, to: &bytes)
        XMLEscaper.appendAttribute(name, to: &bytes)
        appendTestCaseClosing(file: file, empty: true, to: &bytes)
    }

    /// A `<testcase>` start tag, to be followed by failures or skips and ``appendTestCaseEnd(to:)``.
    package static func appendTestCaseStart(
        classname: String, name: String, file: String? = nil, to bytes: inout [UInt8]
    ) {
        appendTestCaseOpening(classname: classname, to: &bytes)
        XMLEscaper.appendAttribute(name, to: &bytes)
        appendTestCaseClosing(file: file, empty: false, to: &bytes)
    }

    /// A `<testcase>` start tag whose name is the UTF-8 `name`, for names kept as bytes.
    package static func appendTestCaseStart(
        classname: String, name: UnsafeBufferPointer<UInt8>, file: String? = nil, to bytes: inout [UInt8]
    ) {
        appendTestCaseOpening(classname: classname, to: &bytes)
        XMLEscaper.appendAttribute(utf8: name, to: &bytes)
        appendTestCaseClosing(file: file, empty: false, to: &bytes)
    }

    /// The `</testcase>` end tag.
    package static func appendTestCaseEnd(to bytes: inout [UInt8]) {
        append("    </testcase>\n", to: &bytes)
    }

    /// A `<failure>` inside a test case: `type` a stable code, `message` one line, `text` all there is to say.
    package static func appendFailure(type: String, message: String, text: String, to bytes: inout [UInt8]) {
        append("      <failure type=\"", to: &bytes)
        XMLEscaper.appendAttribute(type, to: &bytes)
        append("\" message=\"", to: &bytes)
        XMLEscaper.appendAttribute(message, to: &bytes)
        append("\">", to: &bytes)
        XMLEscaper.appendText(text, to: &bytes)
        append("</failure>\n", to: &bytes)
    }

    /// A `<skipped>` inside a test case, with why.
    package static func appendSkipped(message: String, to bytes: inout [UInt8]) {
        append("      <skipped message=\"", to: &bytes)
        XMLEscaper.appendAttribute(message, to: &bytes)
        append("\"/>\n", to: &bytes)
    }

    private static func appendTestCaseOpening(classname: String, to bytes: inout [UInt8]) {
        append("    <testcase classname=\"", to: &bytes)
        XMLEscaper.appendAttribute(classname, to: &bytes)
        append("\" name=\"", to: &bytes)
    }

    private static func appendTestCaseClosing(file: String?, empty: Bool, to bytes: inout [UInt8]) {
        if let file {
            append("\" file=\"", to: &bytes)
            XMLEscaper.appendAttribute(file, to: &bytes)
        }
        append(empty ? "\"/>\n" : "\">\n", to: &bytes)
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }
}
