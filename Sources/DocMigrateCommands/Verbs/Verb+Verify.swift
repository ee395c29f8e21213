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
                their golden. Goldens are never written. Exit status: 0 when every case holds, 1 when one \
                does not, 2 when a corpus cannot be run (bad manifest, unreadable folder).
                """,
            arguments: [
                ArgumentDescription("path", abstract: "A corpus folder, or a folder of corpora.", isRepeatable: true, default: "GoldenFiles"),
            ],
            options: [
                .option("format", valueName: "name", abstract: "Run only the corpus with this folder name.", isRepeatable: true),
                .option("case", valueName: "glob", abstract: "Run only cases whose input path matches this glob.", isRepeatable: true),
                .option("jobs", short: "j", valueName: "count", abstract: "How many cases run at once (default: the number of cores)."),
                .option(
                    "report", valueName: "format:path",
                    abstract: "Also write the report as text, json, junit, github (annotations), markdown or html to a file ('-' for standard output).", isRepeatable: true),
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
            guard parts.count == 2, VerificationReport.formats.contains(parts[0]), !parts[1].isEmpty else {
                throw UsageError("--report takes FORMAT:PATH with FORMAT one of \(VerificationReport.formats.joined(separator: ", ")), not '\(value)'", code: "usage.invalid-value")
            }
            reports.append((parts[0], parts[1]))
        }
        let caseGlobs = try arguments.values("case").map { try Glob($0) }
        let formats = Set(arguments.values("format"))

        var work: [VerificationRunner.Job] = []
        do {
            for path in arguments.values("path") {
                for folder in try GoldenCorpus.folders(at: URL(fileURLWithPath: path)) {
                    if !formats.isEmpty && !formats.contains(folder.lastPathComponent) { continue }
                    let corpus = try GoldenCorpus.load(from: folder, codecs: context.tool.codecs, routes: context.tool.routes)
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
        let report = await VerificationRunner(codecs: context.tool.codecs, jobs: jobs).run(work)
        context.output.standardOutput.write(report.text(colour: context.output.standardOutputWantsColour(environment: context.environment)))
        for (format, path) in reports {
            let data = try report.render(format: format)
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
        return report.failedCount == 0 ? .success : .failure
    }
}
