/// One verb of the command line: its description and the function that runs it.
///
/// Adding a verb to `docmigrate` means writing one ``VerbDescription``, one run function, and
/// listing the verb in ``Verb/builtIn``. The run function receives its already parsed and
/// validated arguments, so it holds no parsing code: it calls into the library and returns an
/// ``ExitCode``. To reject a combination of options the parser cannot know about, it throws
/// ``UsageError``; any other error it throws ends the run with ``ExitCode/couldNotProceed``.
public struct Verb: Sendable {
    /// What the verb accepts and how its help reads.
    public var description: VerbDescription
    /// Runs the verb with its parsed arguments.
    public var run: @Sendable (VerbContext) async throws -> ExitCode

    /// Pairs a description with the function that runs it.
    public init(description: VerbDescription, run: @escaping @Sendable (VerbContext) async throws -> ExitCode) {
        self.description = description
        self.run = run
    }
}
