/// A type that writes a document's snapshot to a file.
///
/// SwiftUI's `DocumentWriter`: the host calls `write(snapshot:to:previous:progress:)` off the main
/// actor, inside a coordinated write, to a destination URL it chooses (not the document's `fileURL`),
/// and moves the result into place only after the writer succeeded.
public protocol DocumentWriter<Snapshot> {
    /// The type representing the document's content to write.
    associatedtype Snapshot
    /// Where the writer writes to: always a file URL.
    associatedtype Destination = URL where Destination == URL

    /// Writes `snapshot` to `destination`.
    ///
    /// `previous` is the last successfully written snapshot, or nil on the first save; compare it
    /// with `snapshot` to write only what changed in a package. Consume `progress` once with
    /// `start(totalCount:)`.
    @concurrent func write(
        snapshot: sending Snapshot, to destination: sending Destination, previous: sending Snapshot?,
        progress: consuming Subprogress
    ) async throws
}
