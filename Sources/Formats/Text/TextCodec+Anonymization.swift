import DocumentCodecs

extension TextCodec: AnonymizableCodec {
    /// The whole text as filler: the encoding, the byte-order mark and the line endings stay as they were
    /// (Markdown's markup characters too: they are not word characters).
    public func anonymize(_ snapshot: TextDocument, with anonymizer: inout Anonymizer) -> TextDocument {
        snapshot.anonymized(with: &anonymizer)
    }
}

extension TextDocument {
    /// The same document with its words replaced by the anonymizer's filler, stored the same way.
    ///
    /// The filler keeps each word's script and UTF-8 length; in an 8-bit encoding a filler character
    /// the encoding cannot hold makes the save fail with `text.unencodable-character`, never a guess.
    func anonymized(with anonymizer: inout Anonymizer) -> TextDocument {
        var copy = self
        copy.text = anonymizer.text(text)
        return copy
    }
}
