/// A conversion that can tell from a file's bytes alone that its whole route would write those same bytes.
///
/// Converting a corpus mostly meets files already in the target form: UTF-8 text with LF, converted
/// to UTF-8 with LF. Decoding such a file, converting the snapshot, encoding it and decoding the
/// output again to verify it costs more than the file's bytes; a job that knows the bytes come
/// out unchanged writes them as they are and verifies them by reading them back.
/// A conversion promises, for bytes it says it keeps: decoding them with `source` (whatever the content
/// type), converting, and encoding with `target` gives those bytes; `target` without its options
/// decodes them to a snapshot that equals the converted one; and the conversion reports no warnings.
/// When unsure, it says no: the whole route runs, as for any other file.
public protocol ByteKeepingConversion: SnapshotConversion {
    /// Whether the route `source` → this conversion → `target` writes `bytes` unchanged (see the protocol's promise).
    static func keepsBytes(
        _ bytes: UnsafeRawBufferPointer, from source: AnyDocumentCodec, to target: AnyDocumentCodec
    ) -> Bool
}
