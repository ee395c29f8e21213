import DocumentCodecs

/// What preparing one item produced: a verified output in a temporary sibling of its destination, or the error.
///
/// A child worker sends this back as one JSON line, so it carries only values.
public struct PreparedItem: Codable, Sendable, Hashable {
    /// The detected content type of the input.
    public var sourceType: String?
    /// The codecs along the route, source first.
    public var route: [String] = []
    /// The input's size in bytes (a folder's: 0) and modification time, as read.
    public var inputSize: Int64 = 0
    /// The input's modification time, whole seconds since 1970.
    public var inputModificationSeconds: Int64 = 0
    /// The input's modification time, nanoseconds part.
    public var inputModificationNanoseconds: Int64 = 0
    /// The input's `DocumentDigest`, hex.
    public var inputHash: String?
    /// The output's `DocumentDigest`, hex; nil when no output was written.
    public var outputHash: String?
    /// Whether the output is a folder (a package) rather than a file.
    public var outputIsFolder = false
    /// What the conversion could not carry across.
    public var warnings: [ConversionWarning] = []
    /// Why the item failed; nil when the output was written and verified.
    public var error: ConversionError?

    /// An empty result, filled in as the item is prepared.
    public init() {}
}
