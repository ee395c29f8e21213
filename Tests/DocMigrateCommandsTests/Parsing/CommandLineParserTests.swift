import Testing

@testable import DocMigrateCommands

@Suite struct CommandLineParserTests {
    /// A command line that parses, and some of the values it must yield.
    struct Accepted: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var values: [String: [String]]
        var flags: Set<String> = []
        var testDescription: String { arguments.debugDescription }
    }

    static let acceptedConvertLines: [Accepted] = [
        Accepted(
            arguments: ["a.plist"],
            values: ["inputs": ["a.plist"], "format": ["json"], "offset": ["0"], "output": [], "include": []]),
        Accepted(arguments: [], values: ["inputs": [], "format": ["json"]]),
        Accepted(arguments: ["--format", "plist", "a"], values: ["format": ["plist"], "inputs": ["a"]]),
        Accepted(arguments: ["--format=text", "a"], values: ["format": ["text"], "inputs": ["a"]]),
        Accepted(arguments: ["-f", "plist"], values: ["format": ["plist"], "inputs": []]),
        Accepted(arguments: ["-vn", "a"], values: ["inputs": ["a"]], flags: ["verbose", "dry-run"]),
        Accepted(arguments: ["-v", "-v"], values: [:], flags: ["verbose"]),
        Accepted(arguments: ["-nf", "text"], values: ["format": ["text"], "inputs": []], flags: ["dry-run"]),
        Accepted(arguments: ["a", "--verbose", "b"], values: ["inputs": ["a", "b"]], flags: ["verbose"]),
        // `--` ends the options: what follows is positional even when it looks like an option.
        Accepted(
            arguments: ["--", "-x", "--format", "--"],
            values: ["inputs": ["-x", "--format", "--"], "format": ["json"]]),
        Accepted(arguments: ["-o", "out", "--", "--verbose"], values: ["output": ["out"], "inputs": ["--verbose"]]),
        Accepted(arguments: ["--include", "*.plist", "--include=*.json"], values: ["include": ["*.plist", "*.json"]]),
        // A non-repeatable option given twice keeps the last value, as in swift-argument-parser.
        Accepted(arguments: ["--output", "first", "--output", "second"], values: ["output": ["second"]]),
        // Negative numbers are values, not options.
        Accepted(arguments: ["--offset", "-3"], values: ["offset": ["-3"]]),
        Accepted(arguments: ["--offset", "-0.5"], values: ["offset": ["-0.5"]]),
        Accepted(arguments: ["--offset=-x"], values: ["offset": ["-x"]]),
        Accepted(arguments: ["-3", "-.5"], values: ["inputs": ["-3", "-.5"]]),
        // `-` (standard input by convention) and the empty word are ordinary values.
        Accepted(arguments: ["-", ""], values: ["inputs": ["-", ""]]),
        Accepted(arguments: ["--output=", "a"], values: ["output": [""], "inputs": ["a"]]),
        Accepted(arguments: ["--output", "="], values: ["output": ["="]]),
        Accepted(arguments: ["--output=a=b"], values: ["output": ["a=b"]]),
        Accepted(arguments: ["="], values: ["inputs": ["="]]),
        Accepted(arguments: ["--output", "dossier/é🙂"], values: ["output": ["dossier/é🙂"]]),
        Accepted(arguments: ["--a-rather-long-option-name", "x"], values: ["a-rather-long-option-name": ["x"]]),
    ]

    @Test(arguments: acceptedConvertLines)
    func parsesAcceptedCommandLines(_ line: Accepted) throws {
        let parsed = try CommandLineParser(SampleVerbs.convert).parse(line.arguments)
        for (name, expected) in line.values {
            #expect(parsed.values(name) == expected, "values of \(name)")
        }
        for flag in ["verbose", "dry-run"] {
            #expect(parsed.flag(flag) == line.flags.contains(flag), "flag \(flag)")
        }
    }

    @Test func appliesDefaultsOfArgumentsAndReadsRequiredOnes() throws {
        let parsed = try CommandLineParser(SampleVerbs.stamp).parse(["--name", "me", "doc.txt"])
        #expect(parsed.value("name") == "me")
        #expect(parsed.value("path") == "doc.txt")
        #expect(parsed.value("mode") == "light")
        #expect(parsed.value("color") == nil)

        let heavy = try CommandLineParser(SampleVerbs.stamp).parse([
            "doc.txt", "heavy", "--name=you", "--color", "cyan",
        ])
        #expect(heavy.value("mode") == "heavy")
        #expect(heavy.value("name") == "you")
        #expect(heavy.value("color") == "cyan")
    }

    /// A command line that must be rejected, and the exact message.
    struct Rejected: CustomTestStringConvertible, Sendable {
        var verb: VerbDescription
        var arguments: [String]
        var message: String
        var code: String
        var testDescription: String { "\(verb.name) \(arguments.debugDescription)" }
    }

    static let rejectedCommandLines: [Rejected] = [
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--fo"], message: "Unknown option '--fo'",
            code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--fromat", "json"],
            message: "Unknown option '--fromat'. Did you mean '--format'?", code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--verbos"],
            message: "Unknown option '--verbos'. Did you mean '--verbose'?", code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--hepl"],
            message: "Unknown option '--hepl'. Did you mean '--help'?", code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["-verbose"],
            message: "Unknown option '-verbose'. Did you mean '--verbose'?", code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["-x"], message: "Unknown option '-x'", code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["-vx"], message: "Unknown option '-x'", code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--="], message: "Unknown option '--='", code: "usage.unknown-option"
        ),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--=x"], message: "Unknown option '--=x'",
            code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["---"], message: "Unknown option '---'", code: "usage.unknown-option"
        ),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--fö"], message: "Unknown option '--fö'",
            code: "usage.unknown-option"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--format"], message: "Missing value for '--format <format>'",
            code: "usage.missing-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["-f"], message: "Missing value for '-f <format>'",
            code: "usage.missing-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--output", "--verbose"],
            message: "Missing value for '--output <folder>'", code: "usage.missing-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--output", "--"], message: "Missing value for '--output <folder>'",
            code: "usage.missing-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["-fv", "json"], message: "Missing value for '-f <format>'",
            code: "usage.missing-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--format", "png"],
            message:
                "The value 'png' is invalid for '--format <format>'. Please provide one of 'json', 'plist' or 'text'.",
            code: "usage.invalid-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["-f", "png"],
            message: "The value 'png' is invalid for '-f <format>'. Please provide one of 'json', 'plist' or 'text'.",
            code: "usage.invalid-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--format="],
            message:
                "The value '' is invalid for '--format <format>'. Please provide one of 'json', 'plist' or 'text'.",
            code: "usage.invalid-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--verbose=yes"],
            message: "The option '--verbose' does not take any value, but 'yes' was specified.",
            code: "usage.unexpected-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--verbose="],
            message: "The option '--verbose' does not take any value, but '' was specified.",
            code: "usage.unexpected-value"),
        Rejected(
            verb: SampleVerbs.convert, arguments: ["--help=x"],
            message: "The option '--help' does not take any value, but 'x' was specified.",
            code: "usage.unexpected-value"),
        Rejected(
            verb: SampleVerbs.stamp, arguments: ["--name", "me"], message: "Missing expected argument '<path>'",
            code: "usage.missing-argument"),
        Rejected(
            verb: SampleVerbs.stamp, arguments: ["doc.txt"], message: "Missing expected argument '--name <name>'",
            code: "usage.missing-argument"),
        Rejected(
            verb: SampleVerbs.stamp, arguments: ["--name", "me", "doc", "heavy", "extra"],
            message: "Unexpected argument 'extra'", code: "usage.unexpected-argument"),
        Rejected(
            verb: SampleVerbs.stamp, arguments: ["--name", "me", "doc", "heavy", "x", "-", "--", "-y"],
            message: "3 unexpected arguments: 'x', '-', '-y'", code: "usage.unexpected-argument"),
        Rejected(
            verb: SampleVerbs.stamp, arguments: ["--name", "me", "doc", "medium"],
            message: "The value 'medium' is invalid for '<mode>'. Please provide one of 'light' and 'heavy'.",
            code: "usage.invalid-value"),
        Rejected(
            verb: SampleVerbs.stamp, arguments: ["--name", "me", "--color", "pink", "doc"],
            message:
                "The value 'pink' is invalid for '--color <color>'. Please provide one of the following:\n  - red\n  - green\n  - blue\n  - cyan\n  - magenta\n  - yellow",
            code: "usage.invalid-value"
        ),
        Rejected(
            verb: Verb.help.description, arguments: ["a", "b"], message: "Unexpected argument 'b'",
            code: "usage.unexpected-argument"),
    ]

    @Test(arguments: rejectedCommandLines)
    func rejectsWithExactMessage(_ line: Rejected) {
        let error = #expect(throws: UsageError.self) {
            try CommandLineParser(line.verb).parse(line.arguments)
        }
        #expect(error?.message == line.message)
        #expect(error?.code == line.code)
    }

    @Test(arguments: [
        (["--help"], true), (["-h"], true), (["a", "--format", "--help"], true), (["--bogus", "-h"], true),
        (["--", "--help"], false), (["--help=x"], false), (["-vh"], false), (["help"], false), ([], false),
    ])
    func recognisesHelpRequestsBeforeTheTerminator(_ arguments: [String], _ isRequest: Bool) {
        #expect(CommandLineParser.isHelpRequest(arguments) == isRequest)
    }

    @Test func findsHelpInsideAClusterOfFlags() throws {
        let parsed = try CommandLineParser(SampleVerbs.convert).parse(["-vh"])
        #expect(parsed.flag("help"))
        #expect(parsed.flag("verbose"))
    }

    @Test(arguments: [
        ("-3", false), ("-0.5", false), ("-.5", false), ("-", false), ("", false), ("a", false),
        ("-x", true), ("--", true), ("--x", true), ("-3x", true), ("-1.2.3", true), ("-.", true), ("-٣", true),
    ])
    func tellsOptionsFromValues(_ word: String, _ isOption: Bool) {
        #expect(CommandLineParser.looksLikeOption(word) == isOption)
    }
}
