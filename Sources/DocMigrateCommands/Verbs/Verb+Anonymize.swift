import DocumentCodecs

extension Verb {
    /// `docmigrate anonymize FILE OUT`: rewrites a real document into a case that keeps its structure but none of its
    /// text.
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
                .option(
                    "type", valueName: "uti", abstract: "The content type of FILE (default: found from its extension)."),
                .option(
                    "seed", valueName: "text",
                    abstract: "Text that decides the filler; another seed gives other filler."),
                .flag("force", abstract: "Replace OUT if it exists (never FILE itself)."),
            ]),
        run: runAnonymize)

    @Sendable
    static func runAnonymize(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        let inputPath = arguments.value("file") ?? ""
        let outputPath = arguments.value("out") ?? ""
        let anonymization = DocumentAnonymization(
            codecs: context.tool.codecs, givenType: arguments.value("type"), seed: arguments.value("seed") ?? "",
            replacesExistingOutput: arguments.flag("force"))
        let codec = try anonymization.anonymize(inputPath, to: outputPath)
        context.output.standardOutput.write("Wrote \(outputPath) (\(codec), anonymized from \(inputPath))\n")
        return .success
    }
}
