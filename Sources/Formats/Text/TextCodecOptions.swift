import DocumentCodecs

/// The run-time options of the text codecs: a forced encoding, a declared fallback, and whether to replace invalid
/// bytes.
///
/// | option | value | meaning |
/// | --- | --- | --- |
/// | `encoding` | an encoding name | read and write this encoding, whatever the bytes look like |
/// | `fallback-encoding` | an 8-bit encoding name | used when the bytes have no byte-order mark and are neither UTF-8
/// nor UTF-16 |
/// | `replace-invalid` | `true` / `false` | replace invalid bytes with U+FFFD instead of refusing the file |
///
/// There is no default fallback: a file in no detectable encoding is refused unless one is declared.
public struct TextCodecOptions: Sendable, Hashable {
    /// The option names, as `--encoding`, `--fallback-encoding` and `--replace-invalid` pass them.
    public static let names = ["encoding", "fallback-encoding", "replace-invalid"]

    /// Read every file in this encoding (its byte-order mark is recognised, not required); nil to detect.
    public var forcedEncoding: TextEncoding?
    /// The 8-bit encoding for bytes that are not UTF-8 or UTF-16; nil to refuse them.
    public var fallbackEncoding: TextEncoding?
    /// Whether invalid bytes become U+FFFD (by the "maximal subpart" rule for UTF-8) instead of an error.
    public var replacesInvalidBytes: Bool

    /// Detection with no fallback, refusing invalid bytes: the defaults of `PlainTextCodec()`.
    public init(
        forcedEncoding: TextEncoding? = nil, fallbackEncoding: TextEncoding? = nil, replacesInvalidBytes: Bool = false
    ) {
        self.forcedEncoding = forcedEncoding
        self.fallbackEncoding = fallbackEncoding
        self.replacesInvalidBytes = replacesInvalidBytes
    }

    /// The options from their names and values; a bad value is a `CodecError` located at its option.
    public init(_ options: CodecOptions) throws {
        try options.checkNames(accepted: Self.names, codec: "text")
        forcedEncoding = try options["encoding"].map { try TextEncoding.named($0, option: "encoding") }
        fallbackEncoding = try options["fallback-encoding"].map {
            try TextEncoding.named($0, option: "fallback-encoding")
        }
        if let fallback = fallbackEncoding, !fallback.isEightBit {
            throw CodecError(
                code: .codecs(.optionInvalidValue),
                message:
                    "a fallback encoding must be an 8-bit encoding (macintosh, windows-1252, iso-8859-1, us-ascii), "
                    + "not \(fallback.name): UTF encodings are detected without one",
                location: .keyPath("fallback-encoding"))
        }
        replacesInvalidBytes = try options.flag("replace-invalid")
    }
}
