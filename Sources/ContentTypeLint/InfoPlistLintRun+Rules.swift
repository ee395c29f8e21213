import DocumentCodecs
import Formats

extension InfoPlistLintRun {
    // MARK: Declarations

    mutating func checkDeclarations() {
        var seen: [String: Declaration] = [:]
        for declaration in declarations {
            let identifier = declaration.identifier
            if let first = seen[declaration.key] {
                report(
                    .duplicateDeclaration, at: identifier.path,
                    "\(identifier.value) is already declared at \(place(of: first.identifier.path)) (\(first.listKey))",
                    fix: "keep one declaration of \(identifier.value): its owner exports it, every other app imports it"
                )
            } else {
                seen[declaration.key] = declaration
            }
            checkIdentifier(of: declaration)
            checkParents(of: declaration)
            checkExtensions(of: declaration)
            checkConformances(of: declaration)
        }
    }

    private mutating func checkIdentifier(of declaration: Declaration) {
        let identifier = declaration.identifier
        if identifier.value.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) {
            report(
                .uppercaseIdentifier, at: identifier.path,
                "the identifier \(identifier.value) has uppercase letters; type identifiers are lowercase "
                    + "reverse-DNS names",
                fix: "write \(identifier.value.lowercased()), here and wherever the code names the type")
        }
        guard declaration.kind == .exported,
            let reserved = Self.reservedPrefixes.first(where: { declaration.key.hasPrefix($0.prefix) })
        else { return }
        let ownName = "com.yourcompany." + declaration.key.dropFirst(reserved.prefix.count)
        report(
            .reservedPrefix, at: identifier.path,
            "\(identifier.value) is exported, but the \(reserved.prefix) domain \(reserved.reason)",
            fix:
                "export the type under a domain you own, such as \(ownName); if another party owns it, move it to "
                + "UTImportedTypeDeclarations"
        )
    }

    private mutating func checkParents(of declaration: Declaration) {
        for parent in declaration.parents where !isKnown(parent.value) {
            let fix =
                nearestKnownIdentifier(to: parent.value).map { "use \($0)" }
                ?? "name a system type such as public.data, or declare \(parent.value) in UTImportedTypeDeclarations"
            report(
                .unknownParent, at: parent.path,
                "\(declaration.identifier.value) conforms to \(parent.value), which is neither a system type nor "
                    + "declared in this file",
                fix: fix)
        }
    }

    private mutating func checkExtensions(of declaration: Declaration) {
        let identifier = declaration.identifier
        if declaration.extensions.isEmpty && !isAbstract(declaration) {
            report(
                .missingFilenameExtension, at: identifier.path,
                "\(identifier.value) has no public.filename-extension, so no file is recognised as this type by "
                    + "its name",
                fix: "add UTTypeTagSpecification with public.filename-extension set to the extension your files use")
        }
        guard declaration.kind == .exported else { return }
        for fileExtension in declaration.extensions {
            let length = fileExtension.value.drop { $0 == "." }.count
            guard length <= 3 else { continue }
            report(
                .shortExtension, at: fileExtension.path,
                "the extension '\(fileExtension.value)' has \(length) character\(length == 1 ? "" : "s"); short "
                    + "extensions often clash with another app's type",
                fix:
                    "prefer a longer, distinctive extension (keep this one as a second extension if files already "
                    + "use it)"
            )
        }
    }

    private mutating func checkConformances(of declaration: Declaration) {
        let identifier = declaration.identifier
        let anchor = declaration.conformsToPath ?? identifier.path
        let anchorIsKey = declaration.conformsToPath != nil
        if reach(from: identifier.value, to: Self.roots) == .misses {
            let message =
                declaration.parents.isEmpty
                ? "\(identifier.value) declares no UTTypeConformsTo, so it conforms to neither public.data nor "
                    + "com.apple.package"
                : "\(identifier.value) conforms to \(declaration.parents.map(\.value).joined(separator: ", ")), a "
                    + "chain that never reaches public.data or com.apple.package"
            report(
                .chainMissesRoot, at: anchor, atKey: anchorIsKey, message,
                fix:
                    "add public.data to UTTypeConformsTo for a single file, or com.apple.package for a folder shown "
                    + "as one item"
            )
        }
        if saysJSON(declaration), reach(from: identifier.value, to: ["public.json"]) == .misses {
            report(
                .jsonNotConforming, at: anchor, atKey: anchorIsKey,
                "\(identifier.value) is JSON by its extension or name, but does not conform to public.json",
                fix: "add public.json to UTTypeConformsTo, so that other apps and Quick Look treat the files as JSON")
        }
        if isDocument(identifier.value), reach(from: identifier.value, to: ["public.content"]) == .misses {
            report(
                .notPublicContent, at: anchor, atKey: anchorIsKey,
                "\(identifier.value) is a document type the app opens, but does not conform to public.content",
                fix:
                    "add public.content to UTTypeConformsTo (public.composite-content for a package that holds "
                    + "several kinds of content)"
            )
        }
    }

    /// Whether another declaration conforms to this one and no document type lists it: a base type, not a file type.
    private func isAbstract(_ declaration: Declaration) -> Bool {
        !isDocument(declaration.identifier.value)
            && declarations.contains { other in
                other.key != declaration.key && other.parents.contains { $0.value.lowercased() == declaration.key }
            }
    }

    /// Whether an extension, the identifier or the description says JSON.
    private func saysJSON(_ declaration: Declaration) -> Bool {
        declaration.extensions.contains { $0.value.lowercased().contains("json") }
            || declaration.key.contains("json")
            || declaration.typeDescription?.lowercased().contains("json") == true
    }

    // MARK: Document types

    mutating func checkDocumentTypes() {
        let written = Set(options.writes.map { $0.lowercased() })
        for documentType in documentTypes {
            let label =
                documentType.name.map { "the document type '\($0)'" } ?? "the document type at \(documentType.path)"
            for contentType in documentType.contentTypes where !isKnown(contentType.value) {
                let fix =
                    nearestKnownIdentifier(to: contentType.value).map { "use \($0), or declare \(contentType.value)" }
                    ?? "declare \(contentType.value) in UTExportedTypeDeclarations (your type) or "
                    + "UTImportedTypeDeclarations (another app's)"
                report(
                    .undeclaredContentType, at: contentType.path,
                    "\(contentType.value) is declared nowhere: not in this file's type declarations, and not a "
                        + "system type",
                    fix: fix)
            }
            let writtenTypes = documentType.contentTypes.map(\.value).filter { written.contains($0.lowercased()) }
            checkRole(of: documentType, label: label, writtenTypes: writtenTypes)
            checkRank(of: documentType, label: label)
        }
    }

    private mutating func checkRole(of documentType: DocumentType, label: String, writtenTypes: [String]) {
        guard let role = documentType.role else {
            let writes = writtenTypes.isEmpty ? "" : ", and the app writes \(writtenTypes.joined(separator: ", "))"
            report(
                .roleMissing, at: documentType.path, "\(label) has no CFBundleTypeRole\(writes)",
                fix: writtenTypes.isEmpty
                    ? "add CFBundleTypeRole: Editor if the app writes these documents, Viewer if it only reads them"
                    : "add CFBundleTypeRole with the value Editor")
            return
        }
        guard Self.roles.contains(role.value) else {
            report(
                .roleMissing, at: role.path, "'\(role.value)' is not a CFBundleTypeRole",
                fix: "use one of \(Self.roles.joined(separator: ", ")) (Editor for documents the app writes)")
            return
        }
        if role.value == "Viewer", !writtenTypes.isEmpty {
            report(
                .viewerRoleForWrittenType, at: role.path,
                "\(label) has the role Viewer, which only reads and presents documents, but the app writes "
                    + "\(writtenTypes.joined(separator: ", "))",
                fix: "set CFBundleTypeRole to Editor")
        }
    }

    private mutating func checkRank(of documentType: DocumentType, label: String) {
        guard let rank = documentType.rank else {
            report(
                .handlerRankMissing, at: documentType.path,
                "\(label) has no LSHandlerRank, so the system guesses which app opens these files",
                fix: "add LSHandlerRank: Owner for a type the app exports, Alternate for a type another app owns")
            return
        }
        guard Self.ranks.contains(rank.value) else {
            report(
                .handlerRankMissing, at: rank.path, "'\(rank.value)' is not an LSHandlerRank",
                fix: "use one of \(Self.ranks.joined(separator: ", ")) (Owner only for types the app exports)")
            return
        }
        guard rank.value == "Owner" else { return }
        let foreign = documentType.contentTypes.map(\.value).filter { isKnown($0) && !isExported($0) }
        guard !foreign.isEmpty else { return }
        let owners = foreign.map { identifier in
            firstDeclarationKind(of: identifier) == .imported
                ? "\(identifier) is imported" : "\(identifier) is a system type"
        }
        report(
            .ownerOfForeignType, at: rank.path,
            "\(label) claims the rank Owner, but \(owners.joined(separator: ", and ")): another party owns it",
            fix: "set LSHandlerRank to Alternate (or Default); Owner is for types the app exports")
    }

    private func firstDeclarationKind(of identifier: String) -> Declaration.Kind? {
        declarations.first { $0.key == identifier.lowercased() }?.kind
    }

    // MARK: Platform

    mutating func checkDocumentBrowser() {
        guard platform == .iOS, !documentTypes.isEmpty, Self.value("UISupportsDocumentBrowser", in: root) == nil else {
            return
        }
        report(
            .documentBrowserKeyMissing, at: PropertyListPath.root.appending(key: "CFBundleDocumentTypes"), atKey: true,
            "this iOS app declares document types but not UISupportsDocumentBrowser, the key that marks a "
                + "document-based app",
            fix:
                "add UISupportsDocumentBrowser with the value true: a DocumentGroup app opens its documents in the "
                + "document browser, "
                + "and App Store validation (ITMS-90737) wants it, or LSSupportsOpeningDocumentsInPlace, beside "
                + "CFBundleDocumentTypes"
        )
    }
}
