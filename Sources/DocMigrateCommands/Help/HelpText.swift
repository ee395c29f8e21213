/// Renders help screens, usage lines and usage errors from verb descriptions.
///
/// The layout is swift-argument-parser's: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:` and
/// `SUBCOMMANDS:` sections; entries indented by 2 with their descriptions in a column starting at
/// 26 (a label too long for it puts the description on the next line); text wrapped at 80
/// columns; `(values: …; default: …)` after a description. The width is fixed rather than taken
/// from the terminal so that help is the same in a terminal, a pipe and a test.
package enum HelpText {
    /// The column count every line fits in (a single word longer than that excepted).
    package static let width = 80
    /// The indentation of an entry's label.
    static let labelIndent = 2
    /// The column where descriptions start.
    static let descriptionColumn = 26
    /// The width of `USAGE: ` and `Usage: `, the hanging indent of a usage line that wraps.
    static let usagePrefixWidth = 7
    /// Above this many options, a usage line shows `[<options>]` instead of each optional one.
    static let maximumOptionsInUsage = 12

    // MARK: Screens

    /// The help of the whole tool: `docmigrate --help`, `docmigrate help`, or no arguments at all.
    package static func toolHelp(_ tool: CommandLineTool) -> String {
        var text = overview(abstract: tool.abstract, discussion: tool.discussion)
        text += usageLine(prefix: "USAGE: ", elements: toolSynopsis(tool)) + "\n\n"
        let options = [
            entry(label: "--version", description: "Show the version."),
            entry(label: helpLabel, description: CommandLineParser.helpOption.abstract),
        ]
        let subcommands = tool.verbs.map { entry(label: $0.description.name, description: $0.description.abstract) }
        text += [section("OPTIONS", options), section("SUBCOMMANDS", subcommands)]
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
        text += "\n  See '\(tool.name) help <subcommand>' for detailed help.\n"
        return text
    }

    /// The help of one verb: `docmigrate <verb> --help` or `docmigrate help <verb>`.
    package static func verbHelp(_ verb: VerbDescription, toolName: String) -> String {
        var text = overview(abstract: verb.abstract, discussion: verb.discussion)
        text += usageLine(prefix: "USAGE: ", elements: verbSynopsis(verb, toolName: toolName)) + "\n\n"
        let arguments = verb.arguments.map { argument in
            entry(
                label: "<\(argument.name)>",
                description: describe(
                    argument.abstract, allowedValues: argument.allowedValues, defaultValue: argument.defaultValue),
                discussion: argument.discussion
            )
        }
        let options = (verb.options + [CommandLineParser.helpOption]).map { option in
            entry(
                label: label(of: option),
                description: describe(
                    option.abstract, allowedValues: option.allowedValues, defaultValue: option.defaultValue),
                discussion: option.discussion
            )
        }
        text += [section("ARGUMENTS", arguments), section("OPTIONS", options)]
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
        // swift-argument-parser prints its help followed by a newline, which leaves one blank line.
        return text + "\n"
    }

    /// The three lines of a usage error: `Error: …`, the usage line, and where to read more.
    ///
    /// - Parameters:
    ///   - synopsis: the elements of the usage line, from ``verbSynopsis(_:toolName:)`` or ``toolSynopsis(_:)``.
    ///   - helpCommand: the command that shows the relevant help, such as `docmigrate verify --help`.
    package static func usageError(_ error: UsageError, synopsis: [String], helpCommand: String) -> String {
        "Error: \(error.message)\n"
            + usageLine(prefix: "Usage: ", elements: synopsis) + "\n"
            + "See '\(helpCommand)'.\n"
    }

    // MARK: Usage lines

    /// The words of a verb's usage line: tool, verb, options, then positional arguments.
    package static func verbSynopsis(_ verb: VerbDescription, toolName: String) -> [String] {
        var elements = [toolName, verb.name]
        if verb.options.count > maximumOptionsInUsage {
            elements.append("[<options>]")
            elements += verb.options.filter(\.isRequired).map { synopsis(of: $0, includingRepetition: true) }
        } else {
            elements += verb.options.map { synopsis(of: $0, includingRepetition: true) }
        }
        elements += verb.arguments.map { synopsis(of: $0, bracketingOptional: true) }
        return elements
    }

    /// The words of the tool's usage line: `docmigrate <subcommand>`.
    package static func toolSynopsis(_ tool: CommandLineTool) -> [String] {
        [tool.name, "<subcommand>"]
    }

    /// `--format <format>`, `[--verbose]`, `[--include <glob> ...]`: an option in a usage line or error.
    static func synopsis(of option: OptionDescription, includingRepetition: Bool) -> String {
        var text = option.longSpelling
        if let valueName = option.valueName { text += " <\(valueName)>" }
        guard includingRepetition else { return text }
        if option.isRepeatable { text += " ..." }
        return option.isRequired ? text : "[\(text)]"
    }

    /// `<path>`, `[<path>]`, `<paths> ...`: a positional argument in a usage line or error.
    static func synopsis(of argument: ArgumentDescription, bracketingOptional: Bool) -> String {
        var text = "<\(argument.name)>"
        if argument.isRepeatable { text += " ..." }
        return bracketingOptional && argument.isOptional ? "[\(text)]" : text
    }

    /// Joins usage elements after `prefix`, wrapping between elements with a hanging indent.
    static func usageLine(prefix: String, elements: [String]) -> String {
        var lines: [String] = []
        var current = ""
        for element in elements {
            if current.isEmpty {
                current = element
            } else if usagePrefixWidth + current.count + 1 + element.count <= width {
                current += " " + element
            } else {
                lines.append(current)
                current = element
            }
        }
        lines.append(current)
        let hangingIndent = String(repeating: " ", count: usagePrefixWidth)
        return prefix + lines.joined(separator: "\n" + hangingIndent)
    }

    // MARK: Sections

    private static var helpLabel: String { label(of: CommandLineParser.helpOption) }

    /// `-f, --format <format>` or `--verbose`: an option's label in the OPTIONS section.
    static func label(of option: OptionDescription) -> String {
        var names = [option.longSpelling]
        if let short = option.shortName { names.insert("-\(short)", at: 0) }
        var text = names.joined(separator: ", ")
        if let valueName = option.valueName { text += " <\(valueName)>" }
        return text
    }

    /// The abstract followed by `(values: a, b; default: a)`, as swift-argument-parser shows them.
    static func describe(_ abstract: String, allowedValues: [String], defaultValue: String?) -> String {
        var notes: [String] = []
        if !allowedValues.isEmpty { notes.append("values: " + allowedValues.joined(separator: ", ")) }
        if let defaultValue, !defaultValue.isEmpty { notes.append("default: \(defaultValue)") }
        let annotation = notes.isEmpty ? "" : "(" + notes.joined(separator: "; ") + ")"
        return [abstract, annotation].filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func overview(abstract: String, discussion: String) -> String {
        var text = abstract
        if !discussion.isEmpty {
            text += (abstract.isEmpty ? "" : "\n") + "\n" + discussion
        }
        guard !text.isEmpty else { return "" }
        return wrap("OVERVIEW: " + text, width: width).joined(separator: "\n") + "\n\n"
    }

    private static func section(_ header: String, _ entries: [String]) -> String {
        entries.isEmpty ? "" : header + ":\n" + entries.joined()
    }

    /// One entry: the label at column 2, the description at column 26, the discussion below it.
    static func entry(label: String, description: String, discussion: String = "") -> String {
        let paddedLabel = String(repeating: " ", count: labelIndent) + label
        let column = String(repeating: " ", count: descriptionColumn)
        let descriptionLines = description.isEmpty ? [] : wrap(description, width: width - descriptionColumn)
        var lines: [String] = []
        if let first = descriptionLines.first, paddedLabel.count < descriptionColumn {
            lines.append(paddedLabel + String(repeating: " ", count: descriptionColumn - paddedLabel.count) + first)
            lines += descriptionLines.dropFirst().map { $0.isEmpty ? "" : column + $0 }
        } else {
            lines.append(paddedLabel)
            lines += descriptionLines.map { $0.isEmpty ? "" : column + $0 }
        }
        if !discussion.isEmpty {
            lines += wrap(discussion, width: width - descriptionColumn).map { $0.isEmpty ? "" : column + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Wrapping

    /// Breaks text into lines of at most `width` Characters at spaces, keeping its line breaks.
    ///
    /// A line's leading spaces are kept (indented examples stay indented); a word longer than
    /// `width` gets a line of its own rather than being cut.
    package static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = String(paragraph.prefix(while: { $0 == " " }))
            var current = leading
            var currentHasWord = false
            for word in paragraph.split(separator: " ") {
                if !currentHasWord {
                    current += word
                    currentHasWord = true
                } else if current.count + 1 + word.count <= width {
                    current += " " + word
                } else {
                    lines.append(current)
                    current = String(word)
                }
            }
            lines.append(currentHasWord ? current : "")
        }
        return lines
    }
}
