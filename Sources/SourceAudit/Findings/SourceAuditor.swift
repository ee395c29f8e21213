/// Finds the document types in Swift sources and checks them against the migration checklist.
///
/// Rules (stable names; severity):
/// - `legacy-value-document` (note): a `FileDocument`; the value-type checklist applies.
/// - `legacy-reference-document` (note): a `ReferenceFileDocument`; the reference-type checklist applies.
/// - `document-must-be-class` (error): a struct or enum adopting `ReadableDocument`, `WritableDocument`
///   or `Document`, which require a class.
/// - `document-not-final` / `document-not-observable` (warning): a new-protocol class that is not
///   `final`, or not `@Observable`.
/// - `observable-object-on-observable` (error): an `@Observable` type that also conforms to `ObservableObject`.
/// - `published-on-observable` (error): `@Published` in an `@Observable` type or a new-protocol document.
/// - `serialization-in-snapshot` (error; a warning for a legacy reference type): encoders, archivers,
///   `FileWrapper`, `Data(…)`, `.encode(` or `.write(` inside `snapshot(contentType:)`, which runs on the
///   main actor and must only copy state.
/// - `empty-fallback-on-read` (error): reading code (`reader(configuration:)`, `read(from:progress:)`,
///   a legacy `init(configuration:)`) that turns a failure into an empty value (`?? ""`, `?? Data()`,
///   `?? []`, `?? [:]`, `?? T()`, or such a `return` in a `catch` or `guard … else` block): the next
///   autosave would overwrite the user's file with nothing.
/// - `private-document-type` (error): a snapshot, reader or writer type declared `private` or
///   `fileprivate`; they appear in protocol requirements.
/// - `legacy-document-group` (warning): `DocumentGroup(newDocument:` still uses the legacy initializer.
/// - `undo-never-registered` (warning): a new-protocol document in sources that never call
///   `registerUndo`; autosave depends on registered undo and will never run.
/// - `uppercase-type-identifier` (error): `UTType(exportedAs:)` with uppercase letters in the identifier.
/// - `imported-type-static-let` (warning): an imported type stored in a `static let`; Apple asks for a
///   computed `static var`, because the declaration may change when the owning app is installed.
///
/// Matching works on tokens, so text in comments and string literals never fires a rule.
public struct SourceAuditor: Sendable {
    static let legacyProtocols: Set<String> = ["FileDocument", "ReferenceFileDocument"]
    static let newProtocols: Set<String> = ["ReadableDocument", "WritableDocument", "Document"]
    static let serializationNames: Set<String> = [
        "JSONEncoder", "PropertyListEncoder", "NSKeyedArchiver", "JSONSerialization", "PropertyListSerialization",
        "FileWrapper",
    ]

    public init() {}

    /// Audits `files` as one module.
    public func audit(_ files: [SourceFile]) -> AuditReport {
        let declarations = files.indices.flatMap { fileIndex in
            files[fileIndex].typeDeclarations().map { (file: fileIndex, declaration: $0) }
        }
        let registersUndo = files.contains { file in
            file.tokens.contains { $0.kind == .identifier && $0.text == "registerUndo" }
        }
        let legacyGroups = files.flatMap(legacyDocumentGroupCalls)
        var otherFindings = legacyGroups + files.flatMap(typeIdentifierFindings)

        // Every name a declaration or extension adopts a document protocol under, in first-seen order.
        var names: [String] = []
        for entry in declarations
        where entry.declaration.conformances.contains(where: {
            Self.legacyProtocols.contains($0) || Self.newProtocols.contains($0)
        }) {
            if !names.contains(entry.declaration.name) { names.append(entry.declaration.name) }
        }
        var types: [AuditedType] = []
        for name in names {
            let parts = declarations.filter { $0.declaration.name == name }
            // A protocol that refines the document protocols is not a document.
            if parts.contains(where: { $0.declaration.kind == .protocol }) { continue }
            types.append(
                auditType(
                    named: name, parts: parts, files: files, allDeclarations: declarations,
                    registersUndo: registersUndo, hasLegacyGroups: !legacyGroups.isEmpty))
        }
        types.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        otherFindings.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        return AuditReport(fileCount: files.count, types: types, otherFindings: otherFindings)
    }

    // MARK: One type

