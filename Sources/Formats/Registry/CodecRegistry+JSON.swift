import DocumentCodecs

extension CodecRegistry {
    /// Registers the JSON codec and its conversions.
    mutating func registerJSONFormats() {
        register(JSONCodec.self)
    }
}
