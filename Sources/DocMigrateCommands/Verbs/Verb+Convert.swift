import Conversion
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam

extension Verb {
    /// `docmigrate convert`: converts a corpus of documents to one target type, in parallel, resumably, by shard.
    public static let convert = Verb(
        description: VerbDescription(
            name: "convert",
            abstract: "Convert a corpus of documents to one content type, safely, in parallel and resumably.",
            discussion: """
                Each PATH is a document or a folder (walked; packages are one document). Every input's type \
                is detected from its contents first, then its name; it is decoded, converted along the \
                shortest chain of registered conversions to --to (a content type such as public.plain-text, \
                or a codec such as plain-text), encoded, read back and compared with what was meant \
                (unless --no-verify), and written atomically into --output, which mirrors the input tree. \
                An input already in the target codec goes through that codec's own conversion when it has \
                one: text becomes UTF-8 with LF line endings, an OpenStep or binary property list becomes \
                XML. Text in a legacy 8-bit encoding needs --fallback-encoding (or --encoding); the text \
                codecs take those options, the other codecs ignore them. \
                Originals are never modified, except with --in-place, which first writes a verified backup. \
                Outputs keep their input's permissions, modification time and extended attributes. Each \
                item is decoded in a child worker process, so a decoder that crashes or hangs \
                (--item-timeout) fails that item only. A journal in the output folder lets --resume \
                continue a killed job. --shard K/N takes the items whose NFC relative path hashes \
                (FNV-1a 64) to K modulo N, so N processes (GNU parallel, a Kubernetes indexed Job, a CI \
                matrix) split a job; 'docmigrate merge-reports' joins their JSON reports. Exit status: 0 \
                when every item converted, 1 when some failed, 3 on warnings with --fail-on-warnings, 2 \
                when the job could not run, 64 for bad usage.
                """,
            arguments: [
                ArgumentDescription(
                    "path", abstract: "A document or a folder of documents.", isOptional: true, isRepeatable: true)
            ],
            options: [
                .option(
                    "to", short: "t", valueName: "type", abstract: "The content type or codec to convert to.",
                    isRequired: true),
                .option(
                    "output", short: "o", valueName: "folder",
                    abstract: "The folder that receives the outputs, mirroring the inputs."),
                .option(
                    "files-from", valueName: "file",
                    abstract: "Read NUL-separated input paths from this file ('-' for standard input)."),
                .flag("in-place", abstract: "Replace each input by its output, after writing a verified backup."),
                .option(
                    "backup-suffix", valueName: "suffix", abstract: "The suffix of --in-place backups.",
                    default: ".orig"),
                .option(
                    "on-collision", valueName: "policy", abstract: "What to do when an output path is taken.",
                    default: ConversionJob.CollisionPolicy.fail, values: ConversionJob.CollisionPolicy.self),
                .flag("no-verify", abstract: "Do not read outputs back to compare them with the converted document."),
                .flag("dry-run", short: "n", abstract: "Print the plan and write nothing."),
                .flag("fail-fast", abstract: "Stop at the first failed item."),
                .flag("fail-on-warnings", abstract: "Exit with status 3 when a conversion lost something."),
                JobsOption.description("How many items are converted at once (default: the cores available)."),
                .option("item-timeout", valueName: "seconds", abstract: "Fail an item that takes longer than this."),
                .option(
                    "isolation", valueName: "mode",
                    abstract: "Where items are decoded: a child worker process, or this process.",
                    default: ItemIsolation.Mode.process, values: ItemIsolation.Mode.self),
                .option(
                    "journal", valueName: "file",
                    abstract: "The journal's path (default: .docmigrate-journal.jsonl in the output folder)."),
                .flag("resume", abstract: "Continue a killed job: skip the items its journal records as done."),
                .option("shard", valueName: "K/N", abstract: "Take only the K-th of N shards (1-based)."),
                .option(
                    "progress", valueName: "style",
                    abstract: "Progress on standard error: a bar (on a terminal) or JSON lines.",
                    values: ProgressStyle.self),
                ReportOption.description(
                    "Also write the report as text, json or junit to a file ('-' for standard output)."),
            ] + CodecOptions.verbOptions),
        run: runConvert)

