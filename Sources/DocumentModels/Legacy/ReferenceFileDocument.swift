/// A reference-type document that SwiftUI saves through a snapshot (the legacy model).
///
/// SwiftUI's `ReferenceFileDocument`: on save, `snapshot(contentType:)` captures the state, then
/// `fileWrapper(snapshot:configuration:)` serializes it. SwiftUI does not register undo for it:
/// without undo registrations there is no save, which `DocumentHost` reproduces.
@preconcurrency
public protocol ReferenceFileDocument: ObservableObject, Sendable {
    /// The configuration for reading document contents.
    typealias ReadConfiguration = FileDocumentReadConfiguration
    /// The configuration for writing document contents.
    typealias WriteConfiguration = FileDocumentWriteConfiguration
    /// A copy of the document's state, captured on save and serialized afterwards.
    associatedtype Snapshot

    /// The types the document can read.
    static var readableContentTypes: [UTType] { get }
    /// The types the document can write; by default the readable ones.
    static var writableContentTypes: [UTType] { get }

    /// Reads a document from the configuration's file wrapper; throws on contents it cannot read.
    init(configuration: ReadConfiguration) throws

    /// Captures the document's current state for saving.
    func snapshot(contentType: UTType) throws -> Snapshot

    /// Serializes a snapshot into a new wrapper or an update of `configuration.existingFile`.
    func fileWrapper(snapshot: Snapshot, configuration: WriteConfiguration) throws -> FileWrapper
}

extension ReferenceFileDocument {
    /// The readable content types: a document writes what it reads unless it says otherwise.
    public static var writableContentTypes: [UTType] { readableContentTypes }
}
