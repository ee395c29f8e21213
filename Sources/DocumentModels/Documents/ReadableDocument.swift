/// A document type that supports reading from a file.
///
/// SwiftUI's `ReadableDocument`: a reference type (use `@Observable`) whose `reader(configuration:)`
/// is called for every open or re-read, and whose `apply(snapshot:previous:)` receives the result
/// on the main actor. Serialization belongs in the reader, never in `apply`.
public protocol ReadableDocument: AnyObject {
    /// The configuration for reading document contents.
    typealias ReadConfiguration = DocumentReadConfiguration
    /// A type that implements reading from disk.
    associatedtype Reader: DocumentReader

    /// The types the document can read.
    static var readableContentTypes: [UTType] { get }

    /// Creates a reader to load this document from disk; called for every read.
    func reader(configuration: sending ReadConfiguration) -> sending Reader

    /// Updates the document from a snapshot the reader produced; `previous` is the one applied before.
    @MainActor func apply(snapshot: sending Reader.Snapshot, previous: sending Reader.Snapshot?) async throws
}
