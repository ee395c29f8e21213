extension CodecRegistry {
    /// This registry with every codec that takes all of `options` configured with them; nil when no codec takes them.
    ///
    /// A corpus mixes formats, so the options go to the codecs that accept them (the text codecs take
    /// `encoding`, `fallback-encoding` and `replace-invalid`) and the others are left as they are. With no
    /// options, the registry is returned unchanged.
    public func configured(forMixedCorpus options: CodecOptions) throws -> CodecRegistry? {
        guard !options.isEmpty else { return self }
        var configured = self
        var accepted = false
        for codec in codecs where options.entries.allSatisfy({ codec.acceptedOptions.contains($0.name) }) {
            configured.register(try codec.configured(options))
            accepted = true
        }
        return accepted ? configured : nil
    }
}
