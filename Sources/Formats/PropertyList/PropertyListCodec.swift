import DocumentCodecs

/// Property lists in any of their three forms (`com.apple.property-list` and its binary and XML subtypes).
public struct PropertyListCodec: DocumentCodec {
    public typealias Snapshot = PropertyListDocument

    public init() {}

    public static let identifier = "property-list"
    public static var readableContentTypes: [UTType] { [.propertyList, .binaryPropertyList, .xmlPropertyList] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> PropertyListDocument {
        throw CodecError(code: "plist.unimplemented", message: "SKELETON: the property-list codec is being written")
    }

    public func encode(_ snapshot: PropertyListDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        throw CodecError(code: "plist.unimplemented", message: "SKELETON: the property-list codec is being written")
    }
}
