import DocumentCodecs

/// An `NSKeyedArchiver` archive decoded into a plain tree: the archiver's name and the named roots of `$top`.
///
/// `KeyedArchive(propertyList:)` validates the archive's structure and resolves every UID;
/// `propertyList()` lays a tree out again the way `NSKeyedArchiver` does. Both are depth-capped.
///
/// Decisions, so that nothing is lost and nothing loops:
/// - `$top` may hold any number of named roots (`encodeObject(_:forKey:)` on the archiver with keys
///   other than `root`); they are kept in order, like an object's fields.
/// - `$archiver` may be `NSKeyedArchiver` or `NRKeyedArchiver` (an identical layout that older readers
///   such as ccl_bplist accept); the name is kept and written back.
/// - An object that several places refer to is decoded once; later places hold `.reference(n)`.
///   A cycle is kept as a reference when it passes through an object of an app's own class (a page's
///   weak `parent`), since `NSKeyedUnarchiver` rebuilds such cycles. A cycle back into a Foundation
///   value (an `NSArray` that contains itself, a URL that is its own base) cannot be rebuilt by
///   `init(coder:)`, which decodes the contents before the object exists: it is `keyed-archive.cycle`.
/// - An object of `$objects` that nothing refers to would be lost by a tree: `keyed-archive.unreachable-object`.
/// - A Foundation class is decoded by kind only when its fields are exactly the ones Foundation writes;
///   otherwise it becomes a generic `.object` with all its fields, so nothing is dropped.
/// - An object's fields come in the order the archiver met their objects (recovered from the UIDs,
///   since XML sorts keys and binary keeps hash order), then the fields that meet nothing new, in the
///   archive's key order; so a tree encoded and decoded again keeps its order, and an archive from
///   `NSKeyedArchiver` is laid out again with the same UIDs.
///
/// Error codes (all `CodecError`, located by a key path into the archive such as `$objects[12].NS.keys[3]`):
/// `keyed-archive.not-an-archive` (the top level is not a dictionary), `.unexpected-key` (a top-level
/// key other than the four), `.bad-archiver`, `.bad-version` (not 100000), `.missing-top`,
/// `.malformed-top`, `.missing-objects`, `.not-null-at-zero`, `.dangling-uid` (a UID past `$objects`),
/// `.bad-class-reference` (`$class` missing its class dictionary, or a malformed one),
/// `.malformed-object` (an entry of `$objects` or a field of a Foundation class that no archiver writes),
/// `.cycle`, `.unreachable-object`, `.too-deep` (nesting past `maximumDepth`), and, when encoding a
/// tree, `.dangling-reference` (a `.reference(n)` to no earlier object).
public struct KeyedArchive: Sendable, Hashable {
    /// The archiver named in `$archiver`, usually `NSKeyedArchiver`.
    public var archiver: String
    /// The named roots of `$top`, in order; `NSKeyedArchiver.archivedData(withRootObject:)` writes one, `root`.
    public var top: [KeyedArchiveField]

    /// The `$version` every archive has.
    public static let version: Int128 = 100000
    /// The archiver names accepted in `$archiver`.
    public static let archiverNames: Set<String> = ["NSKeyedArchiver", "NRKeyedArchiver"]
    /// The nesting depth a tree may reach before decoding or encoding stops with `keyed-archive.too-deep`.
    public static let defaultMaximumDepth = 512

    /// An archive of `top`'s named roots, written by `archiver`.
    public init(archiver: String = "NSKeyedArchiver", top: [KeyedArchiveField]) {
        self.archiver = archiver
        self.top = top
    }

    /// An archive with one root object, as `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)` writes
    /// it.
    public init(root: KeyedArchiveValue) {
        self.init(top: [KeyedArchiveField(key: "root", value: .object(root))])
    }

    /// The object under `$top.root`, if there is one and it is stored by reference.
    public var root: KeyedArchiveValue? {
        guard let field = top.first(where: { $0.key == "root" }), case .object(let value) = field.value else {
            return nil
        }
        return value
    }

    /// Decodes an archive from its property list; throws a `CodecError` naming the key path of any defect.
    public init(propertyList: PropertyListValue, maximumDepth: Int = KeyedArchive.defaultMaximumDepth) throws {
        var decoder = try KeyedArchiveDecoder(propertyList: propertyList, maximumDepth: maximumDepth)
        self = try decoder.decode()
    }

    /// Lays the archive out as `NSKeyedArchiver` does: `$null` first, objects numbered in the order they
    /// are encoded (pre-order), each class dictionary written once after the first object of its class,
    /// equal inline strings, numbers and data stored once.
    public func propertyList(maximumDepth: Int = KeyedArchive.defaultMaximumDepth) throws -> PropertyListValue {
        var encoder = KeyedArchiveEncoder(maximumDepth: maximumDepth)
        return try encoder.encode(self)
    }
}
