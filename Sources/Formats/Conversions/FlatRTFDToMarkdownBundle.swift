import DocumentCodecs

/// A flat RTFD as a Markdown bundle, exactly as its unpacked RTFD converts (see `RTFDToMarkdownBundle`).
public struct FlatRTFDToMarkdownBundle: SnapshotConversion {
    public typealias Source = FlatRTFDCodec
    public typealias Target = MarkdownBundleCodec

    public init() {}

    public func convert(_ flat: FlatRTFDDocument) throws -> MarkdownBundle {
        try RTFDToMarkdownBundle().convert(flat.package)
    }
}
