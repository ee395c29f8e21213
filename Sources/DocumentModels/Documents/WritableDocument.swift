/// A document type that supports writing to a file.
///
/// SwiftUI's `WritableDocument`: saving calls `snapshot(contentType:)` on the main actor (cheap, no
/// serialization), then `writer(configuration:)`, then the writer in the background. Without
/// registered undo actions, the host does not know the document changed and does not autosave.
public protocol WritableDocument: AnyObject {
    /// The configuration for writing document contents.
    typealias WriteConfiguration = DocumentWriteConfiguration
    /// A type that implements writing to disk.
    associatedtype Writer: DocumentWriter

    /// The types the document can write; by default the readable ones when the type is also readable.
    static var writableContentTypes: [UTType] { get }

    /// Creates a writer to save this document; called for every write.
    func writer(configuration: sending WriteConfiguration) -> sending Writer

    /// Captures the document's current state for writing; cheap, without serializing.
    @MainActor func snapshot(contentType: UTType) async throws -> sending Writer.Snapshot
}

extension WritableDocument where Self: ReadableDocument {
    /// The readable content types: a document writes what it reads unless it says otherwise.
    public static var writableContentTypes: [UTType] { readableContentTypes }
}

/// A document that supports both reading and writing; a convenience with no requirements of its own.
public protocol Document: ReadableDocument, WritableDocument {}
