import Conversion
import DocumentPlatform
import Foundation

extension Verb {
    /// `docmigrate merge-reports`: joins the JSON reports of a sharded job into one.
    public static let mergeReports = Verb(
        description: VerbDescription(
            name: "merge-reports",
            abstract: "Merge the JSON reports of a sharded conversion into one report.",
            discussion: """
                Each SHARD-REPORT is a JSON report written by 'docmigrate convert --report json:PATH', one per \
                shard. The merged report lists every item once, sorted by path; an item in two reports \
                (a shard run twice, or overlapping shards) is an error. Exit status: 0 when every item \
                converted, 1 when some failed, 3 on warnings with --fail-on-warnings, 2 when a report \
                cannot be read.
                """,
            arguments: [
                ArgumentDescription("shard-report", abstract: "A shard's JSON report.", isRepeatable: true),
            ],
            options: [
                .flag("fail-on-warnings", abstract: "Exit with status 3 when a conversion lost something."),
                .option(
                    "report", valueName: "format:path", abstract: "Write the merged report as text, json or junit to a file ('-' for standard output).",
                    isRepeatable: true),
            ]),
        run: runMergeReports)

    @Sendable
    static func runMergeReports(_ context: VerbContext) async throws -> ExitCode {
        var outputs: [(format: String, path: String)] = []
        for value in context.arguments.values("report") {
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, ConversionReport.formats.contains(parts[0]), !parts[1].isEmpty else {
                throw UsageError("--report takes FORMAT:PATH with FORMAT one of text, json, junit, not '\(value)'", code: "usage.invalid-value")
            }
            outputs.append((parts[0], parts[1]))
        }
        let merged: ConversionReport
        do {
            merged = try ConversionReport.merged(
                reportFiles: context.arguments.values("shard-report"), blockSize: context.tool.reportMergeBlockSize)
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        } catch {
            context.output.standardError.write("Error: the reports could not be merged: \(error)\n")
            return .couldNotProceed
        }
        do {
            try merged.write(format: "text") { context.output.standardOutput.write(String(decoding: $0, as: UTF8.self)) }
        } catch {
            context.output.standardError.write("Error: the merged report could not be read back: \(error)\n")
            return .couldNotProceed
        }
        for (format, path) in outputs {
            do {
                try writeReport(merged, format: format, to: path, output: context.output)
            } catch {
                context.output.standardError.write("Error: \(path): the report could not be written: \(error)\n")
                return .couldNotProceed
            }
        }
        if merged.totals.failed > 0 { return .failure }
        if context.arguments.flag("fail-on-warnings") && merged.hasWarnings { return .failedOnWarnings }
        return .success
    }
}
