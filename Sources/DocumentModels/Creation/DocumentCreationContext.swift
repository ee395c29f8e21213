/// Context about how a document was created, passed to the `makeDocument` closure.
///
/// SwiftUI's `DocumentCreationContext`. `creationSource` says which new-document button created the
/// document; it is nil when the document was not created by such a button (always on macOS, and
/// when `DocumentHost` makes the instance that an opened file is read into).
public struct DocumentCreationContext: Sendable, CustomStringConvertible {
    /// The source associated with the button that created this document, if any.
    public let creationSource: DocumentCreationSource?

    /// Creates a context (SwiftUI makes these; `DocumentHost` or a test does here).
    public init(creationSource: DocumentCreationSource? = nil) {
        self.creationSource = creationSource
    }

    public var description: String {
        "DocumentCreationContext(creationSource: \(creationSource.map { "\"\($0.id)\"" } ?? "nil"))"
    }
}
