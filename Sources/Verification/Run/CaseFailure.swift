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
