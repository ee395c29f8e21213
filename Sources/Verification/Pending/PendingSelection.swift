import Comparison
import Foundation

/// The pending items of some corpora that match some globs, in byte-wise path order, each with the area holding it.
///
/// This is what `review`, `accept` and `reject` act on. A glob matches an item's `corpus/golden` path
/// or its golden's path inside the corpus; no globs select every item. A glob that matches no pending
/// item is kept in ``unmatchedPatterns``, so a tool can say so instead of silently doing nothing.
public struct PendingSelection: Sendable {
    /// One pending item and the area that holds it.
    public struct Item: Sendable {
        /// The pending area of the item's corpus.
        public var area: PendingArea
        /// The item's sidecar entry.
        public var entry: PendingEntry

        /// Accepts the item (it replaces its golden) or rejects it (it is discarded); see ``PendingArea``.
        public func apply(_ decision: PendingDecision) throws {
            switch decision {
            case .accept: try area.accept(entry)
            case .reject: try area.reject(entry)
            }
        }
    }

    /// The selected items, in byte-wise order of their `corpus/golden` path.
    public var items: [Item]
    /// The patterns, in the order given, that match no pending item.
    public var unmatchedPatterns: [String]

    /// Selects the pending items of the corpora under `corpusPaths` (corpus folders or folders of corpora).
    ///
    /// - Throws: a `ComparisonError` for a pattern that is not a glob, the corpus search's error for a path
    ///   that holds no corpus, a ``VerificationError`` for an unreadable pending entry.
    public init(corpusPaths: [String], patterns: [String] = []) throws {
        let globs = try patterns.map { try Glob($0) }
        var items: [Item] = []
        for path in corpusPaths {
            for folder in try GoldenCorpus.folders(at: URL(fileURLWithPath: path)) {
                let area = PendingArea(corpusFolder: folder)
                items += try area.entries().map { Item(area: area, entry: $0) }
            }
        }
        items.sort { $0.entry.path.utf8.lexicographicallyPrecedes($1.entry.path.utf8) }
        func matches(_ glob: Glob, _ entry: PendingEntry) -> Bool {
            glob.matches(entry.path) || glob.matches(entry.golden)
        }
        unmatchedPatterns = zip(patterns, globs).filter { _, glob in
            !items.contains { matches(glob, $0.entry) }
        }.map(\.0)
        self.items = globs.isEmpty ? items : items.filter { item in globs.contains { matches($0, item.entry) } }
    }

    /// Applies `decision` to every item in order, calling `applied` after each; stops at the first that fails.
    public func apply(_ decision: PendingDecision, applied: (Item) -> Void = { _ in }) throws {
        for item in items {
            try item.apply(decision)
            applied(item)
        }
    }
}
