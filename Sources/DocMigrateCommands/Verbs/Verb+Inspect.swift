import DocumentCodecs
import Verification

extension Verb {
    /// `docmigrate inspect`: decodes one document with its codec and prints the snapshot as a stable tree.
    public static let inspect = Verb(
        description: VerbDescription(
            name: "inspect",
            abstract: "Decode one document with its codec and print the snapshot as a stable tree.",
            discussion: """
                The content type is the --type given, else the one the filename extension names (a declared \
                type with that extension, then a registered codec's type whose identifier ends in it, as \
                com.example.notebook for .notebook), else the one the first bytes show (bplist00, JSON, XML, \
                UTF-16 or UTF-8 text). The codec registered for that type decodes the document. The tree lists \
                struct and class properties in declaration order, dictionaries and sets sorted by their \
                rendering, bytes as their count, SHA-256 and first bytes, and never a memory address. \
                --format json prints the versioned schema docmigrate.inspect (schemaVersion 1): file, \
                contentType, codec, and snapshot, whose every node has a "type" (string, number, bool, null, \
                data, date, uuid, url, array, set, dictionary, object, enum, opaque, cycle, truncated); see \
                Documentation/json-schemas.md. --encoding, --fallback-encoding and --replace-invalid configure \
                the codec (a codec that takes no options is an error naming it). Exit status: 0 when the document decodes, 2 when it is missing, \
                no codec reads it, or it does not decode (the error names the file, the place and the code).
                """,
            arguments: [
                ArgumentDescription("path", abstract: "The document: a file, or a package folder.")
            ],
            options: [
                .option(
                    "type", valueName: "identifier", abstract: "Decode as this content type instead of detecting it."),
                .option(
                    "format", abstract: "How to print the snapshot.",
                    default: PrintFormat.text, values: PrintFormat.self),
            ] + CodecOptions.verbOptions),
        run: runInspect)

    @Sendable
    static func runInspect(_ context: VerbContext) async throws -> ExitCode {
        let options = InspectOptions(context.arguments)
        let report: InspectionReport
        do {
            let codecs = try CodecOptions.asUsage {
                try context.tool.codecs.configured(
                    options.codecOptions, forDocumentAt: options.path, givenType: options.givenType)
            }
            report = try InspectionReport.inspect(path: options.path, givenType: options.givenType, codecs: codecs)
        } catch let error as UsageError {
            throw error
        } catch {
            return couldNotProceed(error, file: options.path, output: context.output)
        }
        switch options.format {
        case .json: context.output.standardOutput.write(String(decoding: try report.json(), as: UTF8.self))
        case .text: context.output.standardOutput.write(report.text())
        }
        return .success
    }

    /// Prints the error that stopped a single-document verb, and the exit code that says so.
    ///
    /// A team's codec may throw errors of its own type, which do not name the file: `file` is put before them.
    static func couldNotProceed(_ error: any Error, file: String, output: CommandOutput) -> ExitCode {
        if let error = error as? any LocatedError {
            output.standardError.write("Error: \(error)\n")
        } else {
            output.standardError.write("Error: \(file): \(error)\n")
        }
        return .couldNotProceed
    }
}

/// The options of one `inspect` run.
struct InspectOptions {
    var path: String
    var givenType: String?
    var codecOptions: CodecOptions
    var format: PrintFormat

    init(_ arguments: ParsedArguments) {
        path = arguments.value("path") ?? ""
        givenType = arguments.value("type")
        codecOptions = CodecOptions(arguments)
        format = arguments.value("format", as: PrintFormat.self) ?? .text
    }
}
