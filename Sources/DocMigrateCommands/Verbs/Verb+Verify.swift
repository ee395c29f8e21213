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
                    abstract: "Also write the report as text, json, junit, github (annotations), markdown or html to a file ('-' for standard output).", isRepeatable: true),
            ] + CodecOptions.verbOptions),
        run: runVerify)

    @Sendable
    static func runVerify(_ context: VerbContext) async throws -> ExitCode {
        let options = try VerifyOptions(context.arguments, environment: context.environment)
        let corpora: [GoldenCorpus]
        let work: [VerificationRunner.Job]
        do {
            (corpora, work) = try options.loadWork(codecs: context.tool.codecs, routes: context.tool.routes)
        } catch let error as UsageError {
            throw error
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        var report = await VerificationRunner(codecs: context.tool.codecs, jobs: options.jobs, recording: options.recording).run(work)
        var orphansFail = false
        if !options.isFiltered {
            do {
                orphansFail = try options.collectOrphans(of: corpora, into: &report)
            } catch {
                context.output.standardError.write("Error: the corpus could not be searched for orphans: \(error)\n")
                return .couldNotProceed
            }
        }
        context.output.standardOutput.write(report.text(colour: context.output.standardOutputWantsColour(environment: context.environment)))
        context.output.standardOutput.write(report.workflowText())
        if options.orphanAction == "delete" && !report.orphans.isEmpty {
            context.output.standardOutput.write("deleted \(report.orphans.count) orphan\(report.orphans.count == 1 ? "" : "s")\n")
        }
        guard options.writeReports(of: report, to: context.output) else { return .couldNotProceed }
        return report.failedCount == 0 && !orphansFail ? .success : .failure
    }
}

/// The options of one `verify` run, checked.
struct VerifyOptions {
    var paths: [String]
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var reports: [(format: String, path: String)] = []
    var caseGlobs: [Glob]
    var formats: Set<String>
    var recording: RecordMode
    var orphanAction: String?
    var codecOptions: CodecOptions

