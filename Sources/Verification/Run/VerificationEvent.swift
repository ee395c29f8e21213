/// Something that happened in a verification run, as the runner tells its recorders.
public enum VerificationEvent: Sendable {
    /// The run begins; this many steps will run.
    case runStarted(stepCount: Int)
    /// A step's case begins.
    case caseStarted(VerificationPlan.Step)
    /// A case ended with this result.
    case caseFinished(CaseResult)
    /// Every case ended; this is the report the run returns.
    case runFinished(VerificationReport)
}

/// What receives a run's events as they happen: a progress display, a test library's per-case issues, a live log.
///
/// The runner calls `record(_:)` from one task at a time, in the order the events happen; a recorder
/// that keeps state keeps it behind a lock of its own, since it may be shared with other tasks.
public protocol VerificationRecorder: Sendable {
    /// Takes one event.
    func record(_ event: VerificationEvent)
}
