import DocumentModels
import Synchronization

/// Any codec as a legacy reference document (`ReferenceFileDocument`).
///
/// Saving captures `content` with `snapshot(contentType:)` and encodes it with the existing file as
/// the previous wrapper. The content sits behind a lock because SwiftUI may call the legacy methods
/// from a background thread; a change fires `objectWillChange` first, as `@Published` would.
public final class CodecReferenceDocument<Codec: DocumentCodec>: ReferenceFileDocument {
    public typealias Snapshot = Codec.Snapshot

    private let state: Mutex<Codec.Snapshot>

    /// Creates a document holding `content` (a new, unsaved document).
    public init(content: Codec.Snapshot) {
        state = Mutex(content)
    }

    /// The document's content, as the codec's snapshot.
    public var content: Codec.Snapshot {
        get { state.withLock { $0 } }
        set {
            objectWillChange.send()
            state.withLock { $0 = newValue }
        }
    }

    public static var readableContentTypes: [UTType] { Codec.readableContentTypes }
    public static var writableContentTypes: [UTType] { Codec.writableContentTypes }

    public required init(configuration: ReadConfiguration) throws {
        state = Mutex(try CodecCall.decode(Codec(), configuration.file, contentType: configuration.contentType))
    }

    public func snapshot(contentType: UTType) throws -> Codec.Snapshot {
        content
    }

    public func fileWrapper(snapshot: Codec.Snapshot, configuration: WriteConfiguration) throws -> FileWrapper {
        try CodecCall.encode(
            Codec(), snapshot, previous: configuration.existingFile, contentType: configuration.contentType)
    }
}
