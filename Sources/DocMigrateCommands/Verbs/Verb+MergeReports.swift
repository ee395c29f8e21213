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
                ArgumentDescription("shard-report", abstract: "A shard's JSON report.", isRepeatable: true)
            ],
            options: [
                .flag("fail-on-warnings", abstract: "Exit with status 3 when a conversion lost something."),
                ReportOption.description(
                    "Write the merged report as text, json or junit to a file ('-' for standard output)."),
            ]),
        run: runMergeReports)

    @Sendable
    static func runMergeReports(_ context: VerbContext) async throws -> ExitCode {
        let destinations = try ReportOption.destinations(context.arguments, formats: ConversionReport.formats)
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
        guard writeReports(of: merged, named: "merged report", to: destinations, output: context.output) else {
            return .couldNotProceed
        }
        return exitCode(of: merged, failOnWarnings: context.arguments.flag("fail-on-warnings"))
    }
}
