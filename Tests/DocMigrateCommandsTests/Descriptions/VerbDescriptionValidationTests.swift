import DocMigrateCommands
import Testing

/// Contradictory descriptions are programming errors: building a tool from one stops the program.
///
/// Each case runs in a child process (a Swift Testing exit test), since a precondition failure
/// cannot be caught in-process.
@Suite struct VerbDescriptionValidationTests {
    @Test func acceptsTheSampleVerbs() {
        #expect(SampleVerbs.tool.verbs.count == 6)
    }

    @Test func rejectsADeclaredHelpShortName() async {
        await #expect(processExitsWith: .failure) {
            let verb = VerbDescription(name: "x", abstract: "", options: [.flag("hidden", short: "h", abstract: "")])
            _ = CommandLineTool(
                name: "t", version: "1", abstract: "", verbs: [Verb(description: verb) { _ in .success }])
        }
    }

    @Test func rejectsTwoVerbsOfOneName() async {
        await #expect(processExitsWith: .failure) {
            let verb = Verb(description: VerbDescription(name: "help", abstract: "")) { _ in .success }
            _ = CommandLineTool(name: "t", version: "1", abstract: "", verbs: [verb])
        }
    }

    @Test func rejectsARequiredArgumentAfterAnOptionalOne() async {
        await #expect(processExitsWith: .failure) {
            let verb = VerbDescription(
                name: "x", abstract: "",
                arguments: [
                    ArgumentDescription("first", abstract: "", isOptional: true),
                    ArgumentDescription("second", abstract: ""),
                ])
            _ = CommandLineTool(
                name: "t", version: "1", abstract: "", verbs: [Verb(description: verb) { _ in .success }])
        }
    }

    @Test func rejectsAReadOfAnUndeclaredName() async {
        await #expect(processExitsWith: .failure) {
            _ = ParsedArguments(description: SampleVerbs.stamp).value("colour")
        }
    }
}
