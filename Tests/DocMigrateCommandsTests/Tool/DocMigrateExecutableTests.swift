import Testing

/// The built `docmigrate` binary, run as a child process: what users and CI scripts see.
@Suite struct DocMigrateExecutableTests {
    @Test func printsHelp() throws {
        let result = try BuiltExecutable.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput == ExpectedText.docmigrateHelp)
        #expect(result.standardError.isEmpty)
    }

    @Test func printsTheVersion() throws {
        let result = try BuiltExecutable.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "0.1.0\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func printsTheHelpOfHelp() throws {
        let result = try BuiltExecutable.run(["help", "help"])
        #expect(result.status == 0)
        #expect(result.standardOutput == ExpectedText.helpVerbHelp)
        #expect(result.standardError.isEmpty)
    }

    @Test func rejectsAnUnknownVerbWithASuggestion() throws {
        let result = try BuiltExecutable.run(["hlep"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == ExpectedText.unknownVerbHlep)
        #expect(result.standardError.split(separator: "\n").count == 3)
    }

    @Test func rejectsAnUnknownOptionOfHelp() throws {
        let result = try BuiltExecutable.run(["help", "--fo"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == ExpectedText.unknownOptionOfHelp)
    }

    @Test func printsHelpWithoutArguments() throws {
        let result = try BuiltExecutable.run([])
        #expect(result.status == 0)
        #expect(result.standardOutput == ExpectedText.docmigrateHelp)
    }

    @Test(arguments: [[""], ["--="], ["🙂"], [String(repeating: "x", count: 100_000)]])
    func rejectsOddInputWithoutCrashing(_ arguments: [String]) throws {
        let result = try BuiltExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.hasSuffix("See 'docmigrate --help'.\n"))
    }
}
