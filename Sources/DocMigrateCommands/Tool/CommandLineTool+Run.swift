import Foundation

extension CommandLineTool {
    /// Runs this process's command line and exits with the resulting code.
    public func main() async -> Never {
        let code = await run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            output: .standard
        )
        exit(code.rawValue)
    }

    /// Runs one command line: chooses the verb, parses its words, runs it and reports errors.
    ///
    /// - Parameters:
    ///   - arguments: the words after the program name.
    ///   - input: where interactive verbs (`review`) read answers; standard input unless a test gives lines.
    /// - Returns: the exit code; help and version are ``ExitCode/success`` on standard output,
    ///   usage errors ``ExitCode/usageError`` with three lines on standard error, other errors
    ///   thrown by a verb ``ExitCode/couldNotProceed`` with `Error: …` only.
    ///
    /// A process that a `convert` job started as its worker serves the job instead (see ``ConversionWorkerRole``).
    /// No arguments print the top-level help, as a swift-argument-parser command with subcommands
    /// and no default subcommand does. `--version`, `--help` and `-h` are read before the verb.
    public func run(
        arguments: [String], environment: [String: String], output: CommandOutput, input: VerbContext.Input = .standard
    ) async -> ExitCode {
        if ConversionWorkerRole.isWorker(arguments: arguments, environment: environment) {
            return ConversionWorkerRole.serve(arguments, codecs: codecs, environment: environment, output: output)
        }
        var remaining = arguments[...]
        while let word = remaining.first, CommandLineParser.looksLikeOption(word) {
            remaining.removeFirst()
            switch word {
            case "--":
                // The verb's name may follow `--`; its own words are its business.
                return await runVerb(remaining, environment: environment, output: output, input: input)
            case "--help", "-h":
                output.standardOutput.write(HelpText.toolHelp(self))
                return .success
            case "--version":
                output.standardOutput.write(version + "\n")
                return .success
            default:
                return reportToolUsageError(toolOptionError(word), output: output)
            }
        }
        return await runVerb(remaining, environment: environment, output: output, input: input)
    }

    private func runVerb(
        _ words: ArraySlice<String>, environment: [String: String], output: CommandOutput, input: VerbContext.Input
    ) async -> ExitCode {
        guard let name = words.first else {
            output.standardOutput.write(HelpText.toolHelp(self))
            return .success
        }
        guard let verb = verb(named: name) else {
            let error = UsageError.unknownSubcommand(name, candidates: verbs.map(\.description.name))
            return reportToolUsageError(error, output: output)
        }
        let verbArguments = Array(words.dropFirst())
        let helpText = HelpText.verbHelp(verb.description, toolName: self.name)
        if CommandLineParser.isHelpRequest(verbArguments) {
            output.standardOutput.write(helpText)
            return .success
        }
        do {
            let parsed = try CommandLineParser(verb.description).parse(verbArguments)
            // `-h` inside a cluster of flags (`-vh`) is only found by parsing.
            if parsed.flag(VerbDescription.helpOptionName) {
                output.standardOutput.write(helpText)
                return .success
            }
            let context = VerbContext(
                arguments: parsed, tool: self, environment: environment, output: output, input: input)
            return try await verb.run(context)
        } catch let error as UsageError {
            output.standardError.write(
                HelpText.usageError(
                    error,
                    synopsis: HelpText.verbSynopsis(verb.description, toolName: self.name),
                    helpCommand: "\(self.name) \(verb.description.name) --help"
                ))
            return .usageError
        } catch {
            // Errors that are not about the command line print alone: the usage line would not help.
            output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
    }

    private func toolOptionError(_ word: String) -> UsageError {
        let name = word.prefix(while: { $0 != "=" })
        if name.count < word.count, name == "--version" || name == "--help" {
            return .unexpectedValue(String(word.dropFirst(name.count + 1)), for: String(name))
        }
        return .unknownOption(
            word.hasPrefix("--") && !name.dropFirst(2).isEmpty ? String(name) : word,
            candidates: ["--version", "--help"])
    }

    private func reportToolUsageError(_ error: UsageError, output: CommandOutput) -> ExitCode {
        output.standardError.write(
            HelpText.usageError(error, synopsis: HelpText.toolSynopsis(self), helpCommand: "\(name) --help"))
        return .usageError
    }
}
