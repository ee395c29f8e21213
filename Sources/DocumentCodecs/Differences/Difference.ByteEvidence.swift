extension Difference {
    /// What a byte difference shows a reader: where, how long each side is, both hashes, and the bytes around.
    ///
    /// Windows are stored as lowercase hex without separators so that the JSON report stays readable and
    /// exact; the text renderer lays them out as hex and printable ASCII.
    public struct ByteEvidence: Hashable, Sendable, Codable {
        /// The 0-based offset of the first differing byte (the shorter length when one side is a prefix).
        public var offset: Int
        /// The expected side's length in bytes.
        public var expectedLength: Int
        /// The actual side's length in bytes.
        public var actualLength: Int
        /// The SHA-256 digest of the whole expected side.
        public var expectedSHA256: SHA256Digest
        /// The SHA-256 digest of the whole actual side.
        public var actualSHA256: SHA256Digest
        /// The offset of the first byte of both windows.
        public var windowStart: Int
        /// The expected side's bytes from `windowStart`, as hex (may be shorter than the actual's near the end).
        public var expectedWindow: String
        /// The actual side's bytes from `windowStart`, as hex.
        public var actualWindow: String

        public init(
            offset: Int, expectedLength: Int, actualLength: Int, expectedSHA256: SHA256Digest,
            actualSHA256: SHA256Digest,
            windowStart: Int, expectedWindow: String, actualWindow: String
        ) {
            self.offset = offset
            self.expectedLength = expectedLength
            self.actualLength = actualLength
            self.expectedSHA256 = expectedSHA256
            self.actualSHA256 = actualSHA256
            self.windowStart = windowStart
            self.expectedWindow = expectedWindow
            self.actualWindow = actualWindow
        }
    }
}
