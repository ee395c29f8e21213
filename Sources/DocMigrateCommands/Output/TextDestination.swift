/// A place a command writes text to: a standard stream of the process, or a buffer in tests.
///
/// Writes must reach their destination before `write` returns, so that text is never lost
/// when the process exits right after (no buffering surprises as with `print`).
public protocol TextDestination: Sendable {
    /// Writes `text` as UTF-8, exactly as given (no newline is added).
    func write(_ text: String)
}
