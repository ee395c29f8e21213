import DocumentCodecs

/// Normalising 8-bit text to UTF-8 with LF, a block at a time, when the plain-text codec would read the file in that
/// encoding.
///
/// The whole-document route decodes the file (``TextDecoding``), rewrites its line endings
/// (``NormalizedUTF8``) and encodes the text as UTF-8 without a byte-order mark. For a file the
/// codec reads in a single-byte encoding (macintosh, windows-1252, iso-8859-1), forced with
/// `encoding` or chosen by `fallback-encoding` after detection, the same bytes come from
/// ``TextTranscoding/Transcoder`` block by block. Everything else declines and takes the whole route:
/// other encodings, a fallback file that starts with a byte-order mark, looks like UTF-16 or is
/// entirely valid UTF-8, and a codec that is not the built-in plain-text codec. The output is read
/// back as UTF-8 whatever the options say, as the whole route reads it back with the target codec
/// without the options for reading inputs.
extension PlainTextToNormalizedUTF8: StreamingSnapshotConversion {
    public static func streamingConverter(
        from source: AnyDocumentCodec, to target: AnyDocumentCodec, verifies: Bool
    ) -> (any StreamingFileConverter)? {
        guard source.accept(IsPlainTextCodec()), target.accept(IsPlainTextCodec()),
            let options = try? TextCodecOptions(source.options)
        else {
            return nil
        }
        let replacing = options.replacesInvalidBytes
        if let forced = options.forcedEncoding {
            guard case .singleByte(let encoding) = forced else { return nil }
            return StreamingEightBitText(encoding: encoding, replacing: replacing, isForced: true)
        }
        guard case .singleByte(let encoding) = options.fallbackEncoding else { return nil }
        return StreamingEightBitText(encoding: encoding, replacing: replacing, isForced: false)
    }
}

/// Whether an erased codec is the built-in plain-text codec, with or without run-time options.
private struct IsPlainTextCodec: DocumentCodecVisitor {
    func visit<Codec: DocumentCodec>(_ codec: Codec.Type) -> Bool {
        ObjectIdentifier(codec) == ObjectIdentifier(PlainTextCodec.self)
            || ObjectIdentifier(codec) == ObjectIdentifier(ConfiguredCodec<PlainTextCodec>.self)
    }
}

/// The streaming converter of one 8-bit encoding: the detection of ``TextDecoding/decode(_:options:)``, then the
/// transcoder.
struct StreamingEightBitText: StreamingFileConverter {
    let encoding: SingleByteEncoding
    let replacing: Bool
    /// Whether the encoding was forced (`encoding`) rather than a fallback after detection (`fallback-encoding`).
    let isForced: Bool

    /// The bytes read at a time while looking for the first byte that is not UTF-8.
    static let detectionBlockSize = 1 << 16

    func makeTranscoder(size: Int, reading read: StreamingInputReader) throws -> (any StreamingTranscoder)? {
        if !isForced {
            guard try isDecodedAsFallback(size: size, reading: read) else { return nil }
        }
        return TextTranscoding.Transcoder(
            encoding: encoding, replacing: replacing, normalization: NormalizedUTF8(lineEnding: .lf))
    }

    /// Whether detection, given no forced encoding, ends at the fallback: no byte-order mark, not UTF-16, not all
    /// UTF-8.
    ///
    /// Conservative where that would take the whole file: a file that looks like UTF-16 is left to the
    /// whole-document route, which tries to decode it as UTF-16 before it falls back.
    private func isDecodedAsFallback(size: Int, reading read: StreamingInputReader) throws -> Bool {
        var head = [UInt8](repeating: 0, count: min(size, TextDecoding.utf16SniffedByteCount))
        let headCount = try head.withUnsafeMutableBytes { try read(0, $0) }
        let looksLikeOtherEncoding = head.withUnsafeBufferPointer { head in
            let read = UnsafeBufferPointer(rebasing: head[0..<headCount])
            return TextDecoding.byteOrderMarkEncoding(of: read) != nil
                || TextDecoding.likelyUTF16(head: read, count: size) != nil
        }
        if looksLikeOtherEncoding { return false }
        return try !Self.isValidUTF8(reading: read)
    }

    /// Whether the whole input is valid UTF-8, read a block at a time; stops at the first invalid sequence.
    static func isValidUTF8(reading read: StreamingInputReader, blockSize: Int = detectionBlockSize) throws -> Bool {
        // Up to three bytes of a sequence cut by the block's end wait at the start of the buffer for the rest.
        var buffer = [UInt8](repeating: 0, count: blockSize + 3)
        var carried = 0, offset = 0
        while true {
            let count = try buffer.withUnsafeMutableBytes { buffer in
                try read(offset, UnsafeMutableRawBufferPointer(rebasing: buffer[carried..<(carried + blockSize)]))
            }
            offset += count
            let available = carried + count
            let atEnd = count == 0
            let complete =
                atEnd
                ? available
                : buffer.withUnsafeBufferPointer { completeLength(UnsafeBufferPointer(rebasing: $0[0..<available])) }
            let valid = buffer.withUnsafeBufferPointer {
                String(validating: UnsafeBufferPointer(rebasing: $0[0..<complete]), as: UTF8.self) != nil
            }
            if !valid { return false }
            if atEnd { return true }
            carried = available - complete
            for index in 0..<carried { buffer[index] = buffer[complete + index] }
        }
    }

    /// How many leading bytes of `bytes` end on a sequence boundary: all but a final lead byte's sequence still missing
    /// bytes.
    static func completeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var start = count
        // The last lead byte among the final four (a longer run of continuation bytes is invalid anyway).
        while start > max(0, count - 4) {
            start -= 1
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return count - start < length ? start : count
            }
        }
        return count
    }
}
