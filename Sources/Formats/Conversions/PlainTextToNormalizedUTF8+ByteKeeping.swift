import DocumentCodecs

/// Text already in the normalised form: UTF-8 without a byte-order mark and without a CR, read without a forced
/// encoding.
///
/// Such bytes decode, by ``TextDecoding/decode(_:options:)``'s detection, as UTF-8 without a mark
/// (strict UTF-8 comes before UTF-16 and any fallback, and replacement has nothing to replace);
/// rewriting LF as LF changes nothing, and the UTF-8 of the unchanged text is the bytes themselves,
/// which read back without options as the same document. Any other file takes the whole route.
extension PlainTextToNormalizedUTF8: ByteKeepingConversion {
    /// Whether `bytes` are valid UTF-8 without a leading byte-order mark or any CR, read by the built-in plain-text
    /// codec without a forced encoding.
    public static func keepsBytes(
        _ bytes: UnsafeRawBufferPointer, from source: AnyDocumentCodec, to target: AnyDocumentCodec
    ) -> Bool {
        guard Self().normalization.lineEnding == .lf, source.accept(IsBuiltInPlainTextCodec()),
            target.accept(IsBuiltInPlainTextCodec()),
            let options = try? TextCodecOptions(source.options), options.forcedEncoding == nil
        else { return false }
        let text = bytes.bindMemory(to: UInt8.self)
        guard TextDecoding.byteOrderMarkEncoding(of: text) == nil, !text.contains(0x0D) else { return false }
        return String(validating: text, as: UTF8.self) != nil
    }
}

/// Whether an erased codec is the built-in plain-text codec, with or without run-time options (not a user's codec of
/// the same name).
private struct IsBuiltInPlainTextCodec: DocumentCodecVisitor {
    func visit<Codec: DocumentCodec>(_ codec: Codec.Type) -> Bool {
        ObjectIdentifier(codec) == ObjectIdentifier(PlainTextCodec.self)
            || ObjectIdentifier(codec) == ObjectIdentifier(ConfiguredCodec<PlainTextCodec>.self)
    }
}
