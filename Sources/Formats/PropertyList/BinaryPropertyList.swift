import DocumentCodecs

/// The binary property-list form, `bplist00`: a strict reader and Apple's writer.
public enum BinaryPropertyList {
    /// Reads a binary property list; throws a `CodecError` naming the byte offset on any defect.
    public static func read(_ data: Data) throws -> PropertyListValue {
        throw CodecError(code: "plist.unimplemented", message: "SKELETON: the binary reader is being written")
    }

    /// Writes `value` as Apple's writer lays it out (pre-order, uniqued scalars, smallest sizes).
    public static func write(_ value: PropertyListValue) throws -> Data {
        throw CodecError(code: "plist.unimplemented", message: "SKELETON: the binary writer is being written")
    }
}
