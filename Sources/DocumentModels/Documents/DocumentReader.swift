/// A type that reads a document's content from a file into a snapshot.
///
/// SwiftUI's `DocumentReader`: the host calls `read(from:progress:)` off the main actor, inside a
/// coordinated read, and delivers the snapshot to `apply(snapshot:previous:)` on the main actor.
/// The source is always a file URL.
public protocol DocumentReader<Snapshot> {
    /// The type representing the document's content after reading.
    associatedtype Snapshot
    /// Where the reader reads from: always a file URL.
    associatedtype Source = URL where Source == URL

    /// Reads the document's content from `source`; throws on contents it cannot read.
    ///
    /// Consume `progress` once with `start(totalCount:)` and complete units as they finish.
    @concurrent func read(from source: sending Source, progress: consuming Subprogress) async throws -> sending Snapshot
}
