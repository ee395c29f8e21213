import DocumentCodecs

extension CodecRegistry {
    /// Every codec and conversion docmigrate ships, for tools that register nothing of their own.
    ///
    /// Each format family registers its codecs and conversions in its own `register…` function, in
    /// the order below; the order decides which codec reads a type that several list.
    public static var builtIn: CodecRegistry {
        var registry = CodecRegistry()
        registry.registerTextFormats()
        registry.registerPackageFormats()
        registry.registerJSONFormats()
        registry.registerPropertyListFormats()
        registry.registerKeyedArchiveFormats()
        registry.registerCSVFormats()
        registry.registerRichTextFormats()
        return registry
    }
}
