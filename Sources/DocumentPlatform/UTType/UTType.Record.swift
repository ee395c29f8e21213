// The portable UTType family compiles only where the system lacks it: on Apple systems
// UniformTypeIdentifiers provides UTType, and a second one would make user code ambiguous.
#if !canImport(Darwin)

import Foundation

extension UTType {
    /// Everything known about one type identifier: its parents, tags, and where it came from.
    ///
    /// A `UTType` value carries the record it was created with, but asks the registry first, so a
    /// type created before its declaration was loaded still resolves to the declaration afterwards.
    struct Record: Hashable, Sendable {
        /// Where a record came from, which decides `isDeclared`, `isDynamic` and precedence.
        enum Origin: Hashable, Sendable {
            /// The built-in table of system-declared types.
            case system
            /// An `UTExportedTypeDeclarations` entry: a type the app owns.
            case exported
            /// An `UTImportedTypeDeclarations` entry: a type another party owns.
            case imported
            /// A `dyn.` identifier: no declaration, only the tags and parent encoded in it.
            case dynamic
            /// An identifier nobody declared, kept by `init(exportedAs:)`, `init(importedAs:)` or decoding.
            case undeclared
        }

        /// The identifier in the casing it was declared (or given) with.
        var identifier: String
        /// The identifiers of the direct parents, in declaration order.
        var parentIdentifiers: [String]
        /// Tags of the standard classes only, each list in declaration order (the first is preferred).
        var tags: [UTTagClass: [String]]
        /// The English description when known; nil when unknown to us (never invented).
        var typeDescription: String?
        /// The web page documenting the type, from `UTTypeReferenceURL`.
        var referenceURL: URL?
        /// Where the record came from.
        var origin: Origin

        /// The case-folded identifier that equality, hashing and every index use.
        var key: String { UTType.key(for: identifier) }

        /// Whether a declaration stands behind the record (system, exported or imported).
        var isDeclared: Bool {
            switch origin {
            case .system, .exported, .imported: true
            case .dynamic, .undeclared: false
            }
        }
    }

    /// The case-folded form of an identifier; identifiers compare case-insensitively, like `UTTypeEqual`.
    static func key(for identifier: String) -> String {
        identifier.lowercased()
    }
}

#endif
