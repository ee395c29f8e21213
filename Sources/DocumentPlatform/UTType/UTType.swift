// The portable UTType family compiles only where the system lacks it: on Apple systems
// UniformTypeIdentifiers provides UTType, and a second one would make user code ambiguous.
#if !canImport(Darwin)

import Foundation

/// A type of data, named by a uniform type identifier, with Apple's names, signatures and behaviour.
///
/// Identity is the identifier compared case-insensitively, as Apple's `UTTypeEqual` and
/// `-[UTType isEqual:]` do. Declared types come from the built-in system table and from Info.plist
/// declarations loaded into ``UTTypeRegistry``; types nobody declared get `dyn.` identifiers.
///
/// A value keeps the record it was created with, but asks the registry first on every query, so
/// `static let myFormat = UTType(exportedAs: …)` evaluated before the app's Info.plist was loaded
/// still answers with the loaded declaration afterwards.
public struct UTType: Sendable {
    /// The record the value was created with; the registry's current one takes precedence.
    let creationRecord: Record

    /// A type for a known record.
    init(record: Record) {
        creationRecord = record
    }

    /// The record to answer from: the registry's declaration if there is one now, else the creation record.
    var record: Record {
        UTTypeRegistry.shared.snapshot.record(forKey: creationRecord.key) ?? creationRecord
    }

    /// The case-folded identifier that decides equality and hashing.
    var key: String { creationRecord.key }

    // MARK: Creating a type

    /// Creates the declared type with this identifier; nil when no declaration is known.
    ///
    /// Case-insensitive: `UTType("PUBLIC.TEXT")` is `.text`, and reports the declared spelling as
    /// its identifier. A `dyn.` identifier yields the dynamic type decoded from it (tags and parent),
    /// or nil when it does not decode — whether Apple accepts undecodable `dyn.` strings is unconfirmed.
    public init?(_ identifier: String) {
        if let record = UTTypeRegistry.shared.snapshot.record(forKey: UTType.key(for: identifier)) {
            self.init(record: record)
        } else if let record = DynamicTypeIdentifier.record(for: identifier) {
            self.init(record: record)
        } else {
            return nil
        }
    }

    /// Creates a type for any syntactically valid identifier, declared or not (iOS 27's addition).
    ///
    /// With `allowUndeclared` false this is `init?(_:)`. With it true, an undeclared identifier is kept
    /// (neither declared nor dynamic, conforming to nothing but itself), and nil is returned only for
    /// strings that are not identifiers at all (see ``isValidIdentifier(_:)``).
    public init?(identifier: String, allowUndeclared: Bool) {
        if let known = UTType(identifier) {
            self = known
        } else if allowUndeclared, UTType.isValidIdentifier(identifier) {
            self.init(record: Record(identifier: identifier, parentIdentifiers: [], tags: [:], origin: .undeclared))
        } else {
            return nil
        }
    }

    /// Creates a type the app owns; its declaration belongs in the app's `UTExportedTypeDeclarations`.
    ///
    /// When the identifier is declared (system table or a loaded Info.plist), that declaration is the
    /// answer and `parentType` is ignored. Apple calls the undeclared case undefined; here it yields a
    /// type with this identifier that conforms to `parentType` (when given), with no tags, for which
    /// `isDeclared` and `isDynamic` are both false — so code keeps working before the plist is loaded.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(declaredOrAssumed: identifier, parentType: parentType)
    }

    /// Creates a type another party owns; its declaration belongs in `UTImportedTypeDeclarations`.
    ///
    /// Behaves as ``init(exportedAs:conformingTo:)``. Apple may substitute another type that is
    /// preferred for the imported type's preferred extension (so Apple advises a computed property,
    /// not a cached one); we never substitute, because nothing here can be installed later.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(declaredOrAssumed: identifier, parentType: parentType)
    }

    /// The declared type, else an undeclared one with the given parent.
    private init(declaredOrAssumed identifier: String, parentType: UTType?) {
        if let known = UTType(identifier) {
            self = known
        } else {
            self.init(
                record: Record(
                    identifier: identifier, parentIdentifiers: parentType.map { [$0.identifier] } ?? [],
                    tags: [:], origin: .undeclared
                ))
        }
    }

    // MARK: Identity and declaration

    /// The type's identifier, such as `public.plain-text`, in its declared spelling.
    public var identifier: String { record.identifier }

    /// Whether a declaration stands behind the type (system or a loaded Info.plist).
    ///
    /// Never true together with ``isDynamic``; both are false for an undeclared identifier kept by
    /// ``init(exportedAs:conformingTo:)`` or ``init(identifier:allowUndeclared:)``.
    public var isDeclared: Bool { record.isDeclared }

    /// Whether the type is a dynamic one (`dyn.`), made up for a tag nobody declared.
    public var isDynamic: Bool { record.origin == .dynamic }

    /// Whether the identifier is in the reserved `public.` domain.
    public var isPublic: Bool { key.hasPrefix("public.") }

    /// The English description of the type, searching its supertypes when it has none itself.
    ///
    /// Apple localizes this string; we give the English `UTTypeDescription` where we know it (from the
    /// macOS dump, or from a loaded declaration) and nil otherwise — also when the search reaches a
    /// system type whose description we do not know, rather than guessing from a more general one.
    /// A dynamic type has none, even if its supertypes do, as Apple documents.
    public var localizedDescription: String? {
        let snapshot = UTTypeRegistry.shared.snapshot
        let own = snapshot.record(forKey: key) ?? creationRecord
        if own.origin == .dynamic { return nil }
        if let description = own.typeDescription { return description }
        if own.origin == .system { return nil }
        for ancestor in snapshot.ancestors(of: own) {
            if let description = ancestor.typeDescription { return description }
            if ancestor.origin == .system { return nil }
        }
        return nil
    }

    /// The web page describing the type, from its declaration's `UTTypeReferenceURL`; nil for system types.
    public var referenceURL: URL? { record.referenceURL }

    /// Whether `identifier` is a syntactically valid type identifier.
    ///
    /// Apple allows ASCII letters, digits, `-` and `.`, and every character above U+007F. An empty
    /// string is not an identifier.
    public static func isValidIdentifier(_ identifier: String) -> Bool {
        !identifier.isEmpty
            && identifier.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x7F || scalar == "-" || scalar == "."
                    || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            }
    }
}

extension UTType: Hashable {
    /// Types are equal when their identifiers are equal ignoring case.
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        lhs.key == rhs.key
    }

    /// Hashes the case-folded identifier, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    /// The identifier, as Apple's `description` gives it.
    public var description: String { identifier }

    /// The identifier and what stands behind it; Apple's exact debug text is unconfirmed.
    public var debugDescription: String {
        let origin: String =
            switch record.origin {
            case .system: "system"
            case .exported: "exported"
            case .imported: "imported"
            case .dynamic: "dynamic"
            case .undeclared: "undeclared"
            }
        return "\(identifier) (\(origin))"
    }
}

extension UTType: Codable {
    /// Decodes a type from its identifier string, as Apple's UTType encodes itself.
    ///
    /// An identifier nobody declared is kept (see ``init(identifier:allowUndeclared:)``) rather than
    /// rejected, so that documents naming a type whose declaration is not loaded still round-trip;
    /// a string that is not an identifier at all is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard let type = UTType(identifier: identifier, allowUndeclared: true) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(identifier)\" is not a uniform type identifier"
            )
        }
        self = type
    }

    /// Encodes the type as its identifier string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

#endif
