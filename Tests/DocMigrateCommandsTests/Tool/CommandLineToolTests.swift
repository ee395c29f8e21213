import Testing

@testable import DocMigrateCommands

@Suite struct CommandLineToolTests {
    @Test(arguments: [[], ["--help"], ["-h"], ["help"], ["--"], ["--", "help"], ["--help", "bogus"]])
    func printsTheTopLevelHelp(_ arguments: [String]) async {
        let run = await InProcessRun.run(arguments)
        #expect(run == InProcessRun(exitCode: .success, standardOutput: ExpectedText.docmigrateHelp, standardError: ""))
    }

    @Test(arguments: [["--version"], ["--version", "bogus"]])
    func printsTheVersion(_ arguments: [String]) async {
        let run = await InProcessRun.run(arguments)
        #expect(run == InProcessRun(exitCode: .success, standardOutput: "0.1.0\n", standardError: ""))
        #expect(DocMigrate.version == "0.1.0")
        #expect(CommandLineTool.docmigrate.version == DocMigrate.version)
    }

    @Test(arguments: [["help", "help"], ["help", "--help"], ["help", "-h"], ["help", "-h", "bogus"]])
    func printsTheHelpOfTheHelpVerb(_ arguments: [String]) async {
        let run = await InProcessRun.run(arguments)
        #expect(run == InProcessRun(exitCode: .success, standardOutput: ExpectedText.helpVerbHelp, standardError: ""))
    }

