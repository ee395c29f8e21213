/// The stable codes of the `CodecError`s the codec framework itself throws: options, the registry, adapters.
package enum DocumentCodecsErrorCode: String, CataloguedErrorCode {
    case adapterNoContent = "adapter.no-content"
    case anonymizeUnsupported = "anonymize.unsupported"
    case optionInvalidValue = "codec.option.invalid-value"
    case optionUnknown = "codec.option.unknown"
    case optionsUnbound = "codec.options.unbound"
    case optionsUnsupported = "codec.options.unsupported"
    case conversionSnapshotMismatch = "conversion.snapshot-mismatch"
    case registrySnapshotMismatch = "registry.snapshot-mismatch"

    package var summary: String {
        switch self {
        case .adapterNoContent:
            "A document was saved before it was read or given content; read it or give it content first."
        case .anonymizeUnsupported:
            "The codec has no anonymizer, so its documents cannot be anonymized; share a made-up document "
                + "instead."
        case .optionInvalidValue:
            "A codec option has a value of the wrong kind (a flag given something other than true or false); "
                + "fix the value."
        case .optionUnknown:
            "The codec has no option of that name; the message lists the options it has."
        case .optionsUnbound:
            "A configurable codec was used without its options being bound; configure it through the "
                + "registry."
        case .optionsUnsupported:
            "Options were given to a codec that takes none; remove them."
        case .conversionSnapshotMismatch:
            "A conversion was handed a snapshot of another type than it converts; register it for the right "
                + "codecs."
        case .registrySnapshotMismatch:
            "The registry was handed a snapshot of another codec's type; pass the snapshot its own codec "
                + "made."
        }
    }
}

extension CodecError.Code {
    /// A code of the codec framework itself.
    package static func codecs(_ code: DocumentCodecsErrorCode) -> Self { Self(code) }
}
