import SourceAudit

extension Verb {
    /// `docmigrate audit`: finds the document types in Swift sources and checks them against the migration checklist.
    public static let audit = Verb(
        description: VerbDescription(
            name: "audit",
            abstract: "Check Swift sources for document types and the traps of migrating them.",
            discussion: """
                Reads every .swift file under each PATH (hidden folders, .build and Packages are skipped) with \
                a tokenizer of its own, so nothing in a comment or a string literal counts. For each type that \
                adopts FileDocument, ReferenceFileDocument, ReadableDocument, WritableDocument or Document \
                (in its declaration or an extension) it prints Apple's migration checklist with what is done, \
                and these findings: legacy conformances (note), a struct adopting the new protocols, a document \
                class that is not final or not @Observable, ObservableObject or @Published on an @Observable \
                type or a new document, serialization inside snapshot(contentType:), reading code that falls \
                back to an empty value, private or fileprivate snapshot, reader or writer types, \
                DocumentGroup(newDocument:) call sites, no registerUndo anywhere (autosave never runs), \
                UTType(exportedAs:) identifiers with uppercase letters, and imported types in a static let. \
                Each finding prints as file:line:column: severity: [rule] message (fix: …). --format json \
                prints the schema docmigrate.audit (schemaVersion 1); --format github prints annotations for \
                GitHub Actions. Exit status: 0 when no error was found (warnings and notes allowed), 1 when \
                one was, 2 when a PATH cannot be read.
                """,
            arguments: [
                ArgumentDescription(
                    "path", abstract: "A Swift file, or a folder of them.", isRepeatable: true, default: ".")
            ],
            options: [
                .option(
                    "format", abstract: "How to print the findings.",
                    default: FindingFormat.text, values: FindingFormat.self)
            ]),
        run: runAudit)

    @Sendable
    static func runAudit(_ context: VerbContext) async throws -> ExitCode {
        let paths = context.arguments.values("path")
        let files: [SourceFile]
        do {
            files = try SourceFile.load(paths: paths.isEmpty ? ["."] : paths)
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        let report = SourceAuditor().audit(files)
        switch context.arguments.value("format", as: FindingFormat.self) ?? .text {
        case .json: context.output.standardOutput.write(String(decoding: try report.json(), as: UTF8.self) + "\n")
        case .github: context.output.standardOutput.write(report.githubAnnotations())
        case .text: context.output.standardOutput.write(report.text())
        }
        return report.hasErrors ? .failure : .success
    }
}
