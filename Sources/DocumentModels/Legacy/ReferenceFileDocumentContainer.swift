/// A legacy `ReferenceFileDocument`, hosted through the 27 document protocols as SwiftUI hosts it.
///
/// Reading makes a new instance with `init(configuration:)`, which `apply` installs; saving calls
/// `snapshot(contentType:)` on the main actor and then `fileWrapper(snapshot:configuration:)` off it
/// (Apple's documentation says in the background), with the wrapper last read or written as
/// `existingFile`. SwiftUI registers no undo for a reference document: register your own on the
/// host's undo manager, or autosave will not write.
@MainActor
public final class ReferenceFileDocumentContainer<Wrapped: ReferenceFileDocument>: Document {
    /// The hosted document; replaced by a new instance when the file is read again.
    public private(set) var document: Wrapped

    /// Wraps `document`, for example a new document in a `makeDocument` closure.
    public init(_ document: Wrapped) {
        self.document = document
    }

    nonisolated public static var readableContentTypes: [UTType] { Wrapped.readableContentTypes }
    nonisolated public static var writableContentTypes: [UTType] { Wrapped.writableContentTypes }

    /// Reads a new instance with `init(configuration:)` from the file's wrapper.
    nonisolated public func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<Wrapped> {
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
        ReferenceFileDocumentSnapshot(document: document, snapshot: try document.snapshot(contentType: contentType))
    }

    /// Serializes with `fileWrapper(snapshot:configuration:)`, passing the wrapper last read or written as `existingFile`.
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
