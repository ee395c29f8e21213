import Testing
import Verification

@testable import DocMigrateCommands

/// One declaration of a typed option value feeds help, the parser's refusal and the verb's typed lookup.
@Suite struct CommandLineValueTests {
    static let verb = VerbDescription(
        name: "sample", abstract: "A verb with typed options.",
        options: [
            .option("record", valueName: "mode", abstract: "Which goldens the run may write.", values: RecordMode.self),
            .option(
                "orphans", abstract: "What to do with orphans.", default: OrphanAction.warn, values: OrphanAction.self),
        ])

    @Test func theAllowedWordsAreTheTypesCases() {
        #expect(RecordMode.allowedWords == ["never", "missing", "failed", "all"])
        #expect(OrphanAction.allowedWords == ["warn", "fail", "delete"])
        #expect(Self.verb.options.first { $0.name == "record" }?.allowedValues == RecordMode.allowedWords)
        #expect(Self.verb.options.first { $0.name == "orphans" }?.defaultValue == "warn")
    }

    @Test func theVerbGetsTypedValuesAndTheDefault() throws {
        let parsed = try CommandLineParser(Self.verb).parse(["--record", "failed"])
        #expect(parsed.value("record", as: RecordMode.self) == .failed)
        #expect(parsed.value("orphans", as: OrphanAction.self) == .warn)
        let absent = try CommandLineParser(Self.verb).parse([])
        #expect(absent.value("record", as: RecordMode.self) == nil)
    }

    @Test func aWordOutsideTheTypeIsAUsageErrorBeforeTheVerbRuns() {
        #expect(throws: UsageError.self) { try CommandLineParser(Self.verb).parse(["--record", "sometimes"]) }
    }

    @Test func reportDestinationsParseFormatColonPath() {
        #expect(
            ReportDestination("junit:reports/a.xml", formats: ["json", "junit"])
                == ReportDestination(format: "junit", path: "reports/a.xml"))
        #expect(ReportDestination("json:-", formats: ["json"])?.isStandardOutput == true)
        #expect(ReportDestination("json:a:b", formats: ["json"])?.path == "a:b")
        #expect(ReportDestination("xml:a", formats: ["json"]) == nil)
        #expect(ReportDestination("json:", formats: ["json"]) == nil)
        #expect(ReportDestination("json", formats: ["json"]) == nil)
    }
}
