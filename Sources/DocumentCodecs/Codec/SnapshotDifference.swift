import DocumentModels

/// One place where two snapshots differ in meaning, as a codec explains it.
///
/// The verifier prints these under a case that failed a semantic comparison, so `path` says where
/// (a key path such as `pages[3].title`, a member such as `pages/1A….txt`, or a line and column)
/// and `expected`/`actual` show short renderings of the two sides.
public struct SnapshotDifference: Hashable, Sendable, CustomStringConvertible {
    /// Where the snapshots differ; empty for the snapshot as a whole.
    public var path: String
    /// A short rendering of the expected side, if it has one there.
    public var expected: String?
    /// A short rendering of the actual side, if it has one there.
    public var actual: String?
    /// One sentence saying how they differ.
    public var summary: String

    public init(path: String, expected: String? = nil, actual: String? = nil, summary: String) {
        self.path = path
        self.expected = expected
        self.actual = actual
        self.summary = summary
    }

    public var description: String {
        var text = path.isEmpty ? summary : "\(path): \(summary)"
        if let expected { text += "; expected \(expected)" }
        if let actual { text += "; actual \(actual)" }
        return text
    }
}
