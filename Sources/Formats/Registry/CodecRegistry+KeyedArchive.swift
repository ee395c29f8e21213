import DocumentCodecs

extension CodecRegistry {
    /// Registers the keyed-archive and notebook v1 codecs and their conversions.
    ///
    /// Both read property-list types that the property-list codec, registered before them, also
    /// reads; manifests and jobs name them explicitly (`keyed-archive`), while the notebook v1 type
    /// is its own (`com.example.notebook-v1`), so its files resolve by extension.
    mutating func registerKeyedArchiveFormats() {
        register(KeyedArchiveCodec.self)
        register(KeyedArchiveToJSON.self)
        register(KeyedArchiveToPropertyList.self)
        _ = NotebookV1Codec.contentType
        register(NotebookV1Codec.self)
        register(NotebookV1ToNotebook.self)
    }
}
