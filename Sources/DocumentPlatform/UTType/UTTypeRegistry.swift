// The portable UTType family compiles only where the system lacks it: on Apple systems the system's
// own database (LaunchServices) reads every app's declarations, so this registry has nothing to do.
#if !canImport(Darwin)

import Foundation
import Synchronization

/// The declared types that `UTType` resolves against: the system table plus loaded Info.plist declarations.
///
/// On Apple systems the operating system reads an app's `UTExportedTypeDeclarations` and
/// `UTImportedTypeDeclarations`; here nothing does, so an app (or `DocumentHost`) loads its Info.plist
/// once at start-up and its custom types then resolve by identifier, extension and MIME type.
///
/// Precedence when two declarations name the same identifier or share a tag: the system table wins
/// (an app cannot redefine a system type), then exported declarations, then imported ones — Apple's
/// rule that the owner's exported declaration wins over anyone's imported one. A later declaration of
/// the same identifier and kind replaces the earlier one. Declarations are never removed.
public final class UTTypeRegistry: Sendable {
    /// The one registry every `UTType` consults.
    public static let shared = UTTypeRegistry()

    /// The built-in system types, which need no lock because they never change.
    static let systemTable = Snapshot(records: UTType.systemRecords)

    /// What loading has added, and the snapshot queries read.
    private struct State: Sendable {
        var exported: [UTType.Record] = []
        var imported: [UTType.Record] = []
        var snapshot = UTTypeRegistry.systemTable
        /// How many times the declarations changed, so that answers derived from them can be kept until they do.
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())

    private init() {}

    /// The current declarations, copied out under the lock so that queries never hold it.
    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// The number of changes to the declarations so far; an answer computed from a snapshot stays right while it is
    /// unchanged.
    var generation: UInt64 { state.withLock { $0.generation } }

    // MARK: Loading declarations

    /// Loads the type declarations of an Info.plist file; all of them or, on a bad one, none.
    ///
    /// - Returns: The declarations loaded, exported ones first, each list in file order.
    /// - Throws: ``UTTypeDeclarationError`` naming the file and the key path of the bad value.
    @discardableResult
    public func loadDeclarations(fromInfoPlistAt url: URL) throws(UTTypeDeclarationError) -> [UTTypeDeclaration] {
        let declarations = try UTTypeDeclaration.declarations(fromInfoPlistAt: url)
        register(declarations)
        return declarations
    }

    /// Loads the type declarations of Info.plist contents; `file` names them in errors.
    @discardableResult
    public func loadDeclarations(
        fromInfoPlist data: Data, file: String? = nil
    ) throws(UTTypeDeclarationError) -> [UTTypeDeclaration] {
        let declarations = try UTTypeDeclaration.declarations(fromInfoPlist: data, file: file)
        register(declarations)
        return declarations
    }

    /// Adds declarations made in code, with the same precedence rules as loaded ones.
    ///
    /// Each identifier must be valid and outside the reserved `dyn.` domain (a precondition: the
    /// Info.plist loaders check this and throw instead).
    public func register(_ declarations: [UTTypeDeclaration]) {
        for declaration in declarations {
            precondition(
                UTType.isValidIdentifier(declaration.identifier)
                    && !UTType.key(for: declaration.identifier).hasPrefix("dyn."),
                "\"\(declaration.identifier)\" cannot be declared: not a type identifier, or a dyn. one"
            )
        }
        guard !declarations.isEmpty else { return }
        state.withLock { state in
            for declaration in declarations {
                let record = declaration.record
                switch declaration.kind {
                case .exported:
                    state.exported.removeAll { $0.key == record.key }
                    state.exported.append(record)
                case .imported:
                    state.imported.removeAll { $0.key == record.key }
                    state.imported.append(record)
                }
            }
            state.snapshot = Snapshot(records: UTType.systemRecords + state.exported + state.imported)
            state.generation += 1
        }
    }

    /// The loaded declaration in effect for an identifier (case-insensitive); nil for system types and unknowns.
    public func loadedDeclaration(for identifier: String) -> UTTypeDeclaration? {
        snapshot.record(forKey: UTType.key(for: identifier)).flatMap(UTTypeDeclaration.init(record:))
    }
}

extension UTTypeRegistry {
    /// An immutable view of the declarations in effect, with tag indexes, safe to query without a lock.
    struct Snapshot: Sendable {
        /// The record in effect per case-folded identifier.
        private var recordsByKey: [String: UTType.Record] = [:]
        /// Case-folded identifiers per tag class and case-folded tag, in precedence order.
        private var keysByTag: [UTTagClass: [String: [String]]] = [:]

        /// Indexes records given in precedence order; the first record of an identifier wins.
        init(records: [UTType.Record]) {
            for record in records where recordsByKey[record.key] == nil {
                recordsByKey[record.key] = record
                for (tagClass, tags) in record.tags {
                    for tag in tags {
                        keysByTag[tagClass, default: [:]][UTType.key(for: tag), default: []].append(record.key)
                    }
                }
            }
        }

        /// The record in effect for a case-folded identifier.
        func record(forKey key: String) -> UTType.Record? {
            recordsByKey[key]
        }

        /// The records carrying a tag of a class, compared case-insensitively, in precedence order.
        func records(withTag tag: String, tagClass: UTTagClass) -> [UTType.Record] {
            var seen: Set<String> = []
            return (keysByTag[tagClass]?[UTType.key(for: tag)] ?? []).compactMap { key in
                seen.insert(key).inserted ? recordsByKey[key] : nil
            }
        }

        /// Every ancestor of a record, breadth first, each once; cycles in declarations end the walk.
        ///
        /// A parent nobody declared appears as an undeclared record without parents.
        func ancestors(of record: UTType.Record) -> [UTType.Record] {
            var visited: Set<String> = [record.key]
            var ancestors: [UTType.Record] = []
            var queue = record.parentIdentifiers
            var index = 0
            while index < queue.count {
                let identifier = queue[index]
                index += 1
                let key = UTType.key(for: identifier)
                guard visited.insert(key).inserted else { continue }
                let parent =
                    recordsByKey[key] ?? DynamicTypeIdentifier.record(for: identifier)
                    ?? UTType.Record(identifier: identifier, parentIdentifiers: [], tags: [:], origin: .undeclared)
                ancestors.append(parent)
                queue.append(contentsOf: parent.parentIdentifiers)
            }
            return ancestors
        }
    }
}

#endif
