extension Verb {
    /// `help [<subcommand>]`: prints the tool's help, or the help of the named verb.
    ///
    /// Every ``CommandLineTool`` has it, as every swift-argument-parser command with subcommands
    /// has an implicit `help` subcommand. Unlike swift-argument-parser, which falls back to the
    /// top-level help for a name it does not know, an unknown name is a usage error with a
    /// suggestion, because silently printing other help hides the typo.
    public static let help = Verb(
        description: VerbDescription(
            name: "help",
            abstract: "Show subcommand help information.",
            arguments: [
                ArgumentDescription("subcommand", abstract: "The subcommand to show help for.", isOptional: true)
            ]
        ),
        run: { context in
            guard let name = context.arguments.value("subcommand") else {
                context.output.standardOutput.write(HelpText.toolHelp(context.tool))
                return .success
            }
            guard let verb = context.tool.verb(named: name) else {
                throw UsageError.unknownSubcommand(name, candidates: context.tool.verbs.map(\.description.name))
            }
            context.output.standardOutput.write(HelpText.verbHelp(verb.description, toolName: context.tool.name))
            return .success
        }
    )
}
