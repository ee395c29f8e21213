import DocumentCodecs
import Formats

/// One lint of one Info.plist: reads its declarations and document types, then applies every rule.
struct InfoPlistLintRun {
    /// A value and the key path it was read from.
    struct Located<Value> {
        var value: Value
        var path: PropertyListPath
    }

    /// One entry of `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations`.
    struct Declaration {
        enum Kind { case exported, imported }
        var kind: Kind
        var listKey: String
        var identifier: Located<String>
        /// Where `UTTypeConformsTo` is, when the declaration has it.
        var conformsToPath: PropertyListPath?
        var parents: [Located<String>] = []
        var extensions: [Located<String>] = []
        var typeDescription: String?
        /// The case-folded identifier: identifiers compare ignoring case.
        var key: String { identifier.value.lowercased() }
    }

    /// One entry of `CFBundleDocumentTypes`.
    struct DocumentType {
        var path: PropertyListPath
        var name: String?
        var contentTypes: [Located<String>] = []
        var role: Located<String>?
        var rank: Located<String>?
    }

    /// Whether a conformance chain reaches one of the types asked for.
    enum Reach { case reaches, misses, unknown }

    static let declarationLists: [(key: String, kind: Declaration.Kind)] = [
        ("UTExportedTypeDeclarations", .exported), ("UTImportedTypeDeclarations", .imported),
    ]
    static let roles = ["Editor", "Viewer", "Shell", "QLGenerator", "None"]
    static let ranks = ["Owner", "Default", "Alternate", "None"]
    static let reservedPrefixes: [(prefix: String, reason: String)] = [
        ("public.", "is reserved for the system's own types"),
        ("dyn.", "is reserved for dynamic types the system makes up"),
        ("com.apple.", "belongs to Apple"),
        ("com.example.", "is reserved for examples, so no app owns it"),
    ]
    static let roots: Set<String> = ["public.data", "com.apple.package"]

    let source: InfoPlistSource
    let root: [PropertyListEntry]
    let options: InfoPlistLinter.Options
    let platform: InfoPlistLinter.Platform
    private(set) var declarations: [Declaration] = []
    private(set) var documentTypes: [DocumentType] = []
    /// The first declaration of each case-folded identifier, which conformance follows.
    private var firstDeclarations: [String: Declaration] = [:]
    private var findings: [InfoPlistFinding] = []

    init(
        source: InfoPlistSource, root: [PropertyListEntry], options: InfoPlistLinter.Options,
        platform: InfoPlistLinter.Platform
    ) {
        self.source = source
        self.root = root
        self.options = options
        self.platform = platform
    }

    mutating func lint() {
        readDeclarations()
        readDocumentTypes()
        for declaration in declarations where firstDeclarations[declaration.key] == nil {
            firstDeclarations[declaration.key] = declaration
        }
        checkDeclarations()
        checkDocumentTypes()
        checkDocumentBrowser()
    }

    /// The findings in file order: by line and column in XML, by place in the value in a binary file.
    func sortedFindings() -> [InfoPlistFinding] {
        var ordinals: [String: Int] = [:]
        if source.sourceMap == nil {
            var next = 0
            func walk(_ value: PropertyListValue, _ path: PropertyListPath) {
                ordinals[path.description] = next
                next += 1
                switch value {
                case .dictionary(let entries):
                    for entry in entries { walk(entry.value, path.appending(key: entry.key)) }
                case .array(let elements):
                    for (index, element) in elements.enumerated() { walk(element, path.appending(index: index)) }
                default: break
                }
            }
            walk(source.root, .root)
        }
        func order(_ finding: InfoPlistFinding) -> (Int, Int, String) {
            if let line = finding.line, let column = finding.column { return (line, column, finding.rule.rawValue) }
            return (ordinals[finding.keyPath] ?? Int.max, 0, finding.rule.rawValue)
        }
        return findings.sorted { order($0) < order($1) }
    }

    // MARK: Reading

