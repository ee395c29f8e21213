/// Which goldens a run may write, as in snapshot-testing tools: each mode does what the one before it does, and more.
///
/// - `never`: nothing is written, not even a pending item; a missing golden fails. The default when `CI` is set.
/// - `missing`: a conversion golden that does not exist is recorded from the conversion's output. The local default.
/// - `failed`: also, an output that differs from its golden goes to the pending area for review.
/// - `all`: also, an output the rules accept but whose bytes differ from the golden goes to the pending area,
///   so that a golden can be refreshed to what the routes write today.
///
/// An existing golden is never overwritten by a run: changed outputs wait in the pending area until
/// `docmigrate accept` or `review` replaces the golden. A round-trip case's golden is its input (a user's
/// document), so for it only the pending path exists. A run that records a new golden still fails, so a
/// missing golden never passes silently.
public enum RecordMode: String, Sendable, Codable, CaseIterable {
    case never
    case missing
    case failed
    case all

    /// Whether the environment says the run is on a CI system: `CI` is set and is not empty, `0` or `false`.
    public static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// The mode when none is given: `never` on CI, `missing` elsewhere.
    public static func defaultMode(environment: [String: String]) -> RecordMode {
        isContinuousIntegration(environment) ? .never : .missing
    }

    /// Whether a missing conversion golden is recorded.
    var recordsMissing: Bool { self != .never }
    /// Whether an output that differs from its golden goes to the pending area.
    var pendsFailures: Bool { self == .failed || self == .all }
    /// Whether any run may write to the corpus at all (pending items and their removal included).
    var writes: Bool { self != .never }
}
