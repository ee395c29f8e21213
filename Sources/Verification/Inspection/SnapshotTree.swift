import Foundation

/// A codec's snapshot as a stable, readable tree: what `docmigrate inspect` prints.
///
/// Unlike `dump` or `plutil -p`, the tree never holds a memory address and its order never depends on
/// hashing: fields keep their declaration order, dictionary entries and set elements are sorted byte-wise
/// by their one-line rendering, classes appear as their stored properties (a reference back to an object
/// already being shown becomes ``cycle(typeName:)``), and bytes appear as their count, SHA-256 and first
/// bytes. Build one from any value with ``init(reflecting:depthLimit:)``; a snapshot type that wants
/// another shape adopts ``InspectableSnapshot``. ``text()`` renders it for people, and its `Codable` form is
/// the `snapshot` of the `docmigrate.inspect` JSON schema (Documentation/json-schemas.md).
public indirect enum SnapshotTree: Hashable, Sendable {
    /// Text (a `String`, `Substring`, `Character` or `Unicode.Scalar`; a `UTType` by its identifier).
    case string(String)
    /// A number in its exact Swift spelling (`42`, `-0.5`, `1e-05`, `inf`), kept as text so nothing is rounded.
    case number(String)
    /// A Boolean.
    case bool(Bool)
    /// An absent optional, or `NSNull`.
    case null
    /// Bytes, summarised.
    case data(DataSummary)
    /// A point in time.
    case date(Date)
    /// A UUID.
    case uuid(UUID)
    /// A URL, by its absolute string.
    case url(String)
    /// An ordered collection, elements in their order.
    case array([SnapshotTree])
    /// An unordered collection, elements sorted by their one-line rendering (see ``set(sorting:)``).
    case set([SnapshotTree])
    /// A dictionary, entries sorted by their key's one-line rendering (see ``dictionary(sorting:)``).
    case dictionary([Entry])
    /// A struct, class or tuple: its stored properties in declaration order (a class's superclass ones first).
    case object(typeName: String, fields: [Field])
    /// An enum case with its associated values (none for a case without them).
    case enumeration(typeName: String, caseName: String, fields: [Field])
    /// A pointer or other value whose only content is an address, which the tree never shows.
    case opaque(typeName: String)
    /// A reference to an object that is already being shown higher up the tree.
    case cycle(typeName: String)
    /// A value deeper than the depth limit, not shown.
    case truncated(typeName: String)

    /// One named stored property or associated value.
    public struct Field: Hashable, Sendable, Codable {
        /// The property's name; positional values are named `0`, `1`, ….
        public var name: String
        /// Its value.
        public var value: SnapshotTree

        public init(_ name: String, _ value: SnapshotTree) {
            self.name = name
            self.value = value
        }
    }

    /// One entry of a dictionary; keys are trees too, because a dictionary's keys need not be strings.
    public struct Entry: Hashable, Sendable, Codable {
        /// The key.
        public var key: SnapshotTree
        /// The value.
        public var value: SnapshotTree

        public init(key: SnapshotTree, value: SnapshotTree) {
            self.key = key
            self.value = value
        }
    }

    /// Bytes as a reader can check them without seeing them all: their count, SHA-256 and first bytes.
    public struct DataSummary: Hashable, Sendable {
        /// How many bytes shown in ``prefix`` at most.
        public static let prefixByteCount = 16

        /// The number of bytes.
        public var byteCount: Int
        /// The SHA-256 digest of all the bytes, as 64 lowercase hex digits.
        public var sha256: String
        /// The first bytes (up to ``prefixByteCount``) as lowercase hex without separators.
        public var prefix: String

        /// Summarises `data`.
        public init(_ data: Data) {
            byteCount = data.count
            sha256 = SHA256.hash(data).hexString
            prefix = data.prefix(Self.prefixByteCount).map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
        }

        /// A summary from its parts, as read back from JSON.
        public init(byteCount: Int, sha256: String, prefix: String) {
            self.byteCount = byteCount
            self.sha256 = sha256
            self.prefix = prefix
        }
    }

    /// A set whose elements are put in the tree's order: byte-wise by their one-line rendering.
    public static func set(sorting elements: [SnapshotTree]) -> SnapshotTree {
        .set(sortedByRendering(elements, key: { $0 }))
    }

    /// A dictionary whose entries are put in the tree's order: byte-wise by the one-line rendering of their
    /// keys, then of their values (two keys may render alike, such as two objects of one class).
    public static func dictionary(sorting entries: [Entry]) -> SnapshotTree {
        let byValue = sortedByRendering(entries, key: \.value)
        return .dictionary(sortedByRendering(byValue, key: \.key))
    }

    /// `elements` sorted byte-wise by the compact rendering of `key(element)`, stably.
    private static func sortedByRendering<Element>(_ elements: [Element], key: (Element) -> SnapshotTree) -> [Element] {
        let keyed = elements.enumerated().map { (rendering: Array(key($1).compactText().utf8), index: $0, element: $1) }
        return keyed.sorted { left, right in
            if left.rendering != right.rendering { return left.rendering.lexicographicallyPrecedes(right.rendering) }
            return left.index < right.index
        }.map(\.element)
    }
}