    private mutating func readDeclarations() {
        for (listKey, kind) in Self.declarationLists {
            let listPath = PropertyListPath.root.appending(key: listKey)
            guard let list = Self.value(listKey, in: root) else { continue }
            guard case .array(let elements) = list else {
                report(
                    .malformedEntry, at: listPath, atKey: true,
                    "\(listKey) is \(InfoPlistSource.describe(list)), not an array of type declarations",
                    fix: "make \(listKey) an array with one dictionary per type")
                continue
            }
            for (index, element) in elements.enumerated() {
                let path = listPath.appending(index: index)
                guard case .dictionary(let fields) = element else {
                    report(
                        .malformedEntry, at: path,
                        "a type declaration is \(InfoPlistSource.describe(element)), not a dictionary",
                        fix:
                            "make each entry of \(listKey) a dictionary with UTTypeIdentifier, UTTypeConformsTo and "
                            + "UTTypeTagSpecification"
                    )
                    continue
                }
                guard case .string(let identifier)? = Self.value("UTTypeIdentifier", in: fields) else {
                    report(
                        .malformedEntry, at: path,
                        "the type declaration has no UTTypeIdentifier string, so the type has no name",
                        fix:
                            "add UTTypeIdentifier with a lowercase reverse-DNS name in a domain you own, such as "
                            + "com.yourcompany.deck"
                    )
                    continue
                }
                var declaration = Declaration(
                    kind: kind, listKey: listKey,
                    identifier: Located(value: identifier, path: path.appending(key: "UTTypeIdentifier")))
                if let conformsTo = Self.value("UTTypeConformsTo", in: fields) {
                    let conformsToPath = path.appending(key: "UTTypeConformsTo")
                    declaration.conformsToPath = conformsToPath
                    declaration.parents = strings(conformsTo, at: conformsToPath, naming: "UTTypeConformsTo")
                }
                if let specification = Self.value("UTTypeTagSpecification", in: fields) {
                    let specificationPath = path.appending(key: "UTTypeTagSpecification")
                    if case .dictionary(let tags) = specification {
                        if let extensions = Self.value("public.filename-extension", in: tags) {
                            declaration.extensions = strings(
                                extensions, at: specificationPath.appending(key: "public.filename-extension"),
                                naming: "public.filename-extension")
                        }
                    } else {
                        report(
                            .malformedEntry, at: specificationPath,
                            "UTTypeTagSpecification is \(InfoPlistSource.describe(specification)), not a dictionary",
                            fix:
                                "make UTTypeTagSpecification a dictionary from tag class "
                                + "(public.filename-extension, public.mime-type) to tags"
                        )
                    }
                }
                if case .string(let description)? = Self.value("UTTypeDescription", in: fields) {
                    declaration.typeDescription = description
                }
                declarations.append(declaration)
            }
        }
    }

    private mutating func readDocumentTypes() {
        let listPath = PropertyListPath.root.appending(key: "CFBundleDocumentTypes")
        guard let list = Self.value("CFBundleDocumentTypes", in: root) else { return }
        guard case .array(let elements) = list else {
            report(
                .malformedEntry, at: listPath, atKey: true,
                "CFBundleDocumentTypes is \(InfoPlistSource.describe(list)), not an array of document types",
                fix: "make CFBundleDocumentTypes an array with one dictionary per document type")
            return
        }
        for (index, element) in elements.enumerated() {
            let path = listPath.appending(index: index)
            guard case .dictionary(let fields) = element else {
                report(
                    .malformedEntry, at: path,
                    "a document type is \(InfoPlistSource.describe(element)), not a dictionary",
                    fix:
                        "make each entry of CFBundleDocumentTypes a dictionary with LSItemContentTypes, "
                        + "CFBundleTypeRole and LSHandlerRank"
                )
                continue
            }
            var documentType = DocumentType(path: path)
            if case .string(let name)? = Self.value("CFBundleTypeName", in: fields) { documentType.name = name }
            if let contentTypes = Self.value("LSItemContentTypes", in: fields) {
                documentType.contentTypes = strings(
                    contentTypes, at: path.appending(key: "LSItemContentTypes"), naming: "LSItemContentTypes")
            }
            documentType.role = string("CFBundleTypeRole", in: fields, at: path)
            documentType.rank = string("LSHandlerRank", in: fields, at: path)
            documentTypes.append(documentType)
        }
    }

