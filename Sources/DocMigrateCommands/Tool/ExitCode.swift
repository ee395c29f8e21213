/// How a run of `docmigrate` ended, as the process exit status that CI systems read.
///
/// The values are fixed by the house style so that scripts can rely on them:
/// 64 is `EX_USAGE` from `sysexits.h`, which swift-argument-parser also uses for bad usage.
public enum ExitCode: Int32, Sendable, Hashable, CaseIterable {
    /// The verb did what was asked and found nothing wrong (0).
    case success = 0
    /// A check found differences, or items of a batch failed (1).
    case failure = 1
    /// The run could not proceed: unreadable input of a single-document verb, a bad manifest,
    /// or an I/O failure of the job itself (2).
    case couldNotProceed = 2
    /// Warnings were found and `--fail-on-warnings` asked to treat them as a failure (3).
    case failedOnWarnings = 3
    /// The command line was malformed: unknown verb or option, missing or invalid value (64).
    case usageError = 64
}
