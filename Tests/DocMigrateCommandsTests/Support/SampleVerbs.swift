import DocMigrateCommands

/// Verb descriptions that exercise every feature of the parser and the help layout.
///
/// They exist only in the tests: `docmigrate` gets its real verbs from later work, and the entry
/// point takes any verb list, so the parser is tested here with descriptions of our own.
enum SampleVerbs {
    /// Options of every kind, flags with short names, and a repeatable positional argument.
    static let convert = VerbDescription(
        name: "convert",
        abstract: "Convert documents from one format to another.",
        discussion:
            "Reads every input, converts it and writes the result into the output folder. Originals are never modified.",
        arguments: [
            ArgumentDescription("inputs", abstract: "The documents to convert.", isOptional: true, isRepeatable: true)
        ],
        options: [
            .option(
                "format", short: "f", abstract: "The format to write.", default: "json",
                allowedValues: ["json", "plist", "text"]),
            .option("output", short: "o", valueName: "folder", abstract: "Where converted documents go."),
            .option(
                "include", valueName: "glob", abstract: "Convert only files matching this pattern.", isRepeatable: true),
            .option("offset", abstract: "Shift every timestamp by this many seconds.", default: "0"),
            .flag("verbose", short: "v", abstract: "Print every file as it is converted."),
            .flag("dry-run", short: "n", abstract: "Show what would be done without writing anything."),
            .option(
                "a-rather-long-option-name", valueName: "value",
                abstract:
                    "An option whose label does not fit the label column, so its description starts on the next line.",
                discussion: "A discussion wraps at the description column too."
            ),
        ]
    )

    /// Required options and arguments, a defaulted argument with allowed values, and an option with six values.
    static let stamp = VerbDescription(
        name: "stamp",
        abstract: "Stamp a document.",
        arguments: [
            ArgumentDescription("path", abstract: "The document to stamp."),
            ArgumentDescription(
                "mode", abstract: "How hard to stamp.", default: "light", allowedValues: ["light", "heavy"]),
        ],
        options: [
            .option("name", abstract: "Who stamps.", isRequired: true),
            .option(
                "color", abstract: "The ink.", allowedValues: ["red", "green", "blue", "cyan", "magenta", "yellow"]),
        ]
    )

    /// A tool whose verbs print what they received, so parsing is observable through output.
    static var tool: CommandLineTool {
        CommandLineTool(
            name: "sampletool",
            version: "9.8.7",
            abstract: "Exercise the command-line shell.",
            discussion: "A tool used only by the tests.",
            verbs: [
                Verb(description: convert) { context in
                    context.output.standardOutput.write(dump(context.arguments))
                    return context.arguments.flag("dry-run") ? .failure : .success
                },
                Verb(description: stamp) { context in
                    context.output.standardOutput.write(dump(context.arguments))
                    return .success
                },
                Verb(description: VerbDescription(name: "environment", abstract: "Print SAMPLE_VARIABLE.")) { context in
                    context.output.standardOutput.write((context.environment["SAMPLE_VARIABLE"] ?? "<unset>") + "\n")
                    return .success
                },
                Verb(
                    description: VerbDescription(
                        name: "shard",
                        abstract: "Reject a shard of 0.",
                        options: [.option("shard", valueName: "k/n", abstract: "The shard to run.", isRequired: true)]
                    )
                ) { context in
                    guard context.arguments.value("shard")?.hasPrefix("0/") == false else {
                        throw UsageError("--shard is 1-based: K must be between 1 and N", code: "usage.shard")
                    }
                    return .success
                },
                Verb(description: VerbDescription(name: "fail", abstract: "Throw an error that is not about usage.")) {
                    _ in
                    throw SampleFailure()
                },
            ]
        )
    }

    /// Every declared name with its values, one per line, then the flags that were given.
    static func dump(_ arguments: ParsedArguments) -> String {
        var lines: [String] = []
        for option in arguments.description.options {
            if option.kind == .flag {
                if arguments.flag(option.name) { lines.append("flag \(option.name)") }
            } else {
                lines.append("\(option.name)=\(arguments.values(option.name))")
            }
        }
        for argument in arguments.description.arguments {
            lines.append("\(argument.name)=\(arguments.values(argument.name))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// An error of a run (not of the command line), as a verb would throw for unreadable input.
struct SampleFailure: Error, CustomStringConvertible {
    var description: String { "sample.doc: the sample failure happened" }
}
