import DocumentCodecs

/// An RTFD package flattened into one flat-RTFD container, every member byte for byte.
///
/// The container is laid out afresh (members sorted by name, then the attribute table; see
/// `FlatRTFDCodec`), so `FlatRTFDToRTFD` gives back exactly the members this started from.
public struct RTFDToFlatRTFD: SnapshotConversion {
    public typealias Source = RTFDCodec
    public typealias Target = FlatRTFDCodec

    public init() {}

    public func convert(_ package: RTFDDocument) throws -> FlatRTFDDocument {
        FlatRTFDDocument(package: package)
    }
}
