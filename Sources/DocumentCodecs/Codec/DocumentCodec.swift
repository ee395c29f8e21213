import DocumentModels

/// One format's rules, written once: how a `FileWrapper` of a content type becomes a snapshot and back.
///
/// A codec knows one format and nothing about documents. The four adapters (`CodecFileDocument`,
/// `CodecReferenceDocument`, `CodecWrapperDocument`, `CodecURLDocument`) turn any codec into each of
/// the four document routes, so the legacy models and the new readers and writers run the same rules.
///
/// A codec's options (a text encoding, a formatting style) travel with its type, because SwiftUI's
/// `init(configuration:)` takes no extra argument: an adapter makes its codec with `init()`. Give the
/// type generic parameters or static properties for the options.
public protocol DocumentCodec: Sendable {
    /// The codec's in-memory value of one document; it crosses actors, so it is `Sendable`.
    associatedtype Snapshot: Sendable

    /// Makes the codec with the options its type carries.
    init()

    /// A stable name for manifests and reports, such as `plain-text`.
    static var identifier: String { get }

    /// The content types this codec reads, preferred first.
    static var readableContentTypes: [UTType] { get }

    /// The content types this codec writes; by default the readable ones.
    static var writableContentTypes: [UTType] { get }

    /// Decodes a document's wrapper; throws a `CodecError` (never returns an empty snapshot) on bad contents.
    func decode(_ file: FileWrapper, contentType: UTType) throws -> Snapshot

    /// Encodes a snapshot; `previous` is the wrapper last read or written, whose unchanged children an
    /// incremental codec reuses so that a save writes only what changed.
    func encode(_ snapshot: Snapshot, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper

    /// Reads a document from a URL, reporting progress; by default through `decode` of the URL's wrapper.
    func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> Snapshot

    /// Writes a snapshot to a URL, reporting progress; by default through `encode` and an atomic write.
    ///
    /// `previous` is the snapshot last written to the document, or nil.
    func write(
        _ snapshot: Snapshot, to url: URL, previous: Snapshot?, contentType: UTType, progress: consuming Subprogress)
        async throws

    /// Where two snapshots differ in meaning, sorted by path; empty when they are equivalent.
    func differences(expected: Snapshot, actual: Snapshot) -> [SnapshotDifference]
}

extension DocumentCodec {
    public static var writableContentTypes: [UTType] { readableContentTypes }

    public func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> Snapshot {
        let manager = progress.start(totalCount: 1)
        let wrapper = try FileWrapper(url: url, options: .immediate)
        let snapshot = try decode(wrapper, contentType: contentType)
        manager.complete(count: 1)
        return snapshot
    }

    public func write(
        _ snapshot: Snapshot, to url: URL, previous: Snapshot?, contentType: UTType, progress: consuming Subprogress
    ) async throws {
        let manager = progress.start(totalCount: 1)
        let wrapper = try encode(snapshot, previous: nil, contentType: contentType)
        try wrapper.write(to: url, options: .atomic, originalContentsURL: nil)
        manager.complete(count: 1)
    }
}

extension DocumentCodec where Snapshot: Equatable {
    /// Equal snapshots have no differences; unequal ones differ at the root (override to say where).
    public func differences(expected: Snapshot, actual: Snapshot) -> [SnapshotDifference] {
        expected == actual ? [] : [SnapshotDifference(path: "", summary: "the snapshots differ")]
    }
}
