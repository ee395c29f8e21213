import DocumentCodecs

/// A flat-RTFD container unpacked into an RTFD package, every member byte for byte.
///
/// The container's wrapper metadata (the attribute table `.` with permissions, the preferred-name
/// entries) describes the container, not the document, and is not carried; `RTFDToFlatRTFD` writes
/// the default table back, so a container in that layout survives the round trip byte for byte.
public struct FlatRTFDToRTFD: SnapshotConversion {
    public typealias Source = FlatRTFDCodec
    public typealias Target = RTFDCodec

    public init() {}

    public func convert(_ flat: FlatRTFDDocument) throws -> RTFDDocument {
        flat.package
    }
}
