import DocumentCodecs

/// The XML property-list form: a strict reader and a writer with Apple's byte layout.
public enum XMLPropertyList {
    /// Reads an XML property list; throws a `CodecError` naming the line and column on any defect.
    public static func read(_ data: Data) throws -> PropertyListValue {
        throw CodecError(code: "plist.unimplemented", message: "SKELETON: the XML reader is being written")
    }

    /// Writes `value` in Apple's layout (tabs, sorted keys, `<data>` wrapped at 76 columns).
    public static func write(_ value: PropertyListValue) throws -> Data {
        throw CodecError(code: "plist.unimplemented", message: "SKELETON: the XML writer is being written")
    }
}
