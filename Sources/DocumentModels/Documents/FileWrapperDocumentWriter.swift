/// A document writer that turns a snapshot into a `FileWrapper` and writes it; the usual writer.
///
/// SwiftUI's `FileWrapperDocumentWriter`: the closure receives the snapshot and the wrapper from the
/// document's last write (or, when it was last read, the one a companion `FileWrapperDocumentReader`
/// read), so an incremental writer can reuse unchanged children. Apple's migration article also writes
/// the closure with one argument (`{ snapshot in … }`); that form compiles too.
public struct FileWrapperDocumentWriter<Snapshot>: DocumentWriter {
    /// The configuration for writing document contents.
    public typealias WriteConfiguration = DocumentWriteConfiguration

    private let configuration: WriteConfiguration
    private let makeFileWrapper: (Snapshot, FileWrapper?) async throws -> FileWrapper

    /// Creates a writer that converts a snapshot into a `FileWrapper`.
    public init(
        _ configuration: sending WriteConfiguration,
        makeFileWrapper: @escaping (Snapshot, FileWrapper?) async throws -> FileWrapper
    ) {
        self.configuration = configuration
        self.makeFileWrapper = makeFileWrapper
    }

    /// Creates a writer from a closure that ignores the previous wrapper.
    public init(
        _ configuration: sending WriteConfiguration,
        makeFileWrapper: @escaping (Snapshot) async throws -> FileWrapper
    ) {
        self.init(configuration) { snapshot, _ in try await makeFileWrapper(snapshot) }
    }

    /// Builds the wrapper and writes it to `destination`, hard-linking members unchanged since the
    /// previous wrapper was read or written.
    ///
    /// The write is atomic, unless the destination is the fresh temporary location a `DocumentHost`
    /// hands its writer: the host already builds the new item aside, makes it durable and swaps it in
    /// one step, so there the wrapper is written in place, as Apple advises for a wrapper written
    /// inside NSDocument's safe save, rather than through a second temporary folder and rename.
    @concurrent public func write(
        snapshot: sending Snapshot, to destination: sending URL, previous: sending Snapshot?,
        progress: consuming Subprogress
    ) async throws {
        let manager = progress.start(totalCount: 2)
        let history = configuration.fileWrapperHistory
        let previousWrapper = history?.lastFileWrapper
        let wrapper = try await makeFileWrapper(snapshot, previousWrapper)
        manager.complete(count: 1)
        let original = previousWrapper.flatMap { _ in history?.lastFileURL }
        let options: FileWrapper.WritingOptions =
            configuration.destinationIsTemporaryItem ? [.withNameUpdating] : [.atomic, .withNameUpdating]
        try wrapper.write(to: destination, options: options, originalContentsURL: original)
        history?.lastFileWrapper = wrapper
        manager.complete(count: 1)
    }
}
