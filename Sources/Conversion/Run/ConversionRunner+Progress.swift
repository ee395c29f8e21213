extension ConversionRunner {
    /// Runs the job and shows its progress in `style` through `write`.
    ///
    /// A bar is drawn only when `isTerminal` (a bar in a log file is noise); with nothing to show, the
    /// job is not even handed an observer to call per item.
    public func run(
        progress style: ProgressStyle, isTerminal: Bool, write: @escaping @Sendable (String) -> Void
    ) async throws -> ConversionReport {
        switch style {
        case .bar where isTerminal:
            let bar = ConversionProgressBar(totalCount: job.plan.count(), write: write)
            return try await run { bar.receive($0) }
        case .json:
            return try await run { write($0.jsonLine) }
        case .bar, .hidden:
            return try await run()
        }
    }
}
