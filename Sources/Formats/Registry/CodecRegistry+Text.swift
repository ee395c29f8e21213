import DocumentCodecs

extension CodecRegistry {
    /// Registers the plain-text and Markdown codecs and their conversions.
    mutating func registerTextFormats() {
        register(PlainTextCodec.self)
        register(MarkdownCodec.self)
        register(PlainTextToNormalizedUTF8.self)
        register(MarkdownToNormalizedUTF8.self)
        register(MarkdownToPlainText.self)
    }
}
