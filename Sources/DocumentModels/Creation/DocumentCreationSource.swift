/// Describes the source used to create a new document: which new-document button was used.
///
/// SwiftUI's `DocumentCreationSource`. Declare stable sources as `static let` in an extension
/// (`static let template: Self = DocumentCreationSource(id: "document-from-template")`); two sources
/// are equal when their identifiers are.
public struct DocumentCreationSource: Hashable, Sendable {
    /// The identifier the source was created with; docmigrate keeps it package-visible because
    /// Apple's type does not expose it, and code that read it would not compile against SwiftUI.
    package let id: String

    /// Creates a document creation source with the given identifier, unique within the app.
    public init(id: String) {
        self.id = id
    }
}
