import DocumentModels

/// Any codec as a 27-release document with its own `DocumentReader` and `DocumentWriter` over URLs.
///
/// The reader and writer call the codec's streaming `read(from:…)` and `write(_:to:…)`, which report
/// progress through the `Subprogress` the host passes; the writer gets the previous snapshot.
@Observable
public final class CodecURLDocument<Codec: DocumentCodec>: Document {
    /// The document's content, as the codec's snapshot; nil before the first read.
    public var content: Codec.Snapshot?

    /// Creates a document, new with `content` or empty until it is read.
    public init(content: Codec.Snapshot? = nil) {
        self.content = content
    }

    public static var readableContentTypes: [UTType] { Codec.readableContentTypes }
    public static var writableContentTypes: [UTType] { Codec.writableContentTypes }

    public func reader(configuration: sending ReadConfiguration) -> sending CodecURLReader<Codec> {
        CodecURLReader(contentType: configuration.contentType)
    }

    @MainActor
    public func apply(snapshot: sending Codec.Snapshot, previous: sending Codec.Snapshot?) async throws {
        content = snapshot
    }

    public func writer(configuration: sending WriteConfiguration) -> sending CodecURLWriter<Codec> {
        CodecURLWriter(contentType: configuration.contentType)
    }

    @MainActor
    public func snapshot(contentType: UTType) async throws -> sending Codec.Snapshot {
        guard let content else { throw CodecError.noContent(Codec.identifier) }
        return content
    }
}

/// A `DocumentReader` that runs a codec's streaming read.
public struct CodecURLReader<Codec: DocumentCodec>: DocumentReader {
    /// The content type being read.
    public let contentType: UTType

    public init(contentType: UTType) {
        self.contentType = contentType
    }

    @concurrent
    public func read(from source: sending URL, progress: consuming Subprogress) async throws -> sending Codec.Snapshot {
        do {
            return try await Codec().read(from: source, contentType: contentType, progress: progress)
        } catch let error as CodecError {
            throw error.located(in: source.path)
        }
    }
}

/// A `DocumentWriter` that runs a codec's streaming write.
///
/// It always writes the whole item (a codec's write gets no current file to update), so the host
/// need not copy the current package into the temporary location first.
public struct CodecURLWriter<Codec: DocumentCodec>: DocumentWriter, WholeItemDocumentWriter {
    /// The content type being written.
    public let contentType: UTType

    public init(contentType: UTType) {
        self.contentType = contentType
    }

    @concurrent
    public func write(
        snapshot: sending Codec.Snapshot, to destination: sending URL, previous: sending Codec.Snapshot?,
        progress: consuming Subprogress
    ) async throws {
        do {
            try await Codec().write(
                snapshot, to: destination, previous: previous, contentType: contentType, progress: progress)
        } catch let error as CodecError {
            throw error.located(in: destination.path)
        }
    }
}
