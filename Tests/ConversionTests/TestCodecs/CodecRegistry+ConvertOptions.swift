import DocumentCodecs
import Formats

extension CodecRegistry {
    /// The built-in codecs with every codec that takes all of `options` configured with them, as
    /// `docmigrate convert --encoding …` (or `--fallback-encoding`, `--replace-invalid`) configures its registry.
    public static func builtIn(configuredWith options: CodecOptions) throws -> CodecRegistry {
        let codecs = CodecRegistry.builtIn
        guard !options.isEmpty else { return codecs }
        var configured = codecs
        for codec in codecs.codecs where options.entries.allSatisfy({ codec.acceptedOptions.contains($0.name) }) {
            configured.register(try codec.configured(options))
        }
        return configured
    }
}
