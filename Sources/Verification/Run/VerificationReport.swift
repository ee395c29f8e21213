/// The result of a whole run, cases in byte-wise path order.
public struct VerificationReport: Sendable, Codable {
    /// The schema of the JSON report, versioned so that CI scripts can rely on it.
    public static let schema = "docmigrate.verify-report"
    /// The version of ``schema``; raised when a field changes meaning or goes away, not when one is added.
    public static let schemaVersion = 1

    /// The schema this report follows, stored in the JSON report.
    public var schema = VerificationReport.schema
    /// The version of the schema this report follows.
    public var schemaVersion = VerificationReport.schemaVersion
    /// Every case run, in byte-wise path order.
    public var cases: [CaseResult]
    /// The orphans found after an unfiltered run (`corpus/path`, byte-wise sorted); empty when none or not checked.
    public var orphans: [String] = []

    /// A report of `cases`, which it sorts.
    public init(cases: [CaseResult]) {
        self.cases = cases.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// How many cases failed.
    public var failedCount: Int { cases.filter { !$0.passed }.count }
}
