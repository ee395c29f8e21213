import Comparison

/// The record kept beside a pending item: which golden it would replace, who made it, and how it differs.
///
/// Stored as `<corpus>/.pending/<golden path>.pending.json` next to the item itself,
/// `<corpus>/.pending/<golden path>`, so that the pending area mirrors the corpus and a person can open
/// both sides. The difference is the one the run explained, kept so `review` can show it without re-running.
public struct PendingEntry: Sendable, Codable, Hashable {
    /// The schema of the sidecar file.
    public static let schema = "docmigrate.pending"

    public var schema = PendingEntry.schema
    public var schemaVersion = 1
    /// The corpus (format folder name) the golden belongs to.
    public var corpus: String
    /// The golden's path inside the corpus: a conversion golden, or a round-trip case's input.
    public var golden: String
    /// The input of the case that produced the item.
    public var caseInput: String
    /// The route whose output this is; nil for a conversion.
    public var route: String?
    /// One sentence saying why the item is pending.
    public var summary: String
    /// The explained difference from the golden, when the rules found one.
    public var difference: Difference?

    public init(
        corpus: String, golden: String, caseInput: String, route: String?, summary: String, difference: Difference?
    ) {
        self.corpus = corpus
        self.golden = golden
        self.caseInput = caseInput
        self.route = route
        self.summary = summary
        self.difference = difference
    }

    /// `corpus/golden`: what globs of `accept` and `reject` match, and what lists sort by.
    public var path: String { corpus + "/" + golden }
}
