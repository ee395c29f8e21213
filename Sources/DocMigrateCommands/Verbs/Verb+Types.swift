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
                ArgumentDescription("identifier", abstract: "The type identifier to look up.", isOptional: true),
            ],
            options: [
                .flag("verbose", short: "v", abstract: "Print everything known about the type."),
                .option("conformsto", valueName: "parent", abstract: "Tell whether the type conforms to this one."),
                .option("extension", valueName: "ext", abstract: "Print the types with this filename extension."),
                .option("mime", valueName: "type", abstract: "Print the types with this MIME type."),
                .option("declarations", valueName: "path", abstract: "Load type declarations from this Info.plist first.", isRepeatable: true),
            ]),
        run: runTypes)

    @Sendable
    static func runTypes(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        let output = context.output
        for path in arguments.values("declarations") {
            do {
                try TypeLookup.loadDeclarations(at: path)
            } catch {
                output.standardError.write("Error: \(error)\n")
                return .couldNotProceed
            }
        }
        let verbose = arguments.flag("verbose")
        if let tag = arguments.value("extension") ?? arguments.value("mime") {
            let tagClass: UTTagClass = arguments.value("extension") != nil ? .filenameExtension : .mimeType
            let declared = UTType.types(tag: tag, tagClass: tagClass, conformingTo: nil).filter(\.isDeclared)
            if declared.isEmpty {
                let dynamic = UTType(tag: tag, tagClass: tagClass, conformingTo: nil)
                output.standardOutput.write((dynamic?.identifier ?? "") + "\n")
                output.standardError.write("no declared type has the \(tagClass == .filenameExtension ? "extension" : "MIME type") \(tag)\n")
                return .failure
            }
            for type in declared {
                output.standardOutput.write(verbose ? TypeLookup.describe(type) : type.identifier + "\n")
            }
            return .success
        }
        guard let identifier = arguments.value("identifier") else {
            throw UsageError.missingArgument("<identifier>")
        }
        guard let type = UTType(identifier), type.isDeclared || type.isDynamic else {
            output.standardError.write("\(identifier): no such type is declared\n")
            return .failure
        }
        if let parentIdentifier = arguments.value("conformsto") {
            guard let parent = UTType(parentIdentifier) else {
                output.standardError.write("\(parentIdentifier): no such type is declared\n")
                return .failure
            }
            let conforms = type.conforms(to: parent)
            output.standardOutput.write("\(type.identifier) \(conforms ? "conforms" : "does not conform") to \(parent.identifier)\n")
            return conforms ? .success : .failure
        }
        output.standardOutput.write(verbose ? TypeLookup.describe(type) : type.identifier + "\n")
        return type.isDeclared ? .success : .failure
    }
}

/// What `docmigrate types` prints about a type, portable to Apple systems' own `UTType`.
enum TypeLookup {
    static func loadDeclarations(at path: String) throws {
        #if canImport(Darwin)
        throw UsageError("--declarations is for Linux; on Apple systems installed apps declare their types (use uttype)", code: "usage.unsupported")
        #else
        try UTTypeRegistry.shared.loadDeclarations(fromInfoPlistAt: URL(fileURLWithPath: path))
        #endif
    }

    /// The direct parents: the supertypes that no other supertype already conforms to.
    ///
    /// `UTType` exposes only the transitive `supertypes`, on Apple systems too; this transitive
    /// reduction equals the declared parents unless a declaration lists a redundant parent.
    static func parents(of type: UTType) -> [UTType] {
        let supertypes = type.supertypes
        return supertypes.filter { candidate in
            !supertypes.contains { other in other != candidate && other.supertypes.contains(candidate) }
        }.sorted { $0.identifier < $1.identifier }
    }

    /// Every chain from `type` up to a type with no parents, each as identifiers joined by arrows.
    static func chains(of type: UTType) -> [String] {
        var result: [String] = []
        func walk(_ current: UTType, path: [String]) {
            let path = path + [current.identifier]
            let parents = parents(of: current)
            if parents.isEmpty || path.count > 32 {
                result.append(path.joined(separator: " → "))
                return
            }
            for parent in parents { walk(parent, path: path) }
        }
        walk(type, path: [])
        return result
    }

    static func origin(of type: UTType) -> String {
        if type.isDynamic { return "dynamic (no declaration; the identifier encodes its tag)" }
        #if !canImport(Darwin)
        if let loaded = UTTypeRegistry.shared.loadedDeclaration(for: type.identifier) {
            return loaded.kind == .exported ? "exported (declared by an Info.plist)" : "imported (declared by an Info.plist)"
        }
        #endif
        return type.isDeclared ? "system" : "not declared"
    }

    static func describe(_ type: UTType) -> String {
        var lines = [
            "identifier: \(type.identifier)",
            "declaration: \(origin(of: type))",
        ]
        if let description = type.localizedDescription { lines.append("description: \(description)") }
        lines.append("conforms to:")
        lines += chains(of: type).map { "  " + $0 }
        let extensions = type.tags[.filenameExtension] ?? []
        let mimeTypes = type.tags[.mimeType] ?? []
        lines.append("extensions: " + (extensions.isEmpty ? "(none)" : extensions.joined(separator: ", ")))
        lines.append("MIME types: " + (mimeTypes.isEmpty ? "(none)" : mimeTypes.joined(separator: ", ")))
        return lines.joined(separator: "\n") + "\n"
    }
}
