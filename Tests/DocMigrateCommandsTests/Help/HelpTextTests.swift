import Testing

@testable import DocMigrateCommands

@Suite struct HelpTextTests {
    @Test func rendersAVerbsHelpWithAlignedWrappedEntries() {
        let expected = """
            OVERVIEW: Convert documents from one format to another.

            Reads every input, converts it and writes the result into the output folder.
            Originals are never modified.

            USAGE: sampletool convert [--format <format>] [--output <folder>]
                   [--include <glob> ...] [--offset <offset>] [--verbose] [--dry-run]
                   [--a-rather-long-option-name <value>] [<inputs> ...]

            ARGUMENTS:
              <inputs>                The documents to convert.

            OPTIONS:
              -f, --format <format>   The format to write. (values: json, plist, text;
                                      default: json)
              -o, --output <folder>   Where converted documents go.
              --include <glob>        Convert only files matching this pattern.
              --offset <offset>       Shift every timestamp by this many seconds. (default:
                                      0)
              -v, --verbose           Print every file as it is converted.
              -n, --dry-run           Show what would be done without writing anything.
              --a-rather-long-option-name <value>
                                      An option whose label does not fit the label column,
                                      so its description starts on the next line.
                                      A discussion wraps at the description column too.
              -h, --help              Show help information.


            """
        #expect(HelpText.verbHelp(SampleVerbs.convert, toolName: "sampletool") == expected)
    }

    @Test func rendersTheToolsHelpWithSubcommandsAndTheHelpHint() {
        let expected = """
            OVERVIEW: Exercise the command-line shell.

            A tool used only by the tests.

            USAGE: sampletool <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              convert                 Convert documents from one format to another.
              stamp                   Stamp a document.
              environment             Print SAMPLE_VARIABLE.
              shard                   Reject a shard of 0.
              fail                    Throw an error that is not about usage.
              help                    Show subcommand help information.

              See 'sampletool help <subcommand>' for detailed help.

            """
        #expect(HelpText.toolHelp(SampleVerbs.tool) == expected)
    }

    @Test func marksRequiredAndOptionalElementsInTheUsageLine() {
        let usage = HelpText.usageLine(
            prefix: "USAGE: ", elements: HelpText.verbSynopsis(SampleVerbs.stamp, toolName: "t"))
        #expect(usage == "USAGE: t stamp --name <name> [--color <color>] <path> [<mode>]")
    }

    @Test func abbreviatesMoreThanTwelveOptionsButKeepsRequiredOnes() {
        var options = (1...13).map { OptionDescription.flag("flag\($0)", abstract: "Flag \($0).") }
        options.append(.option("needed", abstract: "Needed.", isRequired: true))
        let verb = VerbDescription(
            name: "many", abstract: "Many options.", arguments: [ArgumentDescription("path", abstract: "A path.")],
            options: options)
        #expect(
            HelpText.verbSynopsis(verb, toolName: "t") == ["t", "many", "[<options>]", "--needed <needed>", "<path>"])
        let twelve = VerbDescription(name: "twelve", abstract: "", options: Array(options.prefix(12)))
        #expect(HelpText.verbSynopsis(twelve, toolName: "t").count == 14)
    }

    @Test func rendersUsageErrorsInThreeLines() {
        let error = UsageError("Missing expected argument '<path>'")
        let text = HelpText.usageError(
            error, synopsis: HelpText.verbSynopsis(SampleVerbs.stamp, toolName: "t"), helpCommand: "t stamp --help")
        #expect(
            text == """
                Error: Missing expected argument '<path>'
                Usage: t stamp --name <name> [--color <color>] <path> [<mode>]
                See 't stamp --help'.

                """)
    }

    @Test func omitsEmptySectionsAndShowsAnEmptyDefaultAsNone() {
        let verb = VerbDescription(
            name: "bare", abstract: "", options: [.option("tag", abstract: "A tag.", default: "")])
        #expect(
            HelpText.verbHelp(verb, toolName: "t") == """
                USAGE: t bare [--tag <tag>]

                OPTIONS:
                  --tag <tag>             A tag.
                  -h, --help              Show help information.


                """)
    }

    @Test func keepsEveryHelpLineWithinEightyColumns() {
        let tool = SampleVerbs.tool
        var screens = [HelpText.toolHelp(tool)]
        screens += tool.verbs.map { HelpText.verbHelp($0.description, toolName: tool.name) }
        screens.append(HelpText.toolHelp(.docmigrate))
        for screen in screens {
            for line in screen.split(separator: "\n") {
                #expect(line.count <= HelpText.width, "too long: \(line)")
                #expect(line.last != " ", "trailing space: \(line)")
            }
        }
    }

    @Test(arguments: [
        ("one two three", 7, ["one two", "three"]),
        ("one two three", 13, ["one two three"]),
        ("first\n\nsecond", 80, ["first", "", "second"]),
        ("  indented example", 80, ["  indented example"]),
        ("averyveryverylongword short", 5, ["averyveryverylongword", "short"]),
        ("spaces   collapse", 80, ["spaces collapse"]),
        ("", 80, [""]),
        ("é🙂 é🙂 é🙂", 5, ["é🙂 é🙂", "é🙂"]),
    ])
    func wrapsAtSpacesKeepingLineBreaks(_ text: String, _ width: Int, _ lines: [String]) {
        #expect(HelpText.wrap(text, width: width) == lines)
    }
}
