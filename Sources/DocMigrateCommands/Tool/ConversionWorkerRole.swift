import Conversion
import DocumentCodecs
import Foundation

/// The part a `docmigrate` process plays when a `convert` job started it to prepare items.
///
/// The job starts this binary as `docmigrate convert --to TARGET [codec options]` with the worker
/// variables of ``ConversionWorker`` set; ``CommandLineTool`` sees them before it chooses a verb, so the
/// `convert` verb itself only ever runs jobs.
enum ConversionWorkerRole {
    /// The command that starts this binary as a worker of a job converting to `target`.
    ///
    /// The workers decode, so they get the codec options the job's own registry was configured with.
    static func command(convertingTo target: String, codecOptions: CodecOptions) -> WorkerCommand {
        let words = ["convert", "--to", target] + codecOptions.commandLineWords
        return WorkerCommand(executable: URL(fileURLWithPath: "/proc/self/exe"), arguments: words)
    }

    /// Whether this process was started as a worker: the worker variables are set and the words are `convert`'s.
    static func isWorker(arguments: [String], environment: [String: String]) -> Bool {
        arguments.first == Verb.convert.description.name && ConversionWorker.isWorker(environment: environment)
    }

    /// Serves the job's requests on standard input until it ends; the worker's exit code.
    ///
    /// A worker's standard error goes nowhere, so a worker that cannot start says so only by its exit
    /// code: the job then fails the items it sent.
    static func serve(
        _ arguments: [String], codecs: CodecRegistry, environment: [String: String], output: CommandOutput
    ) -> ExitCode {
        do {
            let parsed = try CommandLineParser(Verb.convert.description).parse(Array(arguments.dropFirst()))
            let registry = try CodecOptions(parsed).registry(configuring: codecs)
            let preparer = try ConversionWorker.preparer(registry: registry, environment: environment)
            return ConversionWorker.serve(preparer: preparer) == 0 ? .success : .couldNotProceed
        } catch {
            output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
    }
}
