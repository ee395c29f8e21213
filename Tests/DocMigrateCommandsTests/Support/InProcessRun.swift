import DocMigrateCommands

/// The outcome of running a tool in-process: its exit code and both captured streams.
struct InProcessRun: Equatable {
    var exitCode: ExitCode
    var standardOutput: String
    var standardError: String

    /// Runs `arguments` through `tool` with captured output, as the binary would.
    static func run(
        _ arguments: [String],
        tool: CommandLineTool = .docmigrate,
        environment: [String: String] = [:]
    ) async -> InProcessRun {
        let output = CapturedText()
        let error = CapturedText()
        let code = await tool.run(
            arguments: arguments,
            environment: environment,
            output: CommandOutput(standardOutput: output, standardError: error)
        )
        return InProcessRun(exitCode: code, standardOutput: output.text, standardError: error.text)
    }
}
