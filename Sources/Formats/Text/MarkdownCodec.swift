import DocumentCodecs

/// Markdown documents (`net.daringfireball.markdown`, `.md` and `.markdown`): the plain-text rules under Markdown's type.
///
/// Markdown source is plain text, so this codec reads and writes exactly as ``PlainTextCodec`` does
/// (same encodings, detection, options and error codes, all `text.…`): a corpus of `.md` documents
/// verifies and converts with the same guarantees. It does not parse the Markdown.
public struct MarkdownCodec: ConfigurableCodec {
    public typealias Snapshot = TextDocument

    /// The rules of this codec: detection, fallback and replacement.
    public let options: TextCodecOptions

    /// Detects the encoding, with no fallback, refusing invalid bytes.
    public init() {
        options = TextCodecOptions()
    }

    /// A codec with these text options.
    public init(options: TextCodecOptions) {
        self.options = options
    }

    public init(options: CodecOptions) throws {
        self.options = try TextCodecOptions(options)
    }

    public static let identifier = "markdown"
    public static var readableContentTypes: [UTType] { [.markdown] }
    public static var acceptedOptions: [String] { TextCodecOptions.names }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> TextDocument {
        try TextCodecFile.decode(file, options: options)
    }

    public func encode(_ snapshot: TextDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: try snapshot.encoded())
    }

    /// Writes straight to `url` (see ``TextDocument/write(to:)``): a large UTF-8 document is not copied first.
    public func write(
        _ snapshot: TextDocument, to url: URL, previous: TextDocument?, contentType: UTType, progress: consuming Subprogress
    ) async throws {
        let manager = progress.start(totalCount: 1)
        try snapshot.write(to: url)
        manager.complete(count: 1)
    }

    public func differences(expected: TextDocument, actual: TextDocument) -> [SnapshotDifference] {
        TextDifferences.all(expected: expected, actual: actual)
    }
}
