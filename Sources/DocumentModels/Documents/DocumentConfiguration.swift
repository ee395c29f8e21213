/// The context passed to `reader(configuration:)`: the content type of the file being read.
///
/// SwiftUI's `DocumentReadConfiguration`. Besides what Apple exposes it carries, out of sight of
/// equality, the host's record of the file wrapper last read or written for this document, which
/// `FileWrapperDocumentReader` and `FileWrapperDocumentWriter` use to hand a writer its previous wrapper.
public struct DocumentReadConfiguration: Hashable, Sendable {
    /// The content type of the file being read, one of the document's readable content types.
    public let contentType: UTType
    package let fileWrapperHistory: FileWrapperHistory?

    /// Creates a configuration for reading `contentType` (a host makes these).
    public init(contentType: UTType) {
        self.init(contentType: contentType, fileWrapperHistory: nil)
    }

    package init(contentType: UTType, fileWrapperHistory: FileWrapperHistory?) {
        self.contentType = contentType
        self.fileWrapperHistory = fileWrapperHistory
    }

    public static func == (left: Self, right: Self) -> Bool { left.contentType == right.contentType }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentType) }
}

/// The context passed to `writer(configuration:)`: the content type to write.
///
/// SwiftUI's `DocumentWriteConfiguration`, with the same hidden record as `DocumentReadConfiguration`.
public struct DocumentWriteConfiguration: Hashable, Sendable {
    /// The content type to write, one of the document's writable content types.
    public let contentType: UTType
    package let fileWrapperHistory: FileWrapperHistory?
    /// Whether the writer's destination is a fresh location in a host's temporary folder, which the host
    /// makes durable and moves into place in one step once the writer returned (out of sight of equality).
    ///
    /// `FileWrapperDocumentWriter` then writes its wrapper there directly, as NSDocument has a wrapper
    /// written into its safe-save location, instead of making a second temporary folder inside it.
    package let destinationIsTemporaryItem: Bool

    /// Creates a configuration for writing `contentType` (a host makes these).
    public init(contentType: UTType) {
        self.init(contentType: contentType, fileWrapperHistory: nil)
    }

    package init(contentType: UTType, fileWrapperHistory: FileWrapperHistory?, destinationIsTemporaryItem: Bool = false)
    {
        self.contentType = contentType
        self.fileWrapperHistory = fileWrapperHistory
        self.destinationIsTemporaryItem = destinationIsTemporaryItem
    }

    public static func == (left: Self, right: Self) -> Bool { left.contentType == right.contentType }
    public func hash(into hasher: inout Hasher) { hasher.combine(contentType) }
}
