import DocumentCodecs

extension CodecRegistry {
    /// Registers the property-list codec, its conversion of any form to XML, and its conversions to
    /// and from JSON (strict: data, dates and UIDs are refused).
    mutating func registerPropertyListFormats() {
        register(PropertyListCodec.self)
        register(PropertyListCodec.ConversionToXML.self)
        register(PropertyListToJSON.self)
        register(JSONToPropertyList.self)
    }
}
