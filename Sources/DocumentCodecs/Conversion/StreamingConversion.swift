/// A conversion that can also run over one file a block at a time, when its codecs and their options allow it.
///
/// The batch converter decodes a whole document, converts the snapshot and encodes it; for a large
/// file whose format has no state beyond a few bytes (8-bit text to UTF-8, say) that holds the whole
/// input and output in memory for nothing. A conversion that knows how to give exactly the bytes
/// (and errors, and warnings) of the whole-document route a block at a time conforms to this protocol
/// as well, and the registry's `AnySnapshotConversion` carries the factory. The whole-document route
/// stays the reference: a streaming converter declines (returns nil) whenever it cannot promise the same result.
public protocol StreamingSnapshotConversion: SnapshotConversion {
    /// A converter for files decoded by `source` and written (and, when `verifies`, read back) by `target`; nil when
    /// the pair or its options need whole documents.
    static func streamingConverter(
        from source: AnyDocumentCodec, to target: AnyDocumentCodec, verifies: Bool
    ) -> (any StreamingFileConverter)?
}

/// Reads `buffer.count` bytes at most of the input at a byte offset; returns how many it read (0 at the end).
public typealias StreamingInputReader = (_ offset: Int, _ buffer: UnsafeMutableRawBufferPointer) throws -> Int

/// The streaming form of a route's decode, conversion and encode for one kind of file.
public protocol StreamingFileConverter: Sendable {
    /// A transcoder for the input that `read` reads, or nil when this particular file needs the whole-document route.
    ///
    /// The converter may read as much of the input as detection needs (the whole-document decode may
    /// detect its encoding from any byte); it throws what the whole-document decode would throw for
    /// an input it can already tell is bad.
    func makeTranscoder(size: Int, reading read: StreamingInputReader) throws -> (any StreamingTranscoder)?
}

/// Turns the input, block after block in order, into the output bytes; each output block is written as it comes.
public protocol StreamingTranscoder {
    /// The most bytes ``transcode(_:into:)`` writes for `count` input bytes, and ``finish(into:)`` at the end.
    func outputCapacity(forInputCount count: Int) -> Int
    /// Transcodes the next block into `output`; returns how many bytes it wrote there.
    ///
    /// Throws the whole-document decode's error for the first bad byte, located in the whole input.
    mutating func transcode(_ block: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int
    /// Writes what the last block held back (a carriage return waiting for its line feed, say); returns how many bytes.
    mutating func finish(into output: UnsafeMutableRawBufferPointer) -> Int
    /// What the conversion lost, as the whole-document route would report it; read after ``finish(into:)``.
    var warnings: [ConversionWarning] { get }
    /// A counter that tells the output's length from the input alone, or nil when only transcoding tells it.
    ///
    /// A file's digest starts with its length, so with the length known first the output can be
    /// hashed while it is still being written rather than read once more afterwards.
    func makeOutputLengthCounter() -> (any StreamingOutputLengthCounter)?
}

extension StreamingTranscoder {
    /// No counter: the output's length is known once it is written.
    public func makeOutputLengthCounter() -> (any StreamingOutputLengthCounter)? { nil }
}

/// Counts the bytes a ``StreamingTranscoder`` will write for an input, fed the same blocks without transcoding them.
///
/// Sendable: the converter's digest thread counts while it hashes the input, beside the transcoding.
public protocol StreamingOutputLengthCounter: Sendable {
    /// Adds the next input block.
    mutating func count(_ block: UnsafeRawBufferPointer)
    /// The output's length for all the blocks added; for an input the transcoder rejects, any number.
    func finish() -> Int
}
