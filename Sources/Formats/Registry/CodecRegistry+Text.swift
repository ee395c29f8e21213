import DocumentCodecs

extension CodecRegistry {
    /// Registers the plain-text and Markdown codecs and their conversions.
    mutating func registerTextFormats() {
        register(PlainTextCodec.self)
    }
}
