import DocumentCodecs

/// Plain text in any stored form converted to UTF-8 without a byte-order mark, every line ending made one kind.
///
/// The registered conversion (`plain-text` → `plain-text`) writes LF, the documented default; make
/// it with `init(lineEnding:)` for CRLF or CR. The characters are kept; ``changes(converting:)``
/// says what the conversion changes (encoding from X, byte-order mark removed, N line endings changed).
public struct PlainTextToNormalizedUTF8: SnapshotConversion {
    public typealias Source = PlainTextCodec
    public typealias Target = PlainTextCodec

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
