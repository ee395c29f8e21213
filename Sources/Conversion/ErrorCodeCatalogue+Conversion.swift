import DocumentCodecs

extension ErrorCodeCatalogue {
    /// The catalogues of Conversion's error types, in the order `Documentation/error-codes.md` lists them.
    package static let conversion: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            ConversionErrorCode.self, domain: "Batch conversion", module: "Conversion", errorType: "ConversionError")
    ]
}