    @Test func listsItsVerbsWithHelpLast() {
        #expect(
            CommandLineTool.docmigrate.verbs.map(\.description.name) == [
                "verify", "review", "accept", "reject", "diff", "inspect", "anonymize", "convert", "merge-reports",
                "audit", "lint-plist", "types", "help",
            ])
    }

    /// A command line the tool must reject with exit code 64 and exactly these three lines.
    struct Misuse: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var standardError: String
        var testDescription: String { arguments.debugDescription }
    }

    static let misuses: [Misuse] = [
        Misuse(arguments: ["hlep"], standardError: ExpectedText.unknownVerbHlep),
        Misuse(arguments: ["help", "--fo"], standardError: ExpectedText.unknownOptionOfHelp),
        Misuse(
            arguments: ["verfy"],
            standardError:
                "Error: Unknown subcommand 'verfy'. Did you mean 'verify'?\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"
        ),
        Misuse(
            arguments: ["convert"],
            standardError:
                "Error: Missing expected argument '--to <type>'\nUsage: docmigrate convert [<options>] --to <type> [<path> ...]\nSee 'docmigrate convert --help'.\n"
        ),
        Misuse(
            arguments: ["help", "hepl"],
            standardError:
                "Error: Unknown subcommand 'hepl'. Did you mean 'help'?\nUsage: docmigrate help [<subcommand>]\nSee 'docmigrate help --help'.\n"
        ),
        Misuse(
            arguments: ["--verison"],
            standardError:
                "Error: Unknown option '--verison'. Did you mean '--version'?\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"
        ),
        Misuse(
            arguments: ["-version"],
            standardError:
                "Error: Unknown option '-version'. Did you mean '--version'?\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"
        ),
        Misuse(
            arguments: ["-x", "help"],
            standardError: "Error: Unknown option '-x'\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"),
        Misuse(
            arguments: ["--version=2"],
            standardError:
                "Error: The option '--version' does not take any value, but '2' was specified.\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"
        ),
        Misuse(
            arguments: ["--help="],
            standardError:
                "Error: The option '--help' does not take any value, but '' was specified.\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"
        ),
        Misuse(
            arguments: ["--fo=bar"],
            standardError: "Error: Unknown option '--fo'\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"),
        Misuse(
            arguments: ["--="],
            standardError: "Error: Unknown option '--='\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"),
        Misuse(
            arguments: ["help", "a", "b"],
            standardError:
                "Error: Unexpected argument 'b'\nUsage: docmigrate help [<subcommand>]\nSee 'docmigrate help --help'.\n"
        ),
        Misuse(
            arguments: [""],
            standardError: "Error: Unknown subcommand ''\nUsage: docmigrate <subcommand>\nSee 'docmigrate --help'.\n"),
    ]

    @Test(arguments: misuses)
    func rejectsMisuseWithThreeLinesAndExitCode64(_ misuse: Misuse) async {
        let run = await InProcessRun.run(misuse.arguments)
        #expect(run == InProcessRun(exitCode: .usageError, standardOutput: "", standardError: misuse.standardError))
    }

    @Test func wrapsALongUsageLineInAnError() async {
        let run = await InProcessRun.run(["convert", "--fromat", "json"], tool: SampleVerbs.tool)
        #expect(run.exitCode == .usageError)
        #expect(
            run.standardError == """
                Error: Unknown option '--fromat'. Did you mean '--format'?
                Usage: sampletool convert [--format <format>] [--output <folder>]
                       [--include <glob> ...] [--offset <offset>] [--verbose] [--dry-run]
                       [--a-rather-long-option-name <value>] [<inputs> ...]
                See 'sampletool convert --help'.

                """)
    }

    @Test func passesParsedArgumentsToTheVerb() async {
        let run = await InProcessRun.run(
            ["convert", "-v", "--include", "*.a", "x", "--include=*.b", "--", "-y"], tool: SampleVerbs.tool)
        #expect(
            run
                == InProcessRun(
                    exitCode: .success,
                    standardOutput: """
                        format=["json"]
                        output=[]
                        include=["*.a", "*.b"]
                        offset=["0"]
                        flag verbose
                        a-rather-long-option-name=[]
                        inputs=["x", "-y"]

                        """, standardError: ""))
    }

    @Test func returnsTheVerbsExitCode() async {
        let run = await InProcessRun.run(["convert", "--dry-run"], tool: SampleVerbs.tool)
        #expect(run.exitCode == .failure)
    }

    @Test(arguments: [
        ["convert", "--help"], ["convert", "--bogus", "-h"], ["convert", "-vh"], ["help", "convert"],
        ["convert", "--format", "png", "--help"],
    ])
    func showsAVerbsHelpInsteadOfRunningIt(_ arguments: [String]) async {
        let run = await InProcessRun.run(arguments, tool: SampleVerbs.tool)
        #expect(
            run
                == InProcessRun(
                    exitCode: .success,
                    standardOutput: HelpText.verbHelp(SampleVerbs.convert, toolName: "sampletool"),
                    standardError: ""
                ))
    }

    @Test func treatsHelpAfterTheTerminatorAsAValue() async {
        let run = await InProcessRun.run(["convert", "--", "--help"], tool: SampleVerbs.tool)
        #expect(run.exitCode == .success)
        #expect(run.standardOutput.hasSuffix("inputs=[\"--help\"]\n"))
    }

    @Test func givesTheVerbTheEnvironment() async {
        let run = await InProcessRun.run(
            ["environment"], tool: SampleVerbs.tool, environment: ["SAMPLE_VARIABLE": "présent"])
        #expect(run == InProcessRun(exitCode: .success, standardOutput: "présent\n", standardError: ""))
        let unset = await InProcessRun.run(["environment"], tool: SampleVerbs.tool)
        #expect(unset.standardOutput == "<unset>\n")
    }

    @Test func reportsAUsageErrorThrownByAVerbWithItsUsage() async {
        let run = await InProcessRun.run(["shard", "--shard", "0/4"], tool: SampleVerbs.tool)
        #expect(
            run
                == InProcessRun(
                    exitCode: .usageError, standardOutput: "",
                    standardError: """
                        Error: --shard is 1-based: K must be between 1 and N
                        Usage: sampletool shard --shard <k/n>
                        See 'sampletool shard --help'.

                        """))
        let accepted = await InProcessRun.run(["shard", "--shard", "1/4"], tool: SampleVerbs.tool)
        #expect(accepted.exitCode == .success)
    }

    @Test func reportsOtherErrorsAloneWithExitCode2() async {
        let run = await InProcessRun.run(["fail"], tool: SampleVerbs.tool)
        #expect(
            run
                == InProcessRun(
                    exitCode: .couldNotProceed,
                    standardOutput: "",
                    standardError: "Error: sample.doc: the sample failure happened\n"
                ))
    }

    @Test func usesTheToolsOwnNameAndVersion() async {
        let version = await InProcessRun.run(["--version"], tool: SampleVerbs.tool)
        #expect(version.standardOutput == "9.8.7\n")
        let unknown = await InProcessRun.run(["stmap"], tool: SampleVerbs.tool)
        #expect(
            unknown.standardError
                == "Error: Unknown subcommand 'stmap'. Did you mean 'stamp'?\nUsage: sampletool <subcommand>\nSee 'sampletool --help'.\n"
        )
    }

    @Test func addsVerbsBeforeHelp() {
        var tool = CommandLineTool(name: "t", version: "1", abstract: "", verbs: [])
        tool.add(Verb(description: VerbDescription(name: "later", abstract: "Added later.")) { _ in .success })
        #expect(tool.verbs.map(\.description.name) == ["later", "help"])
        #expect(tool.verb(named: "later") != nil)
        #expect(tool.verb(named: "Later") == nil)
    }

    @Test(
        arguments: [
            (ExitCode.success, 0), (.failure, 1), (.couldNotProceed, 2), (.failedOnWarnings, 3), (.usageError, 64),
        ] as [(ExitCode, Int32)])
    func usesTheHouseExitCodes(_ code: ExitCode, _ status: Int32) {
        #expect(code.rawValue == status)
    }

    /// Odd command lines: each must end in help, success or a usage error — never a trap.
    static let oddCommandLines: [[String]] = [
        [""], ["="], ["=="], ["--="], ["-="], ["-"], ["---"], ["----"], ["-\u{0}"], ["\u{0}"],
        ["é"], ["🙂🙂"], ["--🙂"], ["-🙂"], ["help", ""], ["help", "="], ["help", "--="], ["help", "-"],
        ["help", "--", "--"], ["help", "help", "help"], ["help", "-hh"], ["help", "--help=🙂"],
        [String(repeating: "x", count: 100_000)], ["--" + String(repeating: "y", count: 100_000)],
        ["help", "-" + String(repeating: "z", count: 100_000)], ["-" + String(repeating: "h", count: 10_000)],
        ["convert", "-\u{301}"], ["convert", "--format=\u{301}"], ["stamp", "--name", "", "", ""],
    ]

    @Test(arguments: oddCommandLines)
    func neverTrapsOnOddInput(_ arguments: [String]) async {
        for tool in [CommandLineTool.docmigrate, SampleVerbs.tool] {
            let run = await InProcessRun.run(arguments, tool: tool)
            #expect(run.exitCode == .success || run.exitCode == .usageError)
            if run.exitCode == .usageError {
                #expect(run.standardError.hasPrefix("Error: "))
                #expect(run.standardError.hasSuffix("--help'.\n"))
                #expect(run.standardOutput.isEmpty)
            } else {
                #expect(run.standardError.isEmpty)
            }
        }
    }
}
