import DocumentModels

/// A conversion between two codecs' snapshots: format knowledge, written once.
///
/// Conversions live beside the codecs (in `Formats` for the built-in ones) and register in the
/// `CodecRegistry`, so the verifier's golden conversion cases and the batch converter run the same
/// ones. A conversion that cannot carry everything across says so by throwing a `CodecError`
/// rather than dropping content silently.
public protocol SnapshotConversion: Sendable {
    /// The codec whose snapshots this conversion reads.
    associatedtype Source: DocumentCodec
    /// The codec whose snapshots this conversion makes.
    associatedtype Target: DocumentCodec

    /// Makes the conversion with the options its type carries.
    init()

    /// Converts one snapshot.
    func convert(_ snapshot: Source.Snapshot) throws -> Target.Snapshot
}

/// A conversion with its snapshot types erased, as the registry holds it.
public struct AnySnapshotConversion: Sendable {
    /// The identifier of the source codec.
    public let sourceCodec: String
    /// The identifier of the target codec.
    public let targetCodec: String
    private let run: @Sendable (AnySnapshot) throws -> AnySnapshot
    private let check: (@Sendable (AnySnapshot, AnySnapshot) -> [ConversionWarning])?
    private let streaming: (@Sendable (AnyDocumentCodec, AnyDocumentCodec, Bool) -> (any StreamingFileConverter)?)?
    private let keeping: (@Sendable (UnsafeRawBufferPointer, AnyDocumentCodec, AnyDocumentCodec) -> Bool)?

    /// Wraps the conversion type `Conversion` (with its warning check when it is a `WarningReportingConversion`).
    public init<Conversion: SnapshotConversion>(_ conversion: Conversion.Type) {
        if let reporting = conversion as? any WarningReportingConversion.Type {
            check = Self.warningCheck(reporting)
        } else {
            check = nil
        }
        if let streamable = conversion as? any StreamingSnapshotConversion.Type {
            streaming = { source, target, verifies in
                streamable.streamingConverter(from: source, to: target, verifies: verifies)
            }
        } else {
            streaming = nil
        }
        if let keeping = conversion as? any ByteKeepingConversion.Type {
            self.keeping = { bytes, source, target in keeping.keepsBytes(bytes, from: source, to: target) }
        } else {
            self.keeping = nil
        }
        sourceCodec = Conversion.Source.identifier
        targetCodec = Conversion.Target.identifier
        run = { snapshot in
            guard let value = snapshot.value as? Conversion.Source.Snapshot else {
                throw CodecError(
                    code: .codecs(.conversionSnapshotMismatch),
                    message:
                        "the \(Conversion.Source.identifier) → \(Conversion.Target.identifier) conversion was given "
                        + "a snapshot of \(snapshot.codecIdentifier)"
                )
            }
            return AnySnapshot(try Conversion().convert(value), codecIdentifier: Conversion.Target.identifier)
        }
    }

    /// Converts a snapshot of the source codec into one of the target codec.
    public func convert(_ snapshot: AnySnapshot) throws -> AnySnapshot {
        try run(snapshot)
    }

    /// What converting `source` into `converted` lost; empty for a conversion that reports nothing.
    public func warnings(converting source: AnySnapshot, into converted: AnySnapshot) -> [ConversionWarning] {
        check?(source, converted) ?? []
    }

    /// Whether the route `source` → this conversion → `target` writes `bytes` unchanged (see `ByteKeepingConversion`);
    /// false when the conversion cannot tell.
    public func keepsBytes(
        _ bytes: UnsafeRawBufferPointer, from source: AnyDocumentCodec, to target: AnyDocumentCodec
    ) -> Bool {
        keeping?(bytes, source, target) ?? false
    }

    /// The block-at-a-time form of this conversion between these codecs, when it has one (see
    /// `StreamingSnapshotConversion`).
    public func streamingConverter(
        from source: AnyDocumentCodec, to target: AnyDocumentCodec, verifies: Bool
    ) -> (any StreamingFileConverter)? {
        streaming?(source, target, verifies)
    }

    private static func warningCheck<Reporting: WarningReportingConversion>(
        _ conversion: Reporting.Type
    ) -> @Sendable (AnySnapshot, AnySnapshot) -> [ConversionWarning] {
        { source, converted in
            guard let sourceValue = source.value as? Reporting.Source.Snapshot,
                let convertedValue = converted.value as? Reporting.Target.Snapshot
            else { return [] }
            return Reporting().warnings(converting: sourceValue, into: convertedValue)
        }
    }
}
