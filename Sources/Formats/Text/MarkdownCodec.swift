import DocumentCodecs

/// Markdown documents (`net.daringfireball.markdown`): the plain-text rules under Markdown's type.
public struct MarkdownCodec: DocumentCodec {
    public typealias Snapshot = TextDocument

    public init() {}

    public static let identifier = "markdown"
    public static var readableContentTypes: [UTType] { [.markdown] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> TextDocument {
        throw CodecError(code: "markdown.unimplemented", message: "SKELETON: the Markdown codec is being written")
    }

    public func encode(_ snapshot: TextDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        throw CodecError(code: "markdown.unimplemented", message: "SKELETON: the Markdown codec is being written")
    }
}
