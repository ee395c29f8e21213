import Foundation

/// Answers about declared content types as Apple's `uttype` tool gives them, on every platform.
///
/// It asks only `UTType`'s own API, so on Apple systems it answers from LaunchServices and here
/// from ``UTTypeRegistry`` (the system table plus loaded Info.plist declarations).
public enum UTTypeLookup {
    /// The declared types with `tag` in `tagClass`, preferred first; empty when only a dynamic type stands for it.
    public static func declaredTypes(tag: String, tagClass: UTTagClass) -> [UTType] {
        UTType.types(tag: tag, tagClass: tagClass, conformingTo: nil).filter(\.isDeclared)
    }

    /// The direct parents: the supertypes that no other supertype already conforms to, sorted by identifier.
    ///
    /// `UTType` exposes only the transitive `supertypes`, on Apple systems too; this transitive
    /// reduction equals the declared parents unless a declaration lists a redundant parent.
    public static func parents(of type: UTType) -> [UTType] {
        let supertypes = type.supertypes
        return supertypes.filter { candidate in
            !supertypes.contains { other in other != candidate && other.supertypes.contains(candidate) }
        }.sorted { $0.identifier < $1.identifier }
    }

    /// Every chain from `type` up to a type with no parents, each as identifiers joined by arrows.
    ///
    /// A chain stops after 32 types, so a declaration cycle cannot make it endless.
    public static func chains(of type: UTType) -> [String] {
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

    /// Whether and how `type` is declared: system, exported or imported by an Info.plist, dynamic, or not declared.
    public static func origin(of type: UTType) -> String {
        if type.isDynamic { return "dynamic (no declaration; the identifier encodes its tag)" }
        #if !canImport(Darwin)
        if let loaded = UTTypeRegistry.shared.loadedDeclaration(for: type.identifier) {
            let kind = loaded.kind == .exported ? "exported" : "imported"
            return "\(kind) (declared by an Info.plist)"
        }
        #endif
        return type.isDeclared ? "system" : "not declared"
    }

    /// Everything known about `type`, one `name: value` line each: identifier, declaration, description,
    /// conformance chains, filename extensions and MIME types.
    public static func describe(_ type: UTType) -> String {
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
