/// A value-type document that SwiftUI reads and writes through a `FileWrapper` (the legacy model).
///
/// SwiftUI's `FileDocument`, with Apple's requirements: the readable content types, an initializer
/// that reads, and a method that writes. The writable types default to the readable ones. Both run
/// synchronously; SwiftUI registers undo for every change made through the document's binding,
/// which `DocumentHost` reproduces.
@preconcurrency
public protocol FileDocument: Sendable {
    /// The configuration for reading document contents.
    typealias ReadConfiguration = FileDocumentReadConfiguration
    /// The configuration for writing document contents.
    typealias WriteConfiguration = FileDocumentWriteConfiguration

    /// The types the document can read.
    static var readableContentTypes: [UTType] { get }
    /// The types the document can write; by default the readable ones.
    static var writableContentTypes: [UTType] { get }

    /// Reads a document from the configuration's file wrapper; throws on contents it cannot read.
    init(configuration: ReadConfiguration) throws

    /// Serializes the document into a new wrapper or an update of `configuration.existingFile`.
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper
}

extension FileDocument {
    /// The readable content types: a document writes what it reads unless it says otherwise.
    public static var writableContentTypes: [UTType] { readableContentTypes }
}
