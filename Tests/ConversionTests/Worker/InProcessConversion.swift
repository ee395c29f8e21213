import Conversion
import ConversionTestCodecs
import DocumentCodecs
import Formats
import Foundation

/// `convert-in-process ROUTE ENCODING FILE OUTPUT`: converts FILE to plain text into the folder OUTPUT
/// within this one process, reading text in the fallback ENCODING; ROUTE is `streaming` (where the
/// streaming route can take the file, as `docmigrate convert` decides) or `whole` (never streaming).
///
/// For tests that measure one route's memory in a process of its own. Exits 0 when the file
/// converted, 1 when it failed, 2 when the job could not run, 64 for other arguments.
enum InProcessConversion {
    static let verb = "convert-in-process"

    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 4, ["streaming", "whole"].contains(arguments[0]) else {
            FileHandle.standardError.write(Data("usage: \(verb) streaming|whole ENCODING FILE OUTPUT\n".utf8))
            return 64
        }
        do {
            let registry = try CodecRegistry.builtIn(configuredWith: ["fallback-encoding": arguments[1]])
            let plan = ConversionPlan(source: .paths([ItemPath(arguments[2])]), registry: registry)
            var job = ConversionJob(
                registry: registry, target: try ConversionTarget("plain-text", registry: registry), plan: plan,
                outputFolder: ItemPath(arguments[3]))
            job.streaming.mode = arguments[0] == "whole" ? .never : .whenPossible
            let report = try await ConversionRunner(job: job).run()
            return report.totals.failed > 0 ? 1 : 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 2
        }
    }
}
