import Synchronization

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
    /// Where an interactive verb (`review`) reads answers, one line at a time.
    public var input: Input

    /// Creates a context; the tool does this before calling a verb.
    public init(
        arguments: ParsedArguments, tool: CommandLineTool, environment: [String: String], output: CommandOutput,
        input: Input = .standard
    ) {
        self.arguments = arguments
        self.tool = tool
        self.environment = environment
        self.output = output
        self.input = input
    }

    /// A source of input lines: standard input (a terminal, a pseudo-terminal or a pipe alike), or given lines in
    /// tests.
    public struct Input: Sendable {
        /// Returns the next line without its line break, or nil at the end of input.
        public var readLine: @Sendable () -> String?

        /// An input that calls `readLine` for each line.
        public init(readLine: @escaping @Sendable () -> String?) {
            self.readLine = readLine
        }

        /// This process's standard input.
        public static var standard: Input {
            Input { Swift.readLine(strippingNewline: true) }
        }

        /// The given lines, then the end of input.
        public static func lines(_ lines: [String]) -> Input {
            let remaining = Mutex(lines[...])
            return Input {
                remaining.withLock { lines in lines.popFirst() }
            }
        }
    }
}
