/// A node of an explained comparison: where two things differ, how, and why when a cause can be named.
///
/// Differences form a tree — package › member › key path, line or byte offset › expected vs actual —
/// so a report can show the whole path to each change. The verifier, `docmigrate diff` and the batch
/// converter's verification step all produce this one type.
public struct Difference: Hashable, Sendable, Codable {
    /// What part of the comparison this node stands for.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A whole file, package or folder compared with another.
        case item
        /// A member of a package or folder.
        case member
        /// A byte-level comparison.
        case bytes
        /// A text comparison (lines and columns).
        case text
        /// A JSON value (key path).
        case json
        /// A codec's own semantic comparison of two snapshots.
        case snapshot
    }

    public var kind: Kind
    /// Where, in the conventions of DESIGN.md: `member pages/a.txt`, `$.items[2].title`,
    /// `line 3, column 7`, `byte 500 (0x1f4)`; empty for the root.
    public var location: String
    /// One sentence saying what differs.
    public var summary: String
    /// A stable code for a cause that could be named, such as `text.line-endings-only`; nil when none could.
    public var cause: String?
    /// A short rendering of the expected side at this place.
    public var expected: String?
    /// A short rendering of the actual side at this place.
    public var actual: String?
    /// Finer differences below this one.
    public var children: [Difference]
    /// The byte-level evidence (lengths, hashes, a hex window) of a byte difference; nil elsewhere.
    public var bytes: ByteEvidence?

    public init(
        kind: Kind, location: String, summary: String, cause: String? = nil,
        expected: String? = nil, actual: String? = nil, children: [Difference] = [], bytes: ByteEvidence? = nil
    ) {
        self.kind = kind
        self.location = location
        self.summary = summary
        self.cause = cause
        self.expected = expected
        self.actual = actual
        self.children = children
        self.bytes = bytes
    }
}
