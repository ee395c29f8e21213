import ContentTypeLint
import Foundation

extension Verb {
    /// `docmigrate lint-plist`: checks an Info.plist's content-type declarations and document types.
    public static let lintPlist = Verb(
        description: VerbDescription(
            name: "lint-plist",
            abstract:
                "Check an Info.plist's type declarations and document types for the mistakes that break document apps.",
            discussion: """
                Reads UTExportedTypeDeclarations, UTImportedTypeDeclarations and CFBundleDocumentTypes of an \
                Info.plist (XML or binary). Errors: unknown-parent (a parent that is neither a system type nor \
                declared in the file, with the identifier probably meant), uppercase-identifier, \
                missing-filename-extension, chain-misses-root (no path to public.data or com.apple.package), \
                reserved-prefix (an exported public., dyn., com.apple. or com.example. identifier), role-missing, \
                viewer-role-for-written-type (with --writes), handler-rank-missing, owner-of-foreign-type (Owner \
                rank for a system or imported type), undeclared-content-type, duplicate-declaration, \
                document-browser-key-missing (iOS), malformed-entry. Warnings: short-extension (three characters \
                or fewer), json-not-conforming, not-public-content (a document type that does not conform to \
                public.content). Each finding prints as file:line:column: severity: [rule] message (fix: …); \
                a binary plist has no lines, so its findings name the key path instead. The platform is iOS when \
                the file has LSRequiresIPhoneOS set to true or UIDeviceFamily, unless --platform says otherwise. \
                --format json prints the schema docmigrate.lint-plist (schemaVersion 1); --format github prints \
                annotations for GitHub Actions. Exit status: 0 when no error was found (warnings allowed), 1 when \
                one was, 2 when the file cannot be read or is not a property list.
                """,
            arguments: [
                ArgumentDescription("path", abstract: "The Info.plist to check.")
            ],
            options: [
                .option(
                    "writes", valueName: "identifier",
                    abstract: "A type the app writes (saves); its document type must be an Editor.", isRepeatable: true),
                .option(
                    "platform", abstract: "The platform the Info.plist is for; told from its keys when left out.",
                    values: InfoPlistLinter.Platform.self),
                .option(
                    "format", abstract: "How to print the findings.",
                    default: FindingFormat.text, values: FindingFormat.self),
            ]),
        run: runLintPlist)

    @Sendable
    static func runLintPlist(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        let platform = arguments.value("platform", as: InfoPlistLinter.Platform.self)
        let options = InfoPlistLinter.Options(writes: arguments.values("writes"), platform: platform)
        let report: InfoPlistLintReport
        do {
            report = try InfoPlistLinter(options: options).lint(fileAt: arguments.value("path") ?? "")
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        switch arguments.value("format", as: FindingFormat.self) ?? .text {
        case .json: context.output.standardOutput.write(String(decoding: try report.json(), as: UTF8.self) + "\n")
        case .github: context.output.standardOutput.write(report.githubAnnotations())
        case .text: context.output.standardOutput.write(report.text())
        }
        return report.hasErrors ? .failure : .success
    }
}
