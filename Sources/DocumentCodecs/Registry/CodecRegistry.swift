import DocumentModels

/// The codecs a tool knows, looked up by content type or by identifier.
///
/// A team's own tool registers its codecs here and hands the registry to the command-line entry
/// point, so every verb works on its formats.
public struct CodecRegistry: Sendable {
    /// The registered codecs, in registration order.
    public private(set) var codecs: [AnyDocumentCodec] = []
    /// The registered conversions between codecs' snapshots, in registration order.
    public private(set) var conversions: [AnySnapshotConversion] = []

    /// An empty registry.
    public init() {}

    /// A registry holding `codecs`, in that order.
    public init(_ codecs: [AnyDocumentCodec]) {
        for codec in codecs { register(codec) }
    }

    /// Adds a codec; a codec with the same identifier is replaced, so a team can override a built-in one.
    public mutating func register(_ codec: AnyDocumentCodec) {
        codecs.removeAll { $0.identifier == codec.identifier }
        codecs.append(codec)
    }

    /// Adds the codec type `Codec`.
    public mutating func register<Codec: DocumentCodec>(_ codec: Codec.Type) {
        register(AnyDocumentCodec(codec))
    }

    /// Adds a conversion; one with the same source and target codecs is replaced.
    public mutating func register(_ conversion: AnySnapshotConversion) {
        conversions.removeAll { $0.sourceCodec == conversion.sourceCodec && $0.targetCodec == conversion.targetCodec }
        conversions.append(conversion)
    }

    /// Adds the conversion type `Conversion`.
    public mutating func register<Conversion: SnapshotConversion>(_ conversion: Conversion.Type) {
        register(AnySnapshotConversion(conversion))
    }

    /// The conversion from the codec `source` to the codec `target`, if registered.
    public func conversion(from source: String, to target: String) -> AnySnapshotConversion? {
        conversions.first { $0.sourceCodec == source && $0.targetCodec == target }
    }

    /// The codec named `identifier`, if registered.
    public func codec(identifier: String) -> AnyDocumentCodec? {
        codecs.first { $0.identifier == identifier }
    }

    /// The codec that reads `contentType`: one that lists it, else the one whose listed type is the
    /// most specific supertype of it (the one with the most supertypes of its own); ties go to the
    /// codec registered first.
    public func codec(reading contentType: UTType) -> AnyDocumentCodec? {
        if let exact = codecs.first(where: { $0.readableContentTypes.contains(contentType) }) { return exact }
        var best: (codec: AnyDocumentCodec, depth: Int)?
        for codec in codecs {
            for type in codec.readableContentTypes where contentType.conforms(to: type) {
                let depth = type.supertypes.count
                if let current = best, depth <= current.depth { continue }
                best = (codec, depth)
            }
        }
        return best?.codec
    }
}
