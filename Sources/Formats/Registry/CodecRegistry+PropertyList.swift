import DocumentCodecs

extension CodecRegistry {
    /// Registers the property-list codec and its conversions to and from JSON (strict: data, dates and UIDs are refused).
    mutating func registerPropertyListFormats() {
        register(PropertyListCodec.self)
        register(PropertyListToJSON.self)
        register(JSONToPropertyList.self)
    }
}
