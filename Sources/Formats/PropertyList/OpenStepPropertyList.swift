import DocumentCodecs

/// The old-style OpenStep (ASCII) property-list form and `.strings` files: read only.
public enum OpenStepPropertyList {
    /// Reads an OpenStep property list or strings file; throws a `CodecError` naming the line and column.
    public static func read(_ data: Data) throws -> PropertyListValue {
        throw CodecError(code: "plist.unimplemented", message: "SKELETON: the OpenStep reader is being written")
    }
}
