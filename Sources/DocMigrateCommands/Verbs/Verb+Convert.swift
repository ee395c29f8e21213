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
                ArgumentDescription("path", abstract: "A document or a folder of documents.", isOptional: true, isRepeatable: true),
            ],
            options: [
                .option("to", short: "t", valueName: "type", abstract: "The content type or codec to convert to.", isRequired: true),
                .option("output", short: "o", valueName: "folder", abstract: "The folder that receives the outputs, mirroring the inputs."),
                .option("files-from", valueName: "file", abstract: "Read NUL-separated input paths from this file ('-' for standard input)."),
                .flag("in-place", abstract: "Replace each input by its output, after writing a verified backup."),
                .option("backup-suffix", valueName: "suffix", abstract: "The suffix of --in-place backups.", default: ".orig"),
                .option(
                    "on-collision", valueName: "policy", abstract: "What to do when an output path is taken.", default: "fail",
                    allowedValues: ConversionJob.CollisionPolicy.allCases.map(\.rawValue)),
                .flag("no-verify", abstract: "Do not read outputs back to compare them with the converted document."),
                .flag("dry-run", short: "n", abstract: "Print the plan and write nothing."),
                .flag("fail-fast", abstract: "Stop at the first failed item."),
                .flag("fail-on-warnings", abstract: "Exit with status 3 when a conversion lost something."),
                .option("jobs", short: "j", valueName: "count", abstract: "How many items are converted at once (default: the cores available)."),
                .option("item-timeout", valueName: "seconds", abstract: "Fail an item that takes longer than this."),
                .option(
                    "isolation", valueName: "mode", abstract: "Where items are decoded: a child worker process, or this process.", default: "process",
                    allowedValues: ["process", "none"]),
                .option("journal", valueName: "file", abstract: "The journal's path (default: .docmigrate-journal.jsonl in the output folder)."),
                .flag("resume", abstract: "Continue a killed job: skip the items its journal records as done."),
                .option("shard", valueName: "K/N", abstract: "Take only the K-th of N shards (1-based)."),
                .option("progress", valueName: "style", abstract: "Progress on standard error: a bar (on a terminal) or JSON lines.", allowedValues: ["bar", "json", "none"]),
                .option(
                    "report", valueName: "format:path", abstract: "Also write the report as text, json or junit to a file ('-' for standard output).",
                    isRepeatable: true),
            ] + CodecOptions.verbOptions),
        run: runConvert)

    @Sendable
    static func runConvert(_ context: VerbContext) async throws -> ExitCode {
        let codecOptions = CodecOptions(context.arguments)
        let registry = try CodecOptions.asUsage { try configuredForConversion(context.tool.codecs, options: codecOptions) }
        if ConversionWorker.isWorker(environment: context.environment) {
            let preparer = try ConversionWorker.preparer(registry: registry, environment: context.environment)
            return ConversionWorker.serve(preparer: preparer) == 0 ? .success : .couldNotProceed
        }
        let options = try ConvertOptions(context.arguments, registry: registry)
        let output = context.output
        let progressStyle = options.progress ?? "none"
        let bar: ConversionProgressBar? =
            progressStyle == "bar" && TerminalDevice.standardErrorIsTerminal
            ? ConversionProgressBar(totalCount: options.job.plan.count()) { output.standardError.write($0) } : nil
        let writesJSONLines = progressStyle == "json"
        let report: ConversionReport
        do {
            // Without a bar or JSON lines, the job's events go nowhere: it is not even handed an observer to call per item.
            let runner = ConversionRunner(job: options.job)
            if writesJSONLines || bar != nil {
                report = try await runner.run { event in
                    if writesJSONLines { output.standardError.write(event.jsonLine) }
                    bar?.receive(event)
                }
            } else {
                report = try await runner.run()
            }
        } catch let error as any LocatedError {
            output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        do {
            try report.write(format: "text") { output.standardOutput.write(String(decoding: $0, as: UTF8.self)) }
        } catch {
            output.standardError.write("Error: the report could not be read back: \(error)\n")
            return .couldNotProceed
        }
        for (format, path) in options.reports {
            do {
                try writeReport(report, format: format, to: path, output: output)
            } catch {
                output.standardError.write("Error: \(path): the report could not be written: \(error)\n")
                return .couldNotProceed
            }
        }
        if report.totals.failed > 0 { return .failure }
        if options.failOnWarnings && report.hasWarnings { return .failedOnWarnings }
        return .success
    }
}

extension Verb {
    /// Writes a report in `format` to `path` ('-' is standard output), streaming its items.
    ///
    /// A file is written beside its destination and renamed over it at the end, so a report that
    /// could not be finished never replaces an earlier one with half of itself.
    static func writeReport(_ report: ConversionReport, format: String, to path: String, output: CommandOutput) throws {
        if path == "-" {
            try report.write(format: format) { output.standardOutput.write(String(decoding: $0, as: UTF8.self)) }
            return
        }
        let destination = ItemPath(path)
        let temporary = ItemPath(bytes: destination.bytes + Array(".docmigrate-tmp-\(ProcessInfo.processInfo.processIdentifier)".utf8))
        try? ByteNamedFiles.removeTree(temporary.bytes)
        try ByteNamedFiles.createFile(temporary.bytes, contents: Data(), permissions: 0o644)
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary.description))
            defer { try? handle.close() }
            try report.write(format: format) { try handle.write(contentsOf: $0) }
            try handle.close()
            try ByteNamedFiles.rename(temporary.bytes, to: destination.bytes, replacing: true)
        } catch {
            try? ByteNamedFiles.removeTree(temporary.bytes)
            throw error
        }
    }
}