    private func auditType(
        named name: String, parts: [(file: Int, declaration: TypeDeclaration)], files: [SourceFile],
        allDeclarations: [(file: Int, declaration: TypeDeclaration)], registersUndo: Bool, hasLegacyGroups: Bool
    ) -> AuditedType {
        let primary = parts.first { $0.declaration.kind != .extension } ?? parts[0]
        let declaration = primary.declaration
        let conformances = parts.flatMap(\.declaration.conformances)
        let attributes = parts.flatMap(\.declaration.attributes)
        let protocols = conformances.filter { Self.legacyProtocols.contains($0) || Self.newProtocols.contains($0) }
        let isNew = protocols.contains { Self.newProtocols.contains($0) }
        let model: AuditedType.Model =
            isNew ? .document : protocols.contains("FileDocument") ? .legacyValue : .legacyReference
        let isObservable = attributes.contains("@Observable")
        let isClass = declaration.kind == .class
        let isFinal = declaration.modifiers.contains("final")
        var findings: [AuditFinding] = []
        func finding(
            _ rule: String, _ severity: AuditFinding.Severity, file: String, line: Int, column: Int, _ message: String,
            fix: String
        ) {
            findings.append(
                AuditFinding(
                    rule: rule, severity: severity, file: file, line: line, column: column, message: message,
                    suggestion: fix, typeName: name))
        }
        func atDeclaration(_ rule: String, _ severity: AuditFinding.Severity, _ message: String, fix: String) {
            finding(
                rule, severity, file: declaration.file, line: declaration.line, column: declaration.column, message,
                fix: fix)
        }

        var members: [(file: SourceFile, function: FunctionDeclaration)] = []
        var published: [(file: SourceFile, line: Int, column: Int, name: String)] = []
        var aliases: [String: String] = [:]
        for part in parts {
            let file = files[part.file]
            let found = file.members(of: part.declaration)
            members += found.functions.map { (file, $0) }
            published += found.publishedProperties.map { (file, $0.line, $0.column, $0.name) }
            aliases.merge(found.typeAliases) { first, _ in first }
        }
        func has(_ signature: String) -> Bool { members.contains { $0.function.signature == signature } }

        switch model {
        case .legacyValue:
            atDeclaration(
                "legacy-value-document", .note,
                "\(name) is a FileDocument (a value type); the value-type migration checklist applies",
                fix: "make it an @Observable final class adopting Document, on a shared codec")
        case .legacyReference:
            atDeclaration(
                "legacy-reference-document", .note,
                "\(name) is a ReferenceFileDocument; the reference-type migration checklist applies",
                fix:
                    "replace ObservableObject and @Published with @Observable and adopt Document, with separate "
                    + "reader and writer snapshot types"
            )
        case .document:
            if !isClass {
                atDeclaration(
                    "document-must-be-class", .error,
                    "\(name) is a \(declaration.kind.rawValue), but the document protocols require a class",
                    fix: "declare it as an @Observable final class")
            } else {
                if !isFinal {
                    atDeclaration(
                        "document-not-final", .warning, "\(name) adopts the document protocols but is not final",
                        fix: "declare it final class")
                }
                if !isObservable {
                    atDeclaration(
                        "document-not-observable", .warning,
                        "\(name) adopts the document protocols but is not @Observable, so views do not see its changes",
                        fix: "add @Observable")
                }
            }
            if !registersUndo {
                atDeclaration(
                    "undo-never-registered", .warning,
                    "no code in these sources calls registerUndo, so autosave will never run for \(name)",
                    fix: "register an undo action for every change to the document")
            }
        }
        if isObservable && conformances.contains("ObservableObject") {
            atDeclaration(
                "observable-object-on-observable", .error,
                "\(name) is @Observable and also conforms to ObservableObject",
                fix: "remove the ObservableObject conformance")
        }
        if isObservable || isNew {
            for property in published {
                finding(
                    "published-on-observable", .error, file: property.file.path, line: property.line,
                    column: property.column,
                    "@Published var \(property.name) in \(name), which "
                        + "\(isObservable ? "is @Observable" : "adopts the document protocols")",
                    fix: "remove @Published: @Observable tracks stored properties by itself")
            }
        }

        // Serialization in snapshot(contentType:).
        for (file, function) in members where function.signature == "snapshot(contentType:)" {
            if let token = firstSerialization(in: file, range: function.body) {
                finding(
                    "serialization-in-snapshot", model == .document ? .error : .warning, file: file.path,
                    line: token.line, column: token.column,
                    "snapshot(contentType:) of \(name) serializes (\(token.text)); it runs on the main actor and "
                        + "must only copy state",
                    fix: "return a Sendable copy of the state, and encode it in the writer")
            }
        }

        // Reading code that falls back to an empty value.
        var readingBodies = members.filter {
            ["reader(configuration:)", "read(from:progress:)"].contains($0.function.signature)
                || (model != .document && $0.function.signature == "init(configuration:)")
        }
        let readerTypeNames = readerAndWriterTypeNames(members: members.map(\.function), aliases: aliases)
        for entry in allDeclarations
        where readerTypeNames.readers.contains(entry.declaration.name)
            || entry.declaration.conformances.contains("DocumentReader")
        {
            let file = files[entry.file]
            readingBodies += file.members(of: entry.declaration).functions.filter {
                $0.signature == "read(from:progress:)"
            }.map { (file, $0) }
        }
        for (file, function) in readingBodies {
            for token in emptyFallbacks(in: file, range: function.body) {
                finding(
                    "empty-fallback-on-read", .error, file: file.path, line: token.line, column: token.column,
                    "\(function.signature) of \(name) turns a read failure into an empty value; the next autosave "
                        + "would overwrite the user's file",
                    fix: "throw the error instead, so the document does not open")
            }
        }

        // Private snapshot, reader and writer types.
        let partFiles = Set(parts.map(\.file))
        // Only the document's own files: a private type of the same name elsewhere is another type.
        for entry in allDeclarations
        where entry.declaration.isPrivate && entry.declaration.kind != .extension && partFiles.contains(entry.file) {
            let typeName = entry.declaration.name
            let conformsAsReader = entry.declaration.conformances.contains("DocumentReader")
            let conformsAsWriter = entry.declaration.conformances.contains("DocumentWriter")
            let role: String
            if readerTypeNames.snapshots.contains(typeName) {
                role = "snapshot"
            } else if readerTypeNames.readers.contains(typeName) || conformsAsReader {
                role = "reader"
            } else if readerTypeNames.writers.contains(typeName) || conformsAsWriter {
                role = "writer"
            } else {
                continue
            }
            let access = entry.declaration.modifiers.first { $0 == "private" || $0 == "fileprivate" } ?? "private"
            finding(
                "private-document-type", .error, file: entry.declaration.file, line: entry.declaration.line,
                column: entry.declaration.column,
                "the \(role) type \(typeName) of \(name) is \(access), but it appears in the document protocols' "
                    + "requirements",
                fix: "make it internal (drop \(access))")
        }

        let serializes = findings.contains { $0.rule == "serialization-in-snapshot" }
        let fallsBack = findings.contains { $0.rule == "empty-fallback-on-read" }
        let privateTypes = findings.contains { $0.rule == "private-document-type" }
        let checklist: [AuditedType.ChecklistItem]
        switch model {
        case .legacyValue:
            checklist = [
                .init(step: "the struct becomes an @Observable final class", done: false),
                .init(
                    step: "init(configuration:) becomes reader(configuration:) and apply(snapshot:previous:)",
                    done: false),
                .init(
                    step: "fileWrapper(configuration:) becomes snapshot(contentType:) and writer(configuration:)",
                    done: false),
                .init(step: "every change registers undo, or autosave never runs", done: registersUndo),
                .init(
                    step: "DocumentGroup(newDocument:editor:) becomes DocumentGroup(editor:makeDocument:)",
                    done: !hasLegacyGroups),
            ]
        case .legacyReference:
            checklist = [
                .init(step: "ObservableObject and @Published become @Observable", done: false),
                .init(
                    step: "init(configuration:) becomes reader(configuration:) and apply(snapshot:previous:)",
                    done: false),
                .init(
                    step:
                        "the one Snapshot type splits into reader and writer snapshot types, written by "
                        + "writer(configuration:)",
                    done: false),
                .init(step: "every change registers undo, or autosave never runs", done: registersUndo),
                .init(
                    step: "DocumentGroup(newDocument:editor:) becomes DocumentGroup(editor:makeDocument:)",
                    done: !hasLegacyGroups),
            ]
        case .document:
            var items: [AuditedType.ChecklistItem] = [
                .init(step: "a final class", done: isClass && isFinal),
                .init(
                    step: "@Observable, without ObservableObject or @Published",
                    done: isObservable && !conformances.contains("ObservableObject") && published.isEmpty),
            ]
            if protocols.contains("Document") || protocols.contains("ReadableDocument") {
                items.append(
                    .init(
                        step: "reads with reader(configuration:) and apply(snapshot:previous:)",
                        done: has("reader(configuration:)") && has("apply(snapshot:previous:)")))
                items.append(.init(step: "a read failure is an error, never an empty document", done: !fallsBack))
            }
            if protocols.contains("Document") || protocols.contains("WritableDocument") {
                items.append(
                    .init(
                        step: "writes with snapshot(contentType:) and writer(configuration:)",
                        done: has("snapshot(contentType:)") && has("writer(configuration:)")))
                items.append(
                    .init(step: "snapshot(contentType:) only copies state; the writer serializes", done: !serializes))
            }
            items.append(.init(step: "snapshot, reader and writer types are not private", done: !privateTypes))
            items.append(.init(step: "every change registers undo, or autosave never runs", done: registersUndo))
            items.append(.init(step: "DocumentGroup uses the makeDocument initializer", done: !hasLegacyGroups))
            checklist = items
        }
        return AuditedType(
            name: name, kind: declaration.kind.rawValue, model: model, protocols: Array(Set(protocols)).sorted(),
            file: declaration.file, line: declaration.line, column: declaration.column, checklist: checklist,
            findings: findings.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) })
    }

    // MARK: Patterns

    /// The first token in `range` that serializes: an encoder or archiver, `FileWrapper`, `Data(`, `.encode(`,
    /// `.write(`.
    func firstSerialization(in file: SourceFile, range: Range<Int>) -> SwiftToken? {
        let tokens = file.tokens
        for index in range {
            let token = tokens[index]
            guard token.kind == .identifier else { continue }
            if Self.serializationNames.contains(token.text) { return token }
            let followedByCall = index + 1 < tokens.count && tokens[index + 1].matches("(")
            if token.text == "Data" && followedByCall { return token }
            if ["encode", "write", "archivedData"].contains(token.text) && index > 0 && tokens[index - 1].matches(".")
                && followedByCall
            {
                return token
            }
        }
        return nil
    }

    /// The places in `range` where reading falls back to an empty value.
    func emptyFallbacks(in file: SourceFile, range: Range<Int>) -> [SwiftToken] {
        let tokens = file.tokens
        var found: [SwiftToken] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .operator && token.text == "??"
                && isEmptyValue(in: file, at: index + 1, limit: range.upperBound)
            {
                found.append(token)
            }
            // `catch { … return "" }` and `guard … else { return Data() }`.
            if token.matches("catch") || token.matches("else") {
                var open = index + 1
                while open < range.upperBound, !tokens[open].matches("{"),
                    tokens[open].kind == .identifier || tokens[open].matches(".") || tokens[open].matches("let")
                        || tokens[open].matches("as")
                { open += 1 }
                if open < range.upperBound, tokens[open].matches("{") {
                    let close = file.matchingClose(from: open)
                    for position in open..<min(close, range.upperBound)
                    where tokens[position].matches("return") && isEmptyValue(in: file, at: position + 1, limit: close) {
                        found.append(tokens[position])
                    }
                }
            }
            index += 1
        }
        return found
    }

    /// Whether an empty value starts at `index`: `""`, `[]`, `[:]`, `Data()`, `String()`, `.init()`, `T()`.
    func isEmptyValue(in file: SourceFile, at index: Int, limit: Int) -> Bool {
        let tokens = file.tokens
        guard index < limit else { return false }
        let token = tokens[index]
        if token.kind == .string {
            let inner = token.text.trimmingCharacters(in: ["#"])
            return inner == "\"\"" || inner == "\"\"\"\"\"\"" || inner.filter { !$0.isWhitespace } == "\"\"\"\"\"\""
        }
        if token.matches("[") {
            if index + 1 < limit, tokens[index + 1].matches("]") { return true }
            if index + 2 < limit, tokens[index + 1].matches(":"), tokens[index + 2].matches("]") { return true }
            // `[Card]()`: an empty array of a named type.
            let close = file.matchingClose(from: index)
            return close + 2 < limit && tokens[close + 1].matches("(") && tokens[close + 2].matches(")")
        }
        if token.matches("."), index + 3 < limit, tokens[index + 1].matches("init"), tokens[index + 2].matches("("),
            tokens[index + 3].matches(")")
        {
            return true
        }
        if token.kind == .identifier, let first = token.text.unicodeScalars.first, first.properties.isUppercase,
            index + 2 < limit, tokens[index + 1].matches("("), tokens[index + 2].matches(")")
        {
            return true
        }
        return false
    }

    /// The names of the reader, writer and snapshot types a document's requirements use.
    func readerAndWriterTypeNames(
        members: [FunctionDeclaration], aliases: [String: String]
    ) -> (readers: Set<String>, writers: Set<String>, snapshots: Set<String>) {
        var readers = Set<String>()
        var writers = Set<String>()
        var snapshots = Set<String>()
        func baseAndArguments(_ type: String) -> (String, [String]) {
            let trimmed = type.trimmingCharacters(in: ["?", "!"])
            guard let open = trimmed.firstIndex(of: "<"), trimmed.hasSuffix(">") else { return (trimmed, []) }
            let arguments = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            return (String(trimmed[..<open]), arguments.split(separator: ",").map { String($0) })
        }
        for function in members {
            switch function.signature {
            case "reader(configuration:)":
                let (base, arguments) = baseAndArguments(function.returnType)
                if base == "FileWrapperDocumentReader" { snapshots.formUnion(arguments) } else { readers.insert(base) }
            case "writer(configuration:)":
                let (base, arguments) = baseAndArguments(function.returnType)
                if base == "FileWrapperDocumentWriter" { snapshots.formUnion(arguments) } else { writers.insert(base) }
            case "snapshot(contentType:)":
                snapshots.insert(baseAndArguments(function.returnType).0)
            case "apply(snapshot:previous:)":
                if let first = function.parameterTypes.first { snapshots.insert(baseAndArguments(first).0) }
            default:
                break
            }
        }
        if let snapshot = aliases["Snapshot"] { snapshots.insert(baseAndArguments(snapshot).0) }
        snapshots.remove("")
        return (readers, writers, snapshots)
    }

    // MARK: Findings outside document types

    /// `DocumentGroup(newDocument:` call sites.
    func legacyDocumentGroupCalls(in file: SourceFile) -> [AuditFinding] {
        let tokens = file.tokens
        var findings: [AuditFinding] = []
        for index in tokens.indices where tokens[index].matches("DocumentGroup") {
            guard index + 3 < tokens.count, tokens[index + 1].matches("("), tokens[index + 2].matches("newDocument"),
                tokens[index + 3].matches(":")
            else { continue }
            findings.append(
                AuditFinding(
                    rule: "legacy-document-group", severity: .warning, file: file.path, line: tokens[index].line,
                    column: tokens[index].column,
                    message:
                        "DocumentGroup(newDocument:editor:) is the legacy initializer for FileDocument and "
                        + "ReferenceFileDocument",
                    suggestion: "use DocumentGroup(editor:makeDocument:) with a document that adopts Document",
                    typeName: nil))
        }
        return findings
    }

    /// `UTType(exportedAs:)` identifiers with uppercase letters, and imported types in `static let`.
    func typeIdentifierFindings(in file: SourceFile) -> [AuditFinding] {
        let tokens = file.tokens
        var findings: [AuditFinding] = []
        for index in tokens.indices where tokens[index].matches("exportedAs") || tokens[index].matches("importedAs") {
            guard index >= 2, tokens[index - 1].matches("("), index + 2 < tokens.count, tokens[index + 1].matches(":")
            else { continue }
            let literal = tokens[index + 2]
            if tokens[index].text == "exportedAs", literal.kind == .string,
                literal.text.unicodeScalars.contains(where: { $0.properties.isUppercase })
            {
                findings.append(
                    AuditFinding(
                        rule: "uppercase-type-identifier", severity: .error, file: file.path, line: literal.line,
                        column: literal.column,
                        message:
                            "the exported type identifier \(literal.text) has uppercase letters; type identifiers "
                            + "are lowercase reverse-DNS",
                        suggestion: "use \(literal.text.lowercased()) here and in the Info.plist", typeName: nil))
            }
            if tokens[index].text == "importedAs" {
                // Walk back over the statement to its start: `static let name = UTType(importedAs:`.
                var cursor = index - 2
                while cursor > 0, !tokens[cursor].matches("let"), !tokens[cursor].matches("var"),
                    !tokens[cursor].matches("{"), !tokens[cursor].matches("}")
                { cursor -= 1 }
                if cursor > 0, tokens[cursor].matches("let"), tokens[cursor - 1].matches("static") {
                    let name = cursor + 1 < tokens.count ? tokens[cursor + 1].text : "?"
                    findings.append(
                        AuditFinding(
                            rule: "imported-type-static-let", severity: .warning, file: file.path,
                            line: tokens[cursor - 1].line, column: tokens[cursor - 1].column,
                            message:
                                "the imported type \(name) is stored in a static let, so it keeps a stale "
                                + "declaration when the owning app is installed",
                            suggestion:
                                "declare it as a computed static var: static var \(name): UTType { "
                                + "UTType(importedAs: …) }",
                            typeName: nil))
                }
            }
        }
        return findings
    }
}
