/// A legacy `ReferenceFileDocument`, hosted through the 27 document protocols as SwiftUI hosts it.
///
/// Reading makes a new instance with `init(configuration:)`, which `apply` installs; saving calls
/// `snapshot(contentType:)` on the main actor and then `fileWrapper(snapshot:configuration:)` off it
/// (Apple's documentation says in the background), with the wrapper last read or written as
/// `existingFile`. SwiftUI registers no undo for a reference document: register your own on the
/// host's undo manager, or autosave will not write.
@MainActor
public final class ReferenceFileDocumentContainer<Wrapped: ReferenceFileDocument>: Document {
    private var storedDocument: Wrapped?

    /// The hosted document; replaced by a new instance when the file is read again.
    ///
    /// Reading it from a container made with `init()` before the host opened a file into it is a programming error.
    public private(set) var document: Wrapped {
        get {
            guard let storedDocument else {
                preconditionFailure("ReferenceFileDocumentContainer has no document: open a file into it first")
            }
            return storedDocument
        }
        set { storedDocument = newValue }
    }

    /// Wraps `document`, for example a new document in a `makeDocument` closure.
    public init(_ document: Wrapped) {
        storedDocument = document
    }

    /// An empty container for the host to open a file into with `init(configuration:)`.
    public init() {
        storedDocument = nil
    }

    nonisolated public static var readableContentTypes: [UTType] { Wrapped.readableContentTypes }
    nonisolated public static var writableContentTypes: [UTType] { Wrapped.writableContentTypes }

    /// Reads a new instance with `init(configuration:)` from the file's wrapper.
    nonisolated public func reader(
        configuration: sending ReadConfiguration
    ) -> sending FileWrapperDocumentReader<Wrapped> {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { file in
            try Wrapped(configuration: FileDocumentReadConfiguration(contentType: contentType, file: file))
        }
    }

    /// Installs the instance that was read.
    public func apply(snapshot: sending Wrapped, previous: sending Wrapped?) async throws {
        document = snapshot
    }

    /// Captures the document's legacy snapshot, together with the document that serializes it.
    public func snapshot(contentType: UTType) async throws -> sending ReferenceFileDocumentSnapshot<Wrapped> {
        guard let storedDocument else { throw CocoaError(.fileWriteUnknown) }
        return ReferenceFileDocumentSnapshot(
            document: storedDocument, snapshot: try storedDocument.snapshot(contentType: contentType))
    }

    /// Serializes with `fileWrapper(snapshot:configuration:)`, passing the wrapper last read or written as
    /// `existingFile`.
    nonisolated public func writer(
        configuration: sending WriteConfiguration
    ) -> sending FileWrapperDocumentWriter<ReferenceFileDocumentSnapshot<Wrapped>> {
        let contentType = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { captured, existingFile in
            try captured.document.fileWrapper(
                snapshot: captured.snapshot,
                configuration: FileDocumentWriteConfiguration(contentType: contentType, existingFile: existingFile))
        }
    }
}

/// What a hosted `ReferenceFileDocument` saves: its legacy snapshot and the document that serializes it.
public struct ReferenceFileDocumentSnapshot<Wrapped: ReferenceFileDocument> {
    /// The document whose `fileWrapper(snapshot:configuration:)` writes `snapshot`.
    public let document: Wrapped
    /// The value `snapshot(contentType:)` returned.
    public let snapshot: Wrapped.Snapshot
}
