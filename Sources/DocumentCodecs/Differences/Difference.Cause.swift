extension Difference {
    /// The stable codes a comparator puts in `Difference.cause`; manifests and JSON reports name these, never messages.
    ///
    /// A cause is named only when it fully explains the difference of its node: a text that differs in its
    /// line endings and in one word gets no `text.line-endings-only`.
    public enum Cause {
        /// The actual bytes are a strict prefix of the expected ones (the actual side was cut short).
        public static let bytesTruncated = "bytes.truncated"
        /// The expected bytes are a strict prefix of the actual ones (the actual side has extra bytes at the end).
        public static let bytesExtended = "bytes.extended"
    }
}
