import DocumentCodecs

// The conversions among the three forms live beside the codec rather than in `Conversions/` as
// `<Source>To<Target>.swift`, because both ends are this codec: the registry holds one conversion
// per pair of codecs, and the registered one is ``PropertyListCodec/ConversionToXML``.
extension PropertyListCodec {
    /// Any property list (binary, XML or OpenStep) as an XML property list, as `plutil -convert xml1` makes it.
    ///
    /// The value is carried unchanged and written in CoreFoundation's XML layout (keys sorted, `%.17g`
    /// reals). What the XML form cannot hold is refused here, with the XML writer's codes and the key
    /// path, rather than when the document is saved: a date with fractional seconds
    /// (`plist.xml.date-not-whole-seconds`; the binary form keeps them, XML has whole seconds only),
    /// a date outside years 1…9999 (`plist.xml.date-out-of-range`), a string with a control character
    /// XML 1.0 cannot carry (`plist.xml.invalid-character`), nesting over the writer's limit.
    /// This is the `property-list` → `property-list` conversion the registry holds.
    public struct ConversionToXML: SnapshotConversion {
        public typealias Source = PropertyListCodec
        public typealias Target = PropertyListCodec

        public init() {}

        public func convert(_ document: PropertyListDocument) throws -> PropertyListDocument {
            let bytes = try XMLPropertyList.write(document.value)
            var converted = PropertyListDocument(value: document.value, format: .xml)
            // The bytes just written are the document's XML as read: saving it writes them, unchanged.
            converted.xmlSource = bytes
            return converted
        }
    }

    /// Any property list as a binary property list laid out by Apple's writer, as `plutil -convert binary1` makes it.
    ///
    /// Every value of the model has a binary form, so this conversion never refuses one (an integer
    /// outside −2^63 … 2^64 − 1 can only be made in memory, and is `plist.binary.integer-out-of-range`).
    /// Not registered (the registry holds one conversion per pair of codecs, ``ConversionToXML``); a
    /// tool that wants binary output uses it directly.
    public struct ConversionToBinary: SnapshotConversion {
        public typealias Source = PropertyListCodec
        public typealias Target = PropertyListCodec

        public init() {}

        public func convert(_ document: PropertyListDocument) throws -> PropertyListDocument {
            let bytes = try BinaryPropertyList.write(document.value)
            return try BinaryPropertyList.readDocument(bytes)
        }
    }
}
