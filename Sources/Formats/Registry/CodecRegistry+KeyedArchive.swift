import DocumentCodecs

extension CodecRegistry {
    /// Registers the keyed-archive codecs and their conversions.
    mutating func registerKeyedArchiveFormats() {}
}
