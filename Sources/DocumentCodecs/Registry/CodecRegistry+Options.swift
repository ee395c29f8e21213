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

    /// This registry with the codec that reads the document at `path` configured with `options`.
    ///
    /// One document has one codec, so unlike ``configured(forMixedCorpus:)`` a codec that takes no options
    /// is an error naming it. Nothing changes without options, or when no codec reads the document (whoever
    /// decodes it then says so). The codec is found by ``ContentTypeDetector``, with `givenType` first.
    ///
    /// - Throws: the codec's `CodecError`, naming `path`, when it refuses the options.
    public func configured(
        _ options: CodecOptions, forDocumentAt path: String, givenType: String? = nil
    ) throws -> CodecRegistry {
        guard !options.isEmpty else { return self }
        let detection = ContentTypeDetector(codecs: self).detect(at: URL(fileURLWithPath: path), givenType: givenType)
        guard let codec = detection.codec else { return self }
        var configured = self
        do {
            configured.register(try codec.configured(options))
        } catch let error as CodecError {
            throw error.located(in: path)
        }
        return configured
    }
}
