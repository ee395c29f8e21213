/// What a person decided about a pending item: it replaces its golden, or it is discarded.
public enum PendingDecision: Sendable, Hashable {
    /// The pending output replaces the golden, atomically.
    case accept
    /// The pending output is discarded; the golden stays as it is.
    case reject
}
