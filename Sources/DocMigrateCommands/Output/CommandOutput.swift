/// The two text streams a command writes to: help and results to one, errors to the other.
public struct CommandOutput: Sendable {
    /// Where help, versions and results go.
    public var standardOutput: any TextDestination
    /// Where errors and usage errors go.
    public var standardError: any TextDestination

    /// Creates an output from two destinations, such as two buffers in a test.
    public init(standardOutput: any TextDestination, standardError: any TextDestination) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The standard output and standard error of this process.
    public static var standard: CommandOutput {
        CommandOutput(standardOutput: StandardStream(.output), standardError: StandardStream(.error))
    }
}
