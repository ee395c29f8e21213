/// A document reader that turns the document's `FileWrapper` into a snapshot; the usual reader.
///
/// SwiftUI's `FileWrapperDocumentReader`: the closure gets no `Subprogress`. The wrapper loads its
/// contents lazily, so a member may be gone by the time the closure reads it; handle that error.
/// The wrapper read is remembered for the document, so that a companion `FileWrapperDocumentWriter`
/// receives it as its previous wrapper.
public struct FileWrapperDocumentReader<Snapshot>: DocumentReader {
    /// The configuration for reading document contents.
    public typealias ReadConfiguration = DocumentReadConfiguration

    private let configuration: ReadConfiguration
    private let makeSnapshot: (FileWrapper) async throws -> sending Snapshot

    /// Creates a reader that converts a `FileWrapper` into a snapshot.
    public init(
        _ configuration: sending ReadConfiguration,
        makeSnapshot: @escaping (FileWrapper) async throws -> sending Snapshot
    ) {
        self.configuration = configuration
        self.makeSnapshot = makeSnapshot
    }

    /// Reads the wrapper at `source` (contents load on demand) and hands it to the closure.
    @concurrent public func read(
        from source: sending URL, progress: consuming Subprogress
    ) async throws -> sending Snapshot {
        let manager = progress.start(totalCount: 1)
        let wrapper = try FileWrapper(url: source, options: [])
        let snapshot = try await makeSnapshot(wrapper)
        configuration.fileWrapperHistory?.lastFileWrapper = wrapper
        manager.complete(count: 1)
        return snapshot
    }
}