    @Sendable
    static func runConvert(_ context: VerbContext) async throws -> ExitCode {
        let options = try ConvertOptions(context.arguments, codecs: context.tool.codecs)
        let output = context.output
        let report: ConversionReport
        do {
            report = try await ConversionRunner(job: options.job).run(
                progress: options.progress, isTerminal: TerminalDevice.standardErrorIsTerminal
            ) { output.standardError.write($0) }
        } catch let error as any LocatedError {
            output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        guard writeReports(of: report, named: "report", to: options.reports, output: output) else {
            return .couldNotProceed
        }
        return exitCode(of: report, failOnWarnings: options.failOnWarnings)
    }
}

extension Verb {
    /// Prints the text report of a job and writes it to each destination; false when one could not be written.
    ///
    /// The text is read back from the report's items (a job's from its spill file), so even it can fail;
    /// the error is printed, naming the report as `name`.
    static func writeReports(
        of report: ConversionReport, named name: String, to destinations: [ReportDestination], output: CommandOutput
    ) -> Bool {
        let standardOutput = { (text: String) in output.standardOutput.write(text) }
        do {
            try report.write(to: ReportDestination(format: "text", path: "-"), standardOutput: standardOutput)
        } catch {
            output.standardError.write("Error: the \(name) could not be read back: \(error)\n")
            return false
        }
        for destination in destinations {
            do {
                try report.write(to: destination, standardOutput: standardOutput)
            } catch {
                output.standardError.write("Error: \(destination.path): the report could not be written: \(error)\n")
                return false
            }
        }
        return true
    }

    /// The exit code of a job's report: failure when an item failed, then warnings under `--fail-on-warnings`.
    static func exitCode(of report: ConversionReport, failOnWarnings: Bool) -> ExitCode {
        if report.totals.failed > 0 { return .failure }
        if failOnWarnings && report.hasWarnings { return .failedOnWarnings }
        return .success
    }
}

/// The options of one `convert` run, checked and turned into a job.
struct ConvertOptions {
    var job: ConversionJob
    var reports: [ReportDestination]
    var failOnWarnings: Bool
    var progress: ProgressStyle

    init(_ arguments: ParsedArguments, codecs: CodecRegistry) throws {
        let codecOptions = CodecOptions(arguments)
        let registry = try codecOptions.registry(configuring: codecs)
        let paths = arguments.values("path")
        let filesFrom = arguments.value("files-from")
        guard paths.isEmpty != (filesFrom == nil) else {
            throw UsageError("give input paths or --files-from, not both and not neither", code: .convertInputs)
        }
        let inPlace = arguments.flag("in-place")
        let outputFolder = arguments.value("output")
        guard inPlace != (outputFolder != nil) else {
            throw UsageError("give --output FOLDER or --in-place (exactly one)", code: .convertOutput)
        }
        let targetName = arguments.value("to") ?? ""
        let target: ConversionTarget
        do {
            target = try ConversionTarget(targetName, registry: registry)
        } catch let error as ConversionError {
            throw UsageError(error.message, code: .convertTarget)
        }
        var shard: ShardAssignment?
        if let text = arguments.value("shard") {
            guard let parsed = ShardAssignment(parsing: text) else {
                throw UsageError("--shard takes K/N with 1 ≤ K ≤ N (1-based), not '\(text)'", code: .convertShard)
            }
            shard = parsed
        }
        let source: ConversionPlan.Source = filesFrom.map { .filesFrom(Self.path($0)) } ?? .paths(paths.map(Self.path))
        let plan = ConversionPlan(source: source, registry: registry, shard: shard)
        job = ConversionJob(registry: registry, target: target, plan: plan, outputFolder: outputFolder.map(Self.path))
        job.inPlace = inPlace
        job.backupSuffix = arguments.value("backup-suffix") ?? ".orig"
        guard !job.backupSuffix.isEmpty, !job.backupSuffix.contains("/") else {
            throw UsageError(
                "--backup-suffix must be a non-empty name suffix without '/'", code: .convertBackupSuffix)
        }
        job.collision = arguments.value("on-collision", as: ConversionJob.CollisionPolicy.self) ?? .fail
        job.verifies = !arguments.flag("no-verify")
        job.dryRun = arguments.flag("dry-run")
        job.failFast = arguments.flag("fail-fast")
        job.resume = arguments.flag("resume")
        job.journalPath = arguments.value("journal").map(Self.path)
        job.jobs = try JobsOption.value(arguments) ?? AvailableProcessors.count
        if let text = arguments.value("item-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError(
                    "--item-timeout takes a positive number of seconds, not '\(text)'", code: .invalidValue)
            }
            job.itemTimeout = .milliseconds(Int64(seconds * 1000))
        }
        if arguments.value("isolation", as: ItemIsolation.Mode.self) != .inProcess {
            job.isolation = .childProcess(
                ConversionWorkerRole.command(convertingTo: targetName, codecOptions: codecOptions))
        }
        failOnWarnings = arguments.flag("fail-on-warnings")
        progress = arguments.value("progress", as: ProgressStyle.self) ?? .hidden
        reports = try ReportOption.destinations(arguments, formats: ConversionReport.formats)
    }

    /// A command-line word as path bytes: the bytes the shell passed, which Swift decoded from UTF-8.
    ///
    /// `CommandLine.arguments` repairs bytes that are not UTF-8, so such a name on the command line is
    /// reached through `--files-from` (whose bytes are kept exactly) or through a folder above it.
    static func path(_ text: String) -> ItemPath { ItemPath(text) }
}
