import Comparison
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
                (refused with --format or --case). Exit status: 0 when every case holds, 1 when one \
                does not (or orphans under --orphans fail), 2 when a corpus cannot be run (bad manifest, \
                unreadable folder).
                """,
            arguments: [
                ArgumentDescription("path", abstract: "A corpus folder, or a folder of corpora.", isRepeatable: true, default: "GoldenFiles"),
            ],
            options: [
                .option("format", valueName: "name", abstract: "Run only the corpus with this folder name.", isRepeatable: true),
                .option("case", valueName: "glob", abstract: "Run only cases whose input path matches this glob.", isRepeatable: true),
                .option(
                    "record", valueName: "mode", abstract: "Which goldens the run may write (default: missing, or never when CI is set).",
                    allowedValues: RecordMode.allCases.map(\.rawValue)),
                .option(
                    "orphans", valueName: "action", abstract: "What to do with files no case names (default: warn; delete is refused on CI).",
                    allowedValues: ["warn", "fail", "delete"]),
                .option("jobs", short: "j", valueName: "count", abstract: "How many cases run at once (default: the number of cores)."),
                .option(
                    "report", valueName: "format:path",
                    abstract: "Also write the report as text or json to a file ('-' for standard output).", isRepeatable: true),
            ]),
        run: runVerify)

    @Sendable
    static func runVerify(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = arguments.value("jobs") {
            guard let count = Int(text), count > 0 else {
                throw UsageError("--jobs takes a positive whole number, not '\(text)'", code: "usage.invalid-value")
            }
            jobs = count
        }
        var reports: [(format: String, path: String)] = []
        for value in arguments.values("report") {
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["text", "json"].contains(parts[0]), !parts[1].isEmpty else {
                throw UsageError("--report takes text:PATH or json:PATH, not '\(value)'", code: "usage.invalid-value")
            }
            reports.append((parts[0], parts[1]))
        }
        let caseGlobs = try arguments.values("case").map { try Glob($0) }
        let formats = Set(arguments.values("format"))
        let recording = try arguments.value("record").map { text in
            guard let mode = RecordMode(rawValue: text) else { throw UsageError("--record takes never, missing, failed or all", code: "usage.invalid-value") }
            return mode
        } ?? RecordMode.defaultMode(environment: context.environment)
        let orphanAction = arguments.value("orphans")
        let isFiltered = !formats.isEmpty || !caseGlobs.isEmpty
        if isFiltered, orphanAction != nil {
            throw UsageError("--orphans needs a run of every case; it cannot be combined with --format or --case", code: "usage.orphans-filtered")
        }
        if orphanAction == "delete", RecordMode.isContinuousIntegration(context.environment) {
            throw UsageError("--orphans delete is refused when CI is set: delete orphans locally and commit that", code: "usage.orphans-delete-on-ci")
        }
        var corpora: [GoldenCorpus] = []

        var work: [VerificationRunner.Job] = []
        do {
            for path in arguments.values("path") {
                for folder in try GoldenCorpus.folders(at: URL(fileURLWithPath: path)) {
                    if !formats.isEmpty && !formats.contains(folder.lastPathComponent) { continue }
                    let corpus = try GoldenCorpus.load(from: folder, codecs: context.tool.codecs, routes: context.tool.routes)
                    corpora.append(corpus)
                    for goldenCase in corpus.manifest.cases where caseGlobs.isEmpty || caseGlobs.contains(where: { $0.matches(goldenCase.input) }) {
                        work.append(VerificationRunner.Job(corpus: corpus, goldenCase: goldenCase))
                    }
                }
            }
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        guard !work.isEmpty else {
            context.output.standardError.write("Error: no case matches the given paths and filters\n")
            return .couldNotProceed
        }
        var report = await VerificationRunner(codecs: context.tool.codecs, jobs: jobs, recording: recording).run(work)
        var orphansFail = false
        if !isFiltered {
            do {
                for corpus in corpora {
                    let found = orphanAction == "delete" ? try OrphanScan.deleteOrphans(in: corpus) : try OrphanScan.orphans(in: corpus)
                    report.orphans += found.map { corpus.name + "/" + $0 }
                }
            } catch {
                context.output.standardError.write("Error: the corpus could not be searched for orphans: \(error)\n")
                return .couldNotProceed
            }
            report.orphans.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            orphansFail = orphanAction == "fail" && !report.orphans.isEmpty
        }
        context.output.standardOutput.write(report.text())
        context.output.standardOutput.write(report.workflowText())
        if orphanAction == "delete" && !report.orphans.isEmpty {
            context.output.standardOutput.write("deleted \(report.orphans.count) orphan\(report.orphans.count == 1 ? "" : "s")\n")
        }
        for (format, path) in reports {
            let data = format == "json" ? try report.json() : Data(report.text().utf8)
            if path == "-" {
                context.output.standardOutput.write(String(decoding: data, as: UTF8.self))
            } else {
                do {
                    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    context.output.standardError.write("Error: \(path): the report could not be written: \(error.localizedDescription)\n")
                    return .couldNotProceed
                }
            }
        }
        return report.failedCount == 0 && !orphansFail ? .success : .failure
    }
}
