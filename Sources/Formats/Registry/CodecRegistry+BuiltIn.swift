import DocumentCodecs

extension CodecRegistry {
    /// Every codec docmigrate ships, for tools that register nothing of their own.
    public static var builtIn: CodecRegistry {
        CodecRegistry([AnyDocumentCodec(PlainTextCodec.self), AnyDocumentCodec(NotebookCodec.self)])
    }
}