    var isFiltered: Bool { !formats.isEmpty || !caseGlobs.isEmpty }

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
        paths = arguments.values("path")
        if let text = arguments.value("jobs") {
            guard let count = Int(text), count > 0 else {
                throw UsageError("--jobs takes a positive whole number, not '\(text)'", code: "usage.invalid-value")
            }
            jobs = count
        }
        for value in arguments.values("report") {
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, VerificationReport.formats.contains(parts[0]), !parts[1].isEmpty else {
                throw UsageError(
                    "--report takes FORMAT:PATH with FORMAT one of \(VerificationReport.formats.joined(separator: ", ")), not '\(value)'",
                    code: "usage.invalid-value")
            }
            reports.append((parts[0], parts[1]))
        }
        caseGlobs = try arguments.values("case").map { try Glob($0) }
        formats = Set(arguments.values("format"))
        recording = try arguments.value("record").map { text in
            guard let mode = RecordMode(rawValue: text) else { throw UsageError("--record takes never, missing, failed or all", code: "usage.invalid-value") }
            return mode
        } ?? RecordMode.defaultMode(environment: environment)
        orphanAction = arguments.value("orphans")
        codecOptions = CodecOptions(arguments)
        if isFiltered, orphanAction != nil {
            throw UsageError("--orphans needs a run of every case; it cannot be combined with --format or --case", code: "usage.orphans-filtered")
        }
        if orphanAction == "delete", RecordMode.isContinuousIntegration(environment) {
            throw UsageError("--orphans delete is refused when CI is set: delete orphans locally and commit that", code: "usage.orphans-delete-on-ci")
        }
    }

    /// The corpora under the paths, filtered by format, and their cases filtered by glob.
    func loadWork(codecs: CodecRegistry, routes: RouteRegistry) throws -> ([GoldenCorpus], [VerificationRunner.Job]) {
        var corpora: [GoldenCorpus] = []
        var work: [VerificationRunner.Job] = []
        for path in paths {
            for folder in try GoldenCorpus.folders(at: URL(fileURLWithPath: path)) {
                if !formats.isEmpty && !formats.contains(folder.lastPathComponent) { continue }
                let corpus = try CodecOptions.asUsage { try GoldenCorpus.load(from: folder, codecs: codecs, routes: routes, options: codecOptions) }
                corpora.append(corpus)
                for goldenCase in corpus.manifest.cases where caseGlobs.isEmpty || caseGlobs.contains(where: { $0.matches(goldenCase.input) }) {
                    work.append(VerificationRunner.Job(corpus: corpus, goldenCase: goldenCase))
                }
            }
        }
        guard !work.isEmpty else {
            throw VerificationError(file: nil, code: "verify.no-case", message: "no case matches the given paths and filters")
        }
        return (corpora, work)
    }

    /// Finds (or deletes) the orphans of every corpus; whether they fail the run.
    func collectOrphans(of corpora: [GoldenCorpus], into report: inout VerificationReport) throws -> Bool {
        for corpus in corpora {
            let found = orphanAction == "delete" ? try OrphanScan.deleteOrphans(in: corpus) : try OrphanScan.orphans(in: corpus)
            report.orphans += found.map { corpus.name + "/" + $0 }
        }
        report.orphans.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return orphanAction == "fail" && !report.orphans.isEmpty
    }

    /// Writes the `--report` files; false when one could not be written (the error is printed).
    ///
    /// Paths in JUnit and GitHub reports start with the corpora folder when one path was given, so
    /// that CI systems can point at the files in the repository.
    func writeReports(of report: VerificationReport, to output: CommandOutput) -> Bool {
        let pathPrefix = paths.count == 1 ? Self.folderOfCorpora(paths[0]) : ""
        for (format, path) in reports {
            do {
                let data = try report.render(format: format, pathPrefix: pathPrefix)
                if path == "-" {
                    output.standardOutput.write(String(decoding: data, as: UTF8.self))
                } else {
                    // CI steps name report paths in folders that do not exist yet (`reports/verify.xml`).
                    let url = URL(fileURLWithPath: path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url, options: .atomic)
                }
            } catch {
                output.standardError.write("Error: \(path): the report could not be written: \(error.localizedDescription)\n")
                return false
            }
        }
        return true
    }

    /// The folder that holds the corpora of `path` (the path itself, or its parent for a single corpus), with a slash.
    static func folderOfCorpora(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let isSingleCorpus = FileManager.default.fileExists(atPath: url.appendingPathComponent("manifest.json").path)
        var folder = isSingleCorpus ? (path as NSString).deletingLastPathComponent : path
        while folder.hasSuffix("/") && folder.count > 1 { folder.removeLast() }
        return folder.isEmpty || folder == "." ? "" : folder + "/"
    }
}

extension CodecOptions {
    /// The options of `verify` and `inspect` that configure a codec at run time (the text codecs take them).
    static let verbOptions: [OptionDescription] = [
        .option(
            "encoding", valueName: "name",
            abstract: "Read and write text in this encoding: utf-8, utf-16le, utf-16be, utf-32le, utf-32be, us-ascii, macintosh, windows-1252, iso-8859-1."),
        .option(
            "fallback-encoding", valueName: "name",
            abstract: "The 8-bit encoding (macintosh, windows-1252, iso-8859-1) for text with no byte-order mark that is not UTF-8 or UTF-16."),
        .flag("replace-invalid", abstract: "Replace invalid bytes with U+FFFD instead of refusing the document (lossy: the file changes on save)."),
    ]

    /// The codec options the command line gives (`--encoding`, `--fallback-encoding`, `--replace-invalid`).
    init(_ arguments: ParsedArguments) {
        self.init()
        if let name = arguments.value("encoding") { set("encoding", to: name) }
        if let name = arguments.value("fallback-encoding") { set("fallback-encoding", to: name) }
        if arguments.flag("replace-invalid") { set("replace-invalid", to: "true") }
    }

    /// The command-line words that give these options back (`--fallback-encoding macintosh`, …), for a child process.
    var commandLineWords: [String] {
        entries.flatMap { option in
            option.name == "replace-invalid" ? (option.value == "true" ? ["--replace-invalid"] : []) : ["--" + option.name, option.value]
        }
    }

    /// Runs `body`, turning a bad option value from the command line into a usage error naming the option.
    ///
    /// A codec that takes no options at all (`codec.options.unsupported`) stays the codec's error, naming it.
    static func asUsage<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as CodecError where error.code != "codec.options.unsupported" {
            guard case .keyPath(let name)? = error.location, verbOptions.contains(where: { $0.name == name }) else { throw error }
            throw UsageError("--\(name): \(error.message)", code: error.code)
        }
    }
}
