/// The configuration for reading a legacy document: the content type and the file's wrapper.
///
/// SwiftUI's `FileDocumentReadConfiguration`, passed to `init(configuration:)` of `FileDocument`
/// and `ReferenceFileDocument` alike.
public struct FileDocumentReadConfiguration {
    /// The content type of the file being read.
    public let contentType: UTType
    /// The file wrapper holding the document's contents.
    public let file: FileWrapper

    /// Creates a configuration (SwiftUI makes these; a host or a test does here).
    public init(contentType: UTType, file: FileWrapper) {
        self.contentType = contentType
        self.file = file
    }
}

/// The configuration for writing a legacy document: the content type and the wrapper last read or written.
///
/// SwiftUI's `FileDocumentWriteConfiguration`. `existingFile` is nil for a document never saved, so a
/// writer can update it in place ("avoid rewriting unchanged files", as Apple's package example does).
public struct FileDocumentWriteConfiguration {
    /// The content type to write.
    public let contentType: UTType
    /// The wrapper the document was last read from or written to, or nil for an unsaved document.
    public let existingFile: FileWrapper?

    /// Creates a configuration (SwiftUI makes these; a host or a test does here).
    public init(contentType: UTType, existingFile: FileWrapper?) {
        self.contentType = contentType
        self.existingFile = existingFile
    }
}
