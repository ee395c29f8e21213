import Foundation

extension Verb {
    /// `docmigrate types`: answers questions about content types, as Apple's `uttype` does on macOS.
    public static let types = Verb(
        description: VerbDescription(
            name: "types",
            abstract: "Look up content types: an identifier, conformance, an extension or a MIME type.",
            discussion: """
                Works on the system's types plus the UTExportedTypeDeclarations and UTImportedTypeDeclarations \
                of every Info.plist given with --declarations (XML or binary). 'types ID' prints the identifier \
                in its declared spelling; --verbose adds whether and how it is declared (system, exported, \
                imported, dynamic), its description, every conformance chain up to a root type, and its \
                filename extensions and MIME types. --conformsto PARENT ID tells whether ID conforms to PARENT. \
                --extension EXT and --mime TYPE print the declared types with that tag, preferred first, or \
                the dynamic identifier that stands for the tag when none is declared. Exit status: 0 when the \
                type is declared (or conforms, or the tag has a declared type), 1 when it is not, 2 when an \
                Info.plist cannot be read, 64 for bad usage.
                """,
            arguments: [
                ArgumentDescription("identifier", abstract: "The type identifier to look up.", isOptional: true)
            ],
            options: [
                .flag("verbose", short: "v", abstract: "Print everything known about the type."),
                .option("conformsto", valueName: "parent", abstract: "Tell whether the type conforms to this one."),
                .option("extension", valueName: "ext", abstract: "Print the types with this filename extension."),
                .option("mime", valueName: "type", abstract: "Print the types with this MIME type."),
                .option(
                    "declarations", valueName: "path", abstract: "Load type declarations from this Info.plist first.",
                    isRepeatable: true),
            ]),
        run: runTypes)

    @Sendable
    static func runTypes(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        let output = context.output
        guard loadDeclarations(at: arguments.values("declarations"), output: output) else { return .couldNotProceed }
        if let tag = arguments.value("extension") ?? arguments.value("mime") {
            let tagClass: UTTagClass = arguments.value("extension") != nil ? .filenameExtension : .mimeType
            return listTypes(tagged: tag, tagClass, verbose: arguments.flag("verbose"), output: output)
        }
        guard let identifier = arguments.value("identifier") else { throw UsageError.missingArgument("<identifier>") }
        guard let type = UTType(identifier), type.isDeclared || type.isDynamic else {
            output.standardError.write("\(identifier): no such type is declared\n")
            return .failure
        }
        if let parent = arguments.value("conformsto") {
            return tellConformance(of: type, to: parent, output: output)
        }
        output.standardOutput.write(arguments.flag("verbose") ? UTTypeLookup.describe(type) : type.identifier + "\n")
        return type.isDeclared ? .success : .failure
    }

    /// Loads the type declarations of the Info.plists at `paths`; false when one cannot be (the error is printed).
    ///
    /// Apple systems read installed apps' own declarations, so there the option is refused.
    private static func loadDeclarations(at paths: [String], output: CommandOutput) -> Bool {
        do {
            #if canImport(Darwin)
            guard paths.isEmpty else {
                throw UsageError(
                    "--declarations is for Linux; on Apple systems installed apps declare their types (use uttype)",
                    code: .unsupported)
            }
            #else
            for path in paths {
                try UTTypeRegistry.shared.loadDeclarations(fromInfoPlistAt: URL(fileURLWithPath: path))
            }
            #endif
        } catch {
            output.standardError.write("Error: \(error)\n")
            return false
        }
        return true
    }

    /// `types --extension EXT` and `--mime TYPE`: the declared types with the tag, else the dynamic identifier.
    private static func listTypes(
        tagged tag: String, _ tagClass: UTTagClass, verbose: Bool, output: CommandOutput
    ) -> ExitCode {
        let declared = UTTypeLookup.declaredTypes(tag: tag, tagClass: tagClass)
        guard !declared.isEmpty else {
            let dynamic = UTType(tag: tag, tagClass: tagClass, conformingTo: nil)
            output.standardOutput.write((dynamic?.identifier ?? "") + "\n")
            let tagName = tagClass == .filenameExtension ? "extension" : "MIME type"
            output.standardError.write("no declared type has the \(tagName) \(tag)\n")
            return .failure
        }
        for type in declared {
            output.standardOutput.write(verbose ? UTTypeLookup.describe(type) : type.identifier + "\n")
        }
        return .success
    }

    /// `types --conformsto PARENT ID`: whether the type conforms to PARENT.
    private static func tellConformance(
        of type: UTType, to parentIdentifier: String, output: CommandOutput
    ) -> ExitCode {
        guard let parent = UTType(parentIdentifier) else {
            output.standardError.write("\(parentIdentifier): no such type is declared\n")
            return .failure
        }
        let conforms = type.conforms(to: parent)
        let verdict = conforms ? "conforms" : "does not conform"
        output.standardOutput.write("\(type.identifier) \(verdict) to \(parent.identifier)\n")
        return conforms ? .success : .failure
    }
}
