import DocumentCodecs

/// JSON documents (`public.json`), read strictly and written as `JSONEncoder` writes them.
public struct JSONCodec: DocumentCodec {
    public typealias Snapshot = JSONDocument

    public init() {}

    public static let identifier = "json"
    public static var readableContentTypes: [UTType] { [.json] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> JSONDocument {
        throw CodecError(code: "json.unimplemented", message: "SKELETON: the JSON codec is being written")
    }

    public func encode(_ snapshot: JSONDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        throw CodecError(code: "json.unimplemented", message: "SKELETON: the JSON codec is being written")
    }
}
