import DocumentCodecs

extension CodecRegistry {
    /// Registers the CSV and TSV codecs and their conversions.
    mutating func registerCSVFormats() {
        register(CSVCodec.self)
        register(TSVCodec.self)
        register(StrictCSVCodec.self)
        register(CSVToTSV.self)
        register(TSVToCSV.self)
        register(CSVToJSON.self)
    }
}
