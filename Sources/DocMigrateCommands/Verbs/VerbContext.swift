/// What a verb's run function receives: its parsed arguments and the world it runs in.
///
/// Verbs read the environment and write output only through this value, so tests can run them
/// in-process with an environment and buffers of their choosing.
public struct VerbContext: Sendable {
    /// The verb's arguments and options, parsed and checked against its description.
    public var arguments: ParsedArguments
    /// The tool the verb runs in: its name for messages, its other verbs for `help`.
    public var tool: CommandLineTool
    /// The environment variables of the run.
    public var environment: [String: String]
    /// Where the verb writes results and errors.
    public var output: CommandOutput

    /// Creates a context; the tool does this before calling a verb.
    public init(arguments: ParsedArguments, tool: CommandLineTool, environment: [String: String], output: CommandOutput) {
        self.arguments = arguments
        self.tool = tool
        self.environment = environment
        self.output = output
    }
}
