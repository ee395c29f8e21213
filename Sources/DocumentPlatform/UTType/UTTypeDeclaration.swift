// The portable UTType family compiles only where the system lacks it: on Apple systems the system
// reads Info.plist declarations itself, and nothing here is compiled.
#if !canImport(Darwin)

import Foundation

/// One entry of an Info.plist's `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations`.
///
/// Register declarations with ``UTTypeRegistry`` so that `UTType` resolves the types they declare.
public struct UTTypeDeclaration: Hashable, Sendable {
    /// Whether the app owns the type (exported) or uses a type someone else owns (imported).
    public enum Kind: String, Hashable, Sendable {
        /// From `UTExportedTypeDeclarations`: the app owns the type; wins over imported declarations.
        case exported
        /// From `UTImportedTypeDeclarations`: another party owns the type.
        case imported
    }

    /// Which list the declaration comes from.
    public var kind: Kind
    /// `UTTypeIdentifier`: the declared identifier.
    public var identifier: String
    /// `UTTypeConformsTo`: the identifiers of the direct parents, in declared order.
    public var conformsTo: [String]
    /// `UTTypeTagSpecification`, standard tag classes only, each list in declared order.
    public var tags: [UTTagClass: [String]]
    /// `UTTypeDescription`: a description of the type for people.
    public var typeDescription: String?
    /// `UTTypeReferenceURL`: a web page that documents the type.
    public var referenceURL: URL?

    /// A declaration made in code; tags of nonstandard classes are dropped, as `UTType.tags` drops them.
    public init(
        kind: Kind, identifier: String, conformsTo: [String] = [], tags: [UTTagClass: [String]] = [:],
        typeDescription: String? = nil, referenceURL: URL? = nil
    ) {
        self.kind = kind
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.tags = tags.filter { $0.key.isStandard && !$0.value.isEmpty }
        self.typeDescription = typeDescription
        self.referenceURL = referenceURL
    }

    /// The declaration a loaded record came from; nil for system, dynamic and undeclared records.
    init?(record: UTType.Record) {
        let kind: Kind
        switch record.origin {
        case .exported: kind = .exported
        case .imported: kind = .imported
        case .system, .dynamic, .undeclared: return nil
        }
        self.init(
            kind: kind, identifier: record.identifier, conformsTo: record.parentIdentifiers, tags: record.tags,
            typeDescription: record.typeDescription, referenceURL: record.referenceURL
        )
    }

    /// The record that `UTType` answers from.
    var record: UTType.Record {
        UTType.Record(
            identifier: identifier, parentIdentifiers: conformsTo, tags: tags, typeDescription: typeDescription,
            referenceURL: referenceURL, origin: kind == .exported ? .exported : .imported
        )
    }
}

#endif
