import DocumentCodecs

/// The notebook of Apple's package-document examples: a title and ordered pages of text.
public struct Notebook: Sendable, Equatable {
    /// One page, identified by a UUID that names its file (`pages/<UUID>.txt`).
    public struct Page: Sendable, Equatable, Identifiable {
        public var id: UUID
        public var text: String

        public init(id: UUID = UUID(), text: String) {
            self.id = id
            self.text = text
        }
    }

    public var title: String
    public var pages: [Page]

    public init(title: String, pages: [Page] = []) {
        self.title = title
        self.pages = pages
    }
}

/// The contents of `metadata.json`: the title and the page order.
struct NotebookMetadata: Codable, Equatable {
    var title: String
    var pageIDs: [UUID]
}
