import DocumentCodecs

/// Markdown in any stored form converted to UTF-8 without a byte-order mark, every line ending made one kind.
///
/// The same normalisation as ``PlainTextToNormalizedUTF8`` (LF by default), for `markdown` → `markdown`.
public struct MarkdownToNormalizedUTF8: SnapshotConversion {
    public typealias Source = MarkdownCodec
    public typealias Target = MarkdownCodec

    /// The normalisation applied.
    public let normalization: NormalizedUTF8

    /// Normalisation to UTF-8 with LF line endings.
    public init() {
        normalization = NormalizedUTF8()
    }

    /// Normalisation to UTF-8 with `lineEnding`.
    public init(lineEnding: LineEnding) {
        normalization = NormalizedUTF8(lineEnding: lineEnding)
    }

    public func convert(_ snapshot: TextDocument) throws -> TextDocument {
        normalization.apply(to: snapshot).document
    }

    /// What converting `snapshot` changes, for a report.
    public func changes(converting snapshot: TextDocument) -> NormalizedUTF8.Changes {
        normalization.apply(to: snapshot).changes
    }
}
