import DocumentCodecs

extension CodecRegistry {
    /// Registers the property-list codec and its conversions.
    mutating func registerPropertyListFormats() {}
}
