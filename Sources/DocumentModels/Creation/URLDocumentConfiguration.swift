/// The configuration of an open document: its file URL, last modification date and creation source.
///
/// SwiftUI's `URLDocumentConfiguration`, passed to the `makeDocument` closure. It is observable, so
/// views can follow `fileURL` as a Save As moves the document. Inside a reader or writer use the
/// URL parameter, never `fileURL`: the operation's URL may differ from the document's current one.
@MainActor @Observable
public final class URLDocumentConfiguration {
    /// The URL of the open document if it is saved to disk; nil if it has never been saved.
    public var fileURL: URL?

    /// The date on which the contents of the document were last modified, if available.
    public var lastContentModificationDate: Date?

    /// The source associated with the button that created this document, if any.
    public internal(set) var creationSource: DocumentCreationSource?

    /// Creates a configuration (SwiftUI makes these; `DocumentHost` or a test does here).
    public init(fileURL: URL? = nil, creationSource: DocumentCreationSource? = nil) {
        self.fileURL = fileURL
        self.creationSource = creationSource
    }

    /// Creates a file coordinator for one coordinated access outside the reader and writer.
    ///
    /// Call it for every separate read or write: `NSFileCoordinator` is not `Sendable`, so a
    /// coordinator must not be reused across operations. The host coordinates the reader's and
    /// the writer's access itself.
    public func makeFileCoordinator() -> sending NSFileCoordinator {
        NSFileCoordinator(filePresenter: nil)
    }
}
