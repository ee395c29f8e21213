import DocumentCodecs

/// A text codec: the one set of plain-text rules, under the identifier and content types of a ``TextCodecFlavor``.
///
/// ``PlainTextCodec`` and ``MarkdownCodec`` are this codec under two flavors: Markdown source is plain
/// text, so a corpus of `.md` documents verifies and converts with the same encodings, detection,
/// options, error codes and guarantees. The rules themselves:
///
/// Encodings: UTF-8 (with or without a byte-order mark), UTF-16 LE/BE and UTF-32 LE/BE (with or
/// without), US-ASCII, and from our own tables Mac OS Roman (`macintosh`), Windows-1252 and
/// ISO-8859-1. Detection (see ``TextCodecOptions`` for the options that change it): a byte-order
/// mark, then strict UTF-8 (pure ASCII is UTF-8), then UTF-16 without a mark, then the declared
/// fallback; there is no silent default. Invalid bytes are an error, never replaced, unless
/// replacement is asked for (`replace-invalid`: U+FFFD by the "maximal subpart" rule for UTF-8).
///
/// Error codes:
/// - `text.invalid-bytes`: a byte sequence is not valid in the encoding (at its byte offset).
/// - `text.undetectable-encoding`: no byte-order mark, not UTF-8 or UTF-16, and no fallback declared
///   (at the first byte that is not UTF-8); the message points at `--fallback-encoding`.
/// - `text.unencodable-character`: saving, the encoding cannot hold a character (its line and column;
///   the message names it as U+XXXX and gives its index among the Unicode scalars).
/// - `text.unknown-encoding`: an option names an encoding the codec does not know.
/// - `text.not-a-file`, `text.unreadable`: the document is a folder or a link, or could not be read.
/// - `codec.option.unknown`, `codec.option.invalid-value`: a run-time option is wrong.
public struct TextCodec<Flavor: TextCodecFlavor>: ConfigurableCodec {
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

    public static var identifier: String { Flavor.identifier }
    public static var readableContentTypes: [UTType] { Flavor.readableContentTypes }
    public static var acceptedOptions: [String] { TextCodecOptions.names }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> TextDocument {
        try TextCodecFile.decode(file, options: options)
    }

    public func encode(_ snapshot: TextDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: try snapshot.encoded())
    }

    /// Writes straight to `url` (see ``TextDocument/write(to:)``): a large UTF-8 document is not copied first.
    public func write(
        _ snapshot: TextDocument, to url: URL, previous: TextDocument?, contentType: UTType,
        progress: consuming Subprogress
    ) async throws {
        let manager = progress.start(totalCount: 1)
        try snapshot.write(to: url)
        manager.complete(count: 1)
    }

    public func differences(expected: TextDocument, actual: TextDocument) -> [SnapshotDifference] {
        TextDifferences.all(expected: expected, actual: actual)
    }
}

/// What both text codecs do with a file: check it is one, then decode its bytes.

/// What distinguishes one text codec from another: its identifier and the content types it reads.
public protocol TextCodecFlavor: Sendable {
    /// The codec's identifier in manifests and on the command line.
    static var identifier: String { get }
    /// The content types the codec reads, the preferred one first.
    static var readableContentTypes: [UTType] { get }
}

/// Plain text, byte for byte.
///
/// The characters and exactly how they were stored (encoding, byte-order mark, line endings per line,
/// trailing newline), so an unchanged document re-encodes to the same bytes: see ``TextCodec``.
public typealias PlainTextCodec = TextCodec<PlainTextFlavor>

/// Plain text's identifier (`plain-text`) and types (`public.utf8-plain-text`, `public.plain-text`).
public enum PlainTextFlavor: TextCodecFlavor {
    public static var identifier: String { "plain-text" }
    public static var readableContentTypes: [UTType] { [.utf8PlainText, .plainText] }
}

/// Markdown documents (`net.daringfireball.markdown`, `.md` and `.markdown`): the plain-text rules under Markdown's
/// type.
///
/// Markdown source is plain text, so this codec reads and writes exactly as ``PlainTextCodec`` does
/// (same encodings, detection, options and error codes, all `text.…`): a corpus of `.md` documents
/// verifies and converts with the same guarantees. It does not parse the Markdown.
public typealias MarkdownCodec = TextCodec<MarkdownFlavor>

/// Markdown's identifier (`markdown`) and type (`net.daringfireball.markdown`).
public enum MarkdownFlavor: TextCodecFlavor {
    public static var identifier: String { "markdown" }
    public static var readableContentTypes: [UTType] { [.markdown] }
}

enum TextCodecFile {
    static func decode(_ file: FileWrapper, options: TextCodecOptions) throws -> TextDocument {
        guard file.isRegularFile else {
            throw CodecError(
                code: .text(.notAFile), message: "a text document must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: .text(.unreadable), message: "the file's contents could not be read")
        }
        return try data.withUnsafeBytes { raw in
            try TextDecoding.decode(raw.bindMemory(to: UInt8.self), options: options)
        }
    }
}
