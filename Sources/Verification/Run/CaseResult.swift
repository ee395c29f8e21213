import Comparison
import DocumentCodecs

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
