import DocumentCodecs

extension CodecRegistry {
    /// Every codec and conversion docmigrate ships, for tools that register nothing of their own.
    public static var builtIn: CodecRegistry {
        // Declares the notebook's type, so its files resolve by extension before any notebook is read.
        _ = NotebookCodec.contentType
        var registry = CodecRegistry([AnyDocumentCodec(PlainTextCodec.self), AnyDocumentCodec(NotebookCodec.self)])
        registry.register(NotebookToPlainText.self)
        return registry
    }
}
