import Comparison
import DocumentCodecs

/// What went wrong in one case: a difference from the golden, an unexpected error, or a broken compatibility pair.
public struct CaseFailure: Sendable, Codable, Hashable {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Codable {
        /// A route's output differs from the golden under the rules.
        case differsFromGolden = "differs-from-golden"
        /// A route could not read or write a document that must round-trip.
        case routeFailed = "route-failed"
        /// What one route wrote, another route read back differently (or not at all).
        case incompatibleRoutes = "incompatible-routes"
        /// A document that must be rejected was accepted.
        case notRejected = "not-rejected"
        /// A document was rejected, but with another error than the expected one.
        case rejectedDifferently = "rejected-differently"
        /// A conversion's output differs from its golden, or the conversion failed.
        case conversionDiffers = "conversion-differs"
        /// A conversion golden does not exist and the record mode does not write it (`never`, the CI default).
        case missingGolden = "missing-golden"
        /// A conversion golden did not exist and was recorded: the run still fails, so that a person checks it.
        case recordedGolden = "recorded-golden"
        /// A value a redaction matcher found does not have the matcher's shape.
        case malformedRedactedValue = "malformed-redacted-value"
    }

    public var kind: Kind
    /// The route concerned (the reader, for an incompatible pair).
    public var route: String?
    /// The route that wrote what `route` read, for an incompatible pair.
    public var writerRoute: String?
    /// One sentence for people.
    public var summary: String
    /// The stable code of the error met, when there was one.
    public var errorCode: String?
    /// The explained difference, when there is one.
    public var difference: Difference?
}

/// The result of one case.
public struct CaseResult: Sendable, Codable, Hashable {
    /// The corpus (format folder) the case belongs to.
    public var corpus: String
    /// The case's input path inside its corpus.
    public var input: String
    /// The expected outcome, as the manifest states it.
    public var expectation: GoldenCase.Expectation
    /// The routes that ran.
    public var routes: [String]
    /// Everything that failed; empty when the case holds.
    public var failures: [CaseFailure]
    /// The goldens this run wrote (paths inside the corpus): only missing conversion goldens ever are.
    public var recorded: [String] = []
    /// The goldens whose changed output this run stored in the pending area.
    public var pending: [String] = []
    /// What redaction matchers replaced: how many values each, in the output with the most.
    public var redactions: [RedactionTally] = []

    /// Whether the case holds.
    public var passed: Bool { failures.isEmpty }
    /// The path reports sort by: `corpus/input`, with the target codec for a conversion case.
    public var path: String {
        if case .converts(let codec, _) = expectation { return corpus + "/" + input + " → " + codec }
        return corpus + "/" + input
    }
}


/// The result of a whole run, cases in byte-wise path order.
public struct VerificationReport: Sendable, Codable {
    /// The schema of the JSON report, versioned so that CI scripts can rely on it.
    public static let schema = "docmigrate.verify-report"
    public static let schemaVersion = 1

    public var schema = VerificationReport.schema
    public var schemaVersion = VerificationReport.schemaVersion
    public var cases: [CaseResult]
    /// The orphans found after an unfiltered run (`corpus/path`, byte-wise sorted); empty when none or not checked.
    public var orphans: [String] = []

    public init(cases: [CaseResult]) {
        self.cases = cases.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// How many cases failed.
    public var failedCount: Int { cases.filter { !$0.passed }.count }
}