    /// A string or an array of strings; anything else is reported, and what can be read is returned.
    private mutating func strings(
        _ value: PropertyListValue, at path: PropertyListPath, naming key: String
    ) -> [Located<String>] {
        switch value {
        case .string(let string):
            return [Located(value: string, path: path)]
        case .array(let elements):
            var strings: [Located<String>] = []
            for (index, element) in elements.enumerated() {
                if case .string(let string) = element {
                    strings.append(Located(value: string, path: path.appending(index: index)))
                } else {
                    report(
                        .malformedEntry, at: path.appending(index: index),
                        "an entry of \(key) is \(InfoPlistSource.describe(element)), not a string",
                        fix: "make every entry of \(key) a string")
                }
            }
            return strings
        default:
            report(
                .malformedEntry, at: path, atKey: true,
                "\(key) is \(InfoPlistSource.describe(value)), not an array of strings",
                fix: "make \(key) an array of strings")
            return []
        }
    }

    /// The string value of `key`, reporting a value of another kind.
    private mutating func string(
        _ key: String, in fields: [PropertyListEntry], at path: PropertyListPath
    ) -> Located<String>? {
        guard let value = Self.value(key, in: fields) else { return nil }
        let valuePath = path.appending(key: key)
        guard case .string(let string) = value else {
            report(
                .malformedEntry, at: valuePath, atKey: true,
                "\(key) is \(InfoPlistSource.describe(value)), not a string", fix: "make \(key) a string")
            return nil
        }
        return Located(value: string, path: valuePath)
    }

    static func value(_ key: String, in entries: [PropertyListEntry]) -> PropertyListValue? {
        entries.first { $0.key == key }?.value
    }

    // MARK: Reporting

    mutating func report(
        _ rule: InfoPlistLintRule, at path: PropertyListPath, atKey: Bool = false, _ message: String, fix: String
    ) {
        let position = source.position(of: path, atKey: atKey)
        findings.append(
            InfoPlistFinding(
                rule: rule, file: source.file, keyPath: path.description, line: position?.line,
                column: position?.column,
                message: message, suggestion: fix))
    }

    /// How a message names a place: `line 12` in XML, the key path in a binary file.
    func place(of path: PropertyListPath) -> String {
        if let position = source.position(of: path) { return "line \(position.line)" }
        return path.description
    }

    // MARK: What is known

    /// Whether the identifier is declared in the file or known to `UTType` as declared.
    func isKnown(_ identifier: String) -> Bool {
        firstDeclarations[identifier.lowercased()] != nil || UTType(identifier)?.isDeclared == true
    }

    /// Whether the file exports the identifier.
    func isExported(_ identifier: String) -> Bool {
        declarations.contains { $0.kind == .exported && $0.key == identifier.lowercased() }
    }

    /// Whether a `CFBundleDocumentTypes` entry lists the identifier.
    func isDocument(_ identifier: String) -> Bool {
        documentTypes.contains { $0.contentTypes.contains { $0.value.lowercased() == identifier.lowercased() } }
    }

    /// Whether following parents from `identifier` (itself included) reaches one of `targets` (case-folded).
    ///
    /// Declarations of the file come first; a type the file does not declare is asked of `UTType`.
    func reach(from identifier: String, to targets: Set<String>) -> Reach {
        var visited: Set<String> = []
        var pending = [identifier]
        var sawUnknown = false
        while let current = pending.popLast() {
            let key = current.lowercased()
            guard visited.insert(key).inserted else { continue }
            if targets.contains(key) { return .reaches }
            if let declaration = firstDeclarations[key] {
                pending += declaration.parents.map(\.value)
            } else if let type = UTType(current), type.isDeclared {
                if targets.contains(where: { target in UTType(target).map { type.conforms(to: $0) } ?? false }) {
                    return .reaches
                }
            } else {
                sawUnknown = true
            }
        }
        return sawUnknown ? .unknown : .misses
    }
}
