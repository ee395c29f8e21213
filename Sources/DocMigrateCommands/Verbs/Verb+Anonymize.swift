extension Verb {
    /// `docmigrate anonymize FILE OUT`: rewrites a real document into a case that keeps its structure but none of its text.
    public static let anonymize = Verb(
        description: VerbDescription(
            name: "anonymize",
            abstract: "Rewrite a document into a case whose text is filler.",
            discussion: """
                Reads FILE with its codec and writes OUT, where every text value is replaced by \
                deterministic filler of the same length and script and every binary payload by \
                deterministic bytes of the same size, while structure, encodings, key order and sizes \
                are kept, so a team can build goldens from users' files without keeping private \
                content. The same seed gives the same filler. FILE is never modified; OUT must not \
                exist unless --force is given. Exit status: 0 when OUT was written, 2 when FILE cannot \
                be read, its codec cannot anonymize, or OUT cannot be written.
                """,
            arguments: [
                ArgumentDescription("file", abstract: "The document to anonymize."),
                ArgumentDescription("out", abstract: "Where to write the anonymized case."),
            ],
            options: [
                .option("type", valueName: "uti", abstract: "The content type of FILE (default: found from its extension)."),
                .option("seed", valueName: "text", abstract: "Text that decides the filler; another seed gives other filler."),
                .flag("force", abstract: "Replace OUT if it exists (never FILE itself)."),
            ]),
        run: runAnonymize)

    @Sendable
    static func runAnonymize(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        let inputPath = arguments.value("file") ?? ""
        let outputPath = arguments.value("out") ?? ""
        let input = URL(fileURLWithPath: inputPath)
        let output = URL(fileURLWithPath: outputPath)
        try AnonymizeRefusal.check(input: input, inputPath: inputPath, output: output, outputPath: outputPath, force: arguments.flag("force"))

        // The same detection as `inspect`: --type, else the extension (a folder as a package), else the first bytes.
        let detection = ContentTypeDetector(codecs: context.tool.codecs).detect(at: input, givenType: arguments.value("type"))
        let contentType = detection.contentType
        guard let codec = detection.codec else {
            throw AnonymizeRefusal(
                file: inputPath, code: "anonymize.no-codec",
                message: "no codec reads the content type \(contentType.identifier); name another with --type")
        }
        guard codec.supportsAnonymization else {
            throw AnonymizeRefusal(
                file: inputPath, code: "anonymize.unsupported", message: "the \(codec.identifier) codec cannot anonymize documents")
        }
        let wrapper: FileWrapper
        do {
            wrapper = try FileWrapper(url: input, options: .immediate)
        } catch let error as any LocatedError {
            throw error
        } catch {
            throw AnonymizeRefusal(file: inputPath, code: "anonymize.unreadable", message: "the document could not be read: \(error.localizedDescription)")
        }
        var anonymizer = Anonymizer(seed: arguments.value("seed") ?? "")
        let anonymized: FileWrapper
        do {
            anonymized = try codec.anonymize(wrapper, contentType: contentType, with: &anonymizer)
        } catch let error as CodecError {
            // Name the file as the user typed it, not by its last path component.
            throw CodecError(code: error.code, message: error.message, location: error.location, file: inputPath)
        }
        do {
            try anonymized.write(to: output, options: .atomic, originalContentsURL: nil)
        } catch let error as any LocatedError {
            throw error
        } catch {
            throw AnonymizeRefusal(file: outputPath, code: "anonymize.write-failed", message: "the case could not be written: \(error.localizedDescription)")
        }
        context.output.standardOutput.write("Wrote \(outputPath) (\(codec.identifier), anonymized from \(inputPath))\n")
        return .success
    }
}

/// Why `anonymize` did not run: the output would overwrite the input or an existing file, or the input cannot be used.
struct AnonymizeRefusal: LocatedError {
    var file: String?
    var location: ErrorLocation? { nil }
    var code: String
    var message: String

    /// Refuses to write over FILE (or inside it, or over a folder holding it), and over an existing OUT without `force`.
    ///
    /// DESIGN's first data-safety rule: an original is never modified. Paths are compared with
    /// symbolic links resolved, so a link to FILE is FILE.
    static func check(input: URL, inputPath: String, output: URL, outputPath: String, force: Bool) throws {
        let inputComponents = input.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let outputComponents = output.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        if inputComponents == outputComponents {
            throw AnonymizeRefusal(file: outputPath, code: "anonymize.output-is-input", message: "the output is the document itself, which is never modified")
        }
        if outputComponents.starts(with: inputComponents) {
            throw AnonymizeRefusal(file: outputPath, code: "anonymize.output-is-input", message: "the output lies inside the document, which is never modified")
        }
        if inputComponents.starts(with: outputComponents) {
            throw AnonymizeRefusal(file: outputPath, code: "anonymize.output-is-input", message: "the output would replace a folder holding the document, which is never modified")
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory)
            || (try? FileManager.default.destinationOfSymbolicLink(atPath: output.path)) != nil
        if exists && !force {
            throw AnonymizeRefusal(file: outputPath, code: "anonymize.output-exists", message: "the output already exists; pass --force to replace it")
        }
    }
}
