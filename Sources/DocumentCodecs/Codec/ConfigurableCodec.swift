/// A codec that also takes run-time options (``CodecOptions``), such as a text encoding the user names.
///
/// `init()` still makes the codec with the options its type carries (its defaults). The command line
/// (`--encoding`, `--fallback-encoding`, `--replace-invalid`) and a golden manifest's `"codecOptions"`
/// make a configured copy with ``configured(_:)``, which every part of docmigrate uses as it uses any
/// codec, the four adapter routes included (see ``ConfiguredCodec``).
public protocol ConfigurableCodec: DocumentCodec {
    /// The names of the options this codec takes, such as `encoding`.
    static var acceptedOptions: [String] { get }

    /// Makes the codec with `options`, whose names are already checked against ``acceptedOptions``.
    ///
    /// Throws a `CodecError` located at the option (`.keyPath(name)`) when a value is not valid.
    init(options: CodecOptions) throws
}

extension ConfigurableCodec {
    /// This codec configured with `options`, type-erased: unknown names and bad values are `CodecError`s naming the
    /// option.
    public static func configured(_ options: CodecOptions) throws -> AnyDocumentCodec {
        try options.checkNames(accepted: acceptedOptions, codec: identifier)
        return AnyDocumentCodec(configured: try Self(options: options), options: options)
    }
}
