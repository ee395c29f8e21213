import DocumentCodecs

extension CodecRegistry {
    /// Registers the RTF, RTFD and flat RTFD codecs and their conversions.
    mutating func registerRichTextFormats() {
        register(RTFCodec.self)
        register(RTFDCodec.self)
        register(FlatRTFDCodec.self)
        register(MarkdownBundleCodec.self)
        register(RTFToPlainText.self)
        register(RTFToMarkdown.self)
        register(RTFDToFlatRTFD.self)
        register(FlatRTFDToRTFD.self)
        register(RTFDToMarkdownBundle.self)
        register(FlatRTFDToMarkdownBundle.self)
    }
}
