import DocumentCodecs

extension CodecRegistry {
    /// Registers the notebook package codec and its conversions.
    mutating func registerPackageFormats() {
        // Declares the notebook's type, so its files resolve by extension before any notebook is read.
        _ = NotebookCodec.contentType
        register(NotebookCodec.self)
        register(NotebookToPlainText.self)
    }
}
