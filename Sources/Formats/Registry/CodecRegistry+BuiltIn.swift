import DocumentCodecs

extension CodecRegistry {
    /// Every codec and conversion docmigrate ships, for tools that register nothing of their own.
    public static var builtIn: CodecRegistry {
        var registry = CodecRegistry([AnyDocumentCodec(PlainTextCodec.self), AnyDocumentCodec(NotebookCodec.self)])
        registry.register(NotebookToPlainText.self)
        return registry
    }
}
