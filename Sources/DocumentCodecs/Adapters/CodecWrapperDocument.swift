import DocumentModels

/// Any codec as a 27-release document read and written through `FileWrapperDocumentReader/Writer`.
///
/// The writer receives the wrapper last read or written, so an incremental codec reuses unchanged
/// children (and the host hard-links them). `content` is nil until the document is read or given one.
@Observable
public final class CodecWrapperDocument<Codec: DocumentCodec>: Document {
    /// The document's content, as the codec's snapshot; nil before the first read.
    public var content: Codec.Snapshot?

    /// Creates a document, new with `content` or empty until it is read.
    public init(content: Codec.Snapshot? = nil) {
        self.content = content
    }

    public static var readableContentTypes: [UTType] { Codec.readableContentTypes }
    public static var writableContentTypes: [UTType] { Codec.writableContentTypes }

    public func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<Codec.Snapshot> {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { wrapper in
            try CodecCall.decode(Codec(), wrapper, contentType: contentType)
        }
    }

    @MainActor
    public func apply(snapshot: sending Codec.Snapshot, previous: sending Codec.Snapshot?) async throws {
        content = snapshot
    }

    public func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<Codec.Snapshot> {
        let contentType = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { snapshot, previous in
            try CodecCall.encode(Codec(), snapshot, previous: previous, contentType: contentType)
        }
    }

    @MainActor
    public func snapshot(contentType: UTType) async throws -> sending Codec.Snapshot {
        guard let content else { throw CodecError.noContent(Codec.identifier) }
        return content
    }
}

extension CodecError {
    /// A document asked to save before it had any content.
    static func noContent(_ codec: String) -> CodecError {
        CodecError(
            code: .codecs(.adapterNoContent),
            message: "the \(codec) document has no content yet: read it or give it one before saving")
    }
}
