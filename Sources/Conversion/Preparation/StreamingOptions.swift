/// Whether and how a job streams a large file item (reads, transcodes, writes and verifies it a block at a time).
///
/// The defaults are what `docmigrate convert` uses; tests change them to put block boundaries
/// everywhere, to stream small files, or to force one route. They apply where an item is prepared
/// by a preparer that was given them: a job's own process (``ItemIsolation/inProcess``), or a worker
/// executable that makes its preparer with them (``ConversionWorker/serve(preparer:)``).
public struct StreamingOptions: Sendable, Equatable {
    /// Which items take the streaming route.
    public enum Mode: Sendable, Equatable {
        /// Every file item whose route can stream (one conversion with a streaming converter), the rest whole.
        case whenPossible
        /// No item: each goes through the whole-document route.
        case never
        /// Every file item, and one the streaming route declines fails (`convert.streaming.declined`),
        /// so that a caller sees which items it takes.
        case required
    }

    /// Which items take the streaming route.
    public var mode: Mode
    /// The input bytes read at a time; at least 1.
    public var blockSize: Int {
        didSet { precondition(blockSize > 0, "StreamingOptions.blockSize must be at least 1") }
    }
    /// The smallest file streamed: a smaller one costs little memory whole, and fewer calls.
    public var minimumSize: Int {
        didSet { precondition(minimumSize >= 0, "StreamingOptions.minimumSize must not be negative") }
    }

    /// Options with `docmigrate convert`'s defaults: blocks of 256 KiB, files from 1 MiB on.
    public init(mode: Mode = .whenPossible, blockSize: Int = 1 << 18, minimumSize: Int = 1 << 20) {
        precondition(blockSize > 0, "StreamingOptions.blockSize must be at least 1")
        precondition(minimumSize >= 0, "StreamingOptions.minimumSize must not be negative")
        self.mode = mode
        self.blockSize = blockSize
        self.minimumSize = minimumSize
    }
}
