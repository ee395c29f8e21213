import DocumentCodecs
import Formats
import Foundation

/// Writes and reads a snapshot through the four adapters, as `docmigrate verify` runs its routes.
enum DocumentRoutes {
    static func progress() -> Subprogress {
        ProgressManager(totalCount: 1).subprogress(assigningCount: 1)
    }

    /// The bytes each route writes for `snapshot`, by route name.
    static func written<Codec: DocumentCodec>(
        _ codec: Codec.Type, _ snapshot: Codec.Snapshot, contentType: UTType, in folder: URL
    ) async throws -> [String: Data] {
        var urls: [String: URL] = [:]
        let configuration = FileDocumentWriteConfiguration(contentType: contentType, existingFile: nil)

        urls["FileDocument"] = folder.appendingPathComponent("value")
        try CodecFileDocument<Codec>(content: snapshot).fileWrapper(configuration: configuration)
            .write(to: try required(urls["FileDocument"]), options: .atomic, originalContentsURL: nil)

        let reference = CodecReferenceDocument<Codec>(content: snapshot)
        urls["ReferenceFileDocument"] = folder.appendingPathComponent("reference")
        try reference.fileWrapper(
            snapshot: try reference.snapshot(contentType: contentType), configuration: configuration
        )
        .write(to: try required(urls["ReferenceFileDocument"]), options: .atomic, originalContentsURL: nil)

        let wrapperDocument = CodecWrapperDocument<Codec>(content: snapshot)
        urls["FileWrapperDocumentWriter"] = folder.appendingPathComponent("wrapper")
        try await wrapperDocument.writer(configuration: DocumentWriteConfiguration(contentType: contentType))
            .write(
                snapshot: try await wrapperDocument.snapshot(contentType: contentType),
                to: try required(urls["FileWrapperDocumentWriter"]), previous: nil, progress: progress())

        let urlDocument = CodecURLDocument<Codec>(content: snapshot)
        urls["DocumentWriter"] = folder.appendingPathComponent("url")
        try await urlDocument.writer(configuration: DocumentWriteConfiguration(contentType: contentType))
            .write(
                snapshot: try await urlDocument.snapshot(contentType: contentType),
                to: try required(urls["DocumentWriter"]), previous: nil, progress: progress())

        return try urls.mapValues { try Data(contentsOf: $0) }
    }

    /// The snapshot each route reads from `url`, by route name.
    static func read<Codec: DocumentCodec>(
        _ codec: Codec.Type, _ url: URL, contentType: UTType
    ) async throws -> [String: Codec.Snapshot] {
        var read: [String: Codec.Snapshot] = [:]
        read["FileDocument"] = try CodecFileDocument<Codec>(
            configuration: .init(contentType: contentType, file: FileWrapper(url: url))
        ).content
        read["ReferenceFileDocument"] = try CodecReferenceDocument<Codec>(
            configuration: .init(contentType: contentType, file: FileWrapper(url: url))
        ).content
        read["FileWrapperDocumentReader"] = try await CodecWrapperDocument<Codec>().reader(
            configuration: DocumentReadConfiguration(contentType: contentType)
        )
        .read(from: url, progress: progress())
        read["DocumentReader"] = try await CodecURLDocument<Codec>().reader(
            configuration: DocumentReadConfiguration(contentType: contentType)
        )
        .read(from: url, progress: progress())
        return read
    }

    private struct Missing: Error {}

    private static func required(_ url: URL?) throws -> URL {
        guard let url else { throw Missing() }
        return url
    }
}
