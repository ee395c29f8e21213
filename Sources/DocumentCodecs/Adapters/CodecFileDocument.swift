import DocumentModels

/// Any codec as a legacy value document (`FileDocument`): the route of apps written before the 27 releases.
///
/// `init(configuration:)` decodes the configuration's wrapper; `fileWrapper(configuration:)` encodes
/// with the existing file as the previous wrapper, so an incremental codec rewrites only what changed.
public struct CodecFileDocument<Codec: DocumentCodec>: FileDocument {
    /// The document's content, as the codec's snapshot.
    public var content: Codec.Snapshot

    /// Creates a document holding `content` (a new, unsaved document).
    public init(content: Codec.Snapshot) {
        self.content = content
    }

    public static var readableContentTypes: [UTType] { Codec.readableContentTypes }
    public static var writableContentTypes: [UTType] { Codec.writableContentTypes }

    public init(configuration: ReadConfiguration) throws {
        content = try CodecCall.decode(Codec(), configuration.file, contentType: configuration.contentType)
    }

    public func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        try CodecCall.encode(
            Codec(), content, previous: configuration.existingFile, contentType: configuration.contentType)
    }
}

/// The calls every adapter makes, with the file named in a codec error.
enum CodecCall {
    static func decode<Codec: DocumentCodec>(
        _ codec: Codec, _ file: FileWrapper, contentType: UTType
    ) throws -> Codec.Snapshot {
        do {
            return try codec.decode(file, contentType: contentType)
        } catch let error as CodecError {
            throw error.located(in: file.filename ?? file.preferredFilename)
        }
    }

    static func encode<Codec: DocumentCodec>(
        _ codec: Codec, _ snapshot: Codec.Snapshot, previous: FileWrapper?, contentType: UTType
    ) throws -> FileWrapper {
        do {
            return try codec.encode(snapshot, previous: previous, contentType: contentType)
        } catch let error as CodecError {
            throw error.located(in: previous?.filename)
        }
    }
}
