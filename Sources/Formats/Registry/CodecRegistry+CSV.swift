import DocumentCodecs

extension CodecRegistry {
    /// Registers the CSV and TSV codecs and their conversions.
    mutating func registerCSVFormats() {}
}
