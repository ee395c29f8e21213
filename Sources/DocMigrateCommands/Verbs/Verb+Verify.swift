import Comparison
import DocumentCodecs
import Verification

extension Verb {
    /// `docmigrate verify`: checks golden corpora through every route and the compatibility matrix.
    public static let verify = Verb(
        description: VerbDescription(
            name: "verify",
            abstract: "Check golden documents through every route and the compatibility matrix.",
            discussion: """
                Each PATH is a corpus folder holding manifest.json, or a folder of such corpora (the \
                default is ./GoldenFiles). Every route opens a copy of each case and saves it; the result \
                must equal the golden under the manifest's rules, every route must read back what every \
                other route wrote, rejected cases must fail with their code, and conversions must produce \
                their golden. An existing golden is never overwritten: --record missing (the default \
                unless CI is set) records conversion goldens that do not exist, --record failed also \
                stores changed outputs in the corpus's .pending folder for 'docmigrate review', \
                'accept' or 'reject', --record all also stores outputs the rules accept but whose bytes \
                changed, and --record never (the default when CI is set) writes nothing. A run that \
                records a golden fails. After an unfiltered run, files that no case names are orphans \
                (refused with --format or --case). --encoding, --fallback-encoding and --replace-invalid \
                configure the codec of every corpus run, over the manifest's "codecOptions" (a codec that \
                takes no options is an error naming it: pick corpora with --format). Exit status: 0 when every case holds, 1 when one \
                does not (or orphans under --orphans fail), 2 when a corpus cannot be run (bad manifest, \
                unreadable folder).
                """,
            arguments: [
                ArgumentDescription(
                    "path", abstract: "A corpus folder, or a folder of corpora.", isRepeatable: true,
                    default: "GoldenFiles")
            ],
            options: [
                .option(
                    "format", valueName: "name", abstract: "Run only the corpus with this folder name.",
                    isRepeatable: true),
                .option(
                    "case", valueName: "glob", abstract: "Run only cases whose input path matches this glob.",
                    isRepeatable: true),
                .option(
                    "record", valueName: "mode",
                    abstract: "Which goldens the run may write (default: missing, or never when CI is set).",
                    values: RecordMode.self),
                .option(
                    "orphans", valueName: "action",
                    abstract: "What to do with files no case names (default: warn; delete is refused on CI).",
                    values: OrphanAction.self),
                JobsOption.description("How many cases run at once (default: the number of cores)."),
                ReportOption.description(
                    "Also write the report as text, json, junit, github (annotations), markdown or html to a file "
                        + "('-' for standard output)."
                ),
            ] + CodecOptions.verbOptions),
        run: runVerify)

    @Sendable
    static func runVerify(_ context: VerbContext) async throws -> ExitCode {
        let options = try VerifyOptions(context.arguments, environment: context.environment)
        let plan: VerificationPlan
        do {
            plan = try options.plan(codecs: context.tool.codecs, routes: context.tool.routes)
        } catch let error as any LocatedError where !(error is UsageError) {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        var report = await VerificationRunner(
            codecs: context.tool.codecs, jobs: options.jobs, recording: options.recording
        ).run(plan)
        guard options.collectOrphans(of: plan, into: &report, output: context.output) else { return .couldNotProceed }
        context.output.standardOutput.write(
            report.text(colour: context.output.standardOutputWantsColour(environment: context.environment)))
        context.output.standardOutput.write(report.workflowText())
        if options.orphanAction == .delete && !report.orphans.isEmpty {
            context.output.standardOutput.write(
                "deleted \(report.orphans.count) orphan\(report.orphans.count == 1 ? "" : "s")\n")
        }
        let prefix = VerificationReport.pathPrefix(corpusPaths: options.paths)
        guard
            ReportOption.write(
                options.reports, to: context.output, render: { try report.render(format: $0, pathPrefix: prefix) })
        else {
            return .couldNotProceed
        }
        let orphansFail = options.orphanAction?.fails(withOrphans: report.orphans) ?? false
        return report.failedCount == 0 && !orphansFail ? .success : .failure
    }
}

/// The options of one `verify` run, checked.
struct VerifyOptions {
    var paths: [String]
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var reports: [ReportDestination]
    var caseGlobs: [Glob]
    var formats: Set<String>
    var recording: RecordMode
    var orphanAction: OrphanAction?
    var codecOptions: CodecOptions

    var isFiltered: Bool { !formats.isEmpty || !caseGlobs.isEmpty }

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
        paths = arguments.values("path")
        if let count = try JobsOption.value(arguments) { jobs = count }
        reports = try ReportOption.destinations(arguments, formats: VerificationReport.formats)
        caseGlobs = try arguments.values("case").map { try Glob($0) }
        formats = Set(arguments.values("format"))
        recording = arguments.value("record", as: RecordMode.self) ?? RecordMode.defaultMode(environment: environment)
        orphanAction = arguments.value("orphans", as: OrphanAction.self)
        codecOptions = CodecOptions(arguments)
        if isFiltered, orphanAction != nil {
            throw UsageError(
                "--orphans needs a run of every case; it cannot be combined with --format or --case",
                code: .orphansFiltered)
        }
        if orphanAction == .delete, RecordMode.isContinuousIntegration(environment) {
            throw UsageError(
                "--orphans delete is refused when CI is set: delete orphans locally and commit that",
                code: .orphansDeleteOnCI)
        }
    }

    /// The plan of the corpora under the paths, filtered by format, and of their cases filtered by glob.
    func plan(codecs: CodecRegistry, routes: RouteRegistry) throws -> VerificationPlan {
        try CodecOptions.asUsage {
            try VerificationPlan(
                paths: paths.map { URL(fileURLWithPath: $0) }, formats: formats, cases: caseGlobs, codecs: codecs,
                routes: routes, options: codecOptions)
        }
    }

    /// Puts the orphans of an unfiltered run in the report (deleting them under `--orphans delete`);
    /// false when a corpus could not be searched (the error is printed).
    func collectOrphans(of plan: VerificationPlan, into report: inout VerificationReport, output: CommandOutput) -> Bool
    {
        guard !plan.isFiltered else { return true }
        do {
            report.orphans = try plan.orphans(orphanAction ?? .warn)
            return true
        } catch {
            output.standardError.write("Error: the corpus could not be searched for orphans: \(error)\n")
            return false
        }
    }
}
