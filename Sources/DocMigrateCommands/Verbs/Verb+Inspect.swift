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
                ArgumentDescription("path", abstract: "The document: a file, or a package folder."),
            ],
            options: [
                .option("type", valueName: "identifier", abstract: "Decode as this content type instead of detecting it."),
                .option("format", abstract: "How to print the snapshot.", default: "text", allowedValues: ["text", "json"]),
            ] + CodecOptions.verbOptions),
        run: runInspect)

    @Sendable
    static func runInspect(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        let path = arguments.value("path") ?? ""
        let report: InspectionReport
        do {
            let codecs = try CodecOptions.asUsage {
                try configuredCodecs(context.tool.codecs, for: path, givenType: arguments.value("type"), options: CodecOptions(arguments))
            }
            report = try InspectionReport.inspect(path: path, givenType: arguments.value("type"), codecs: codecs)
        } catch let error as UsageError {
            throw error
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        } catch {
            // A team's codec may throw errors of its own type: still name the file.
            context.output.standardError.write("Error: \(path): \(error)\n")
            return .couldNotProceed
        }
        if arguments.value("format") == "json" {
            context.output.standardOutput.write(String(decoding: try report.json(), as: UTF8.self))
        } else {
            context.output.standardOutput.write(report.text())
        }
        return .success
    }
}

extension Verb {
    /// `codecs` with the codec that reads the document at `path` configured with `options`.
    ///
    /// Nothing changes without options, or when no codec reads the document (inspection then says so).
    static func configuredCodecs(_ codecs: CodecRegistry, for path: String, givenType: String?, options: CodecOptions) throws -> CodecRegistry {
        guard !options.isEmpty else { return codecs }
        let detection = ContentTypeDetector(codecs: codecs).detect(at: URL(fileURLWithPath: path), givenType: givenType)
        guard let codec = detection.codec else { return codecs }
        var configured = codecs
        do {
            configured.register(try codec.configured(options))
        } catch let error as CodecError {
            throw error.located(in: path)
        }
        return configured
    }
}