/// The options of one `convert` run, checked and turned into a job.
struct ConvertOptions {
    var job: ConversionJob
    var reports: [(format: String, path: String)] = []
    var failOnWarnings: Bool
    var progress: String?

    init(_ arguments: ParsedArguments, registry: CodecRegistry) throws {
        let paths = arguments.values("path")
        let filesFrom = arguments.value("files-from")
        guard paths.isEmpty != (filesFrom == nil) else {
            throw UsageError("give input paths or --files-from, not both and not neither", code: "usage.convert.inputs")
        }
        let inPlace = arguments.flag("in-place")
        let outputFolder = arguments.value("output")
        guard inPlace != (outputFolder != nil) else {
            throw UsageError("give --output FOLDER or --in-place (exactly one)", code: "usage.convert.output")
        }
        let targetName = arguments.value("to") ?? ""
        let target: ConversionTarget
        do {
            target = try ConversionTarget(targetName, registry: registry)
        } catch let error as ConversionError {
            throw UsageError(error.message, code: "usage.convert.target")
        }
        var shard: ShardAssignment?
        if let text = arguments.value("shard") {
            guard let parsed = ShardAssignment(parsing: text) else {
                throw UsageError("--shard takes K/N with 1 ≤ K ≤ N (1-based), not '\(text)'", code: "usage.convert.shard")
            }
            shard = parsed
        }
        let source: ConversionPlan.Source = filesFrom.map { .filesFrom(Self.path($0)) } ?? .paths(paths.map(Self.path))
        let plan = ConversionPlan(source: source, registry: registry, shard: shard)
        job = ConversionJob(registry: registry, target: target, plan: plan, outputFolder: outputFolder.map(Self.path))
        job.inPlace = inPlace
        job.backupSuffix = arguments.value("backup-suffix") ?? ".orig"
        guard !job.backupSuffix.isEmpty, !job.backupSuffix.contains("/") else {
            throw UsageError("--backup-suffix must be a non-empty name suffix without '/'", code: "usage.convert.backup-suffix")
        }
        job.collision = ConversionJob.CollisionPolicy(rawValue: arguments.value("on-collision") ?? "fail") ?? .fail
        job.verifies = !arguments.flag("no-verify")
        job.dryRun = arguments.flag("dry-run")
        job.failFast = arguments.flag("fail-fast")
        job.resume = arguments.flag("resume")
        job.journalPath = arguments.value("journal").map(Self.path)
        job.jobs = AvailableProcessors.count
        if let text = arguments.value("jobs") {
            guard let count = Int(text), count > 0 else {
                throw UsageError("--jobs takes a positive whole number, not '\(text)'", code: "usage.invalid-value")
            }
            job.jobs = count
        }
        if let text = arguments.value("item-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError("--item-timeout takes a positive number of seconds, not '\(text)'", code: "usage.invalid-value")
            }
            job.itemTimeout = .milliseconds(Int64(seconds * 1000))
        }
        if arguments.value("isolation") != "none" {
            // The workers decode, so they get the same codec options as this process.
            let workerArguments = ["convert", "--to", targetName] + CodecOptions(arguments).commandLineWords
            job.isolation = .childProcess(WorkerCommand(executable: URL(fileURLWithPath: "/proc/self/exe"), arguments: workerArguments))
        }
        failOnWarnings = arguments.flag("fail-on-warnings")
        progress = arguments.value("progress")
        for value in arguments.values("report") {
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, ConversionReport.formats.contains(parts[0]), !parts[1].isEmpty else {
                throw UsageError(
                    "--report takes FORMAT:PATH with FORMAT one of \(ConversionReport.formats.joined(separator: ", ")), not '\(value)'",
                    code: "usage.invalid-value")
            }
            reports.append((parts[0], parts[1]))
        }
    }

    /// A command-line word as path bytes: the bytes the shell passed, which Swift decoded from UTF-8.
    ///
    /// `CommandLine.arguments` repairs bytes that are not UTF-8, so such a name on the command line is
    /// reached through `--files-from` (whose bytes are kept exactly) or through a folder above it.
    static func path(_ text: String) -> ItemPath { ItemPath(text) }
}

extension Verb {
    /// `codecs` with every codec that takes run-time options configured with `options` (the text codecs
    /// take `--encoding`, `--fallback-encoding` and `--replace-invalid`); unchanged when there are none.
    ///
    /// A corpus mixes formats, so the options go to the codecs that accept them and the others are left
    /// alone; options that no registered codec accepts are a usage error.
    static func configuredForConversion(_ codecs: CodecRegistry, options: CodecOptions) throws -> CodecRegistry {
        guard !options.isEmpty else { return codecs }
        var configured = codecs
        var accepted = false
        for codec in codecs.codecs where options.entries.allSatisfy({ codec.acceptedOptions.contains($0.name) }) {
            configured.register(try codec.configured(options))
            accepted = true
        }
        guard accepted else {
            throw UsageError("no registered codec takes \(options.summary)", code: "usage.convert.codec-options")
        }
        return configured
    }
}
