import DocumentCodecs

extension PlainTextCodec: AnonymizableCodec {
    /// The whole text as filler: the byte-order mark, line endings and byte length stay as they were.
    public func anonymize(_ snapshot: String, with anonymizer: inout Anonymizer) -> String {
        anonymizer.text(snapshot)
    }
}
