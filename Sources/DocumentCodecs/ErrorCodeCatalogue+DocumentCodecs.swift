extension ErrorCodeCatalogue {
    /// The catalogues of DocumentCodecs' error types, in the order `Documentation/error-codes.md` lists them.
    package static let documentCodecs: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            DocumentCodecsErrorCode.self, domain: "Codec framework", module: "DocumentCodecs", errorType: "CodecError"),
        ErrorCodeCatalogue(
            AnonymizationErrorCode.self, domain: "Anonymization", module: "DocumentCodecs",
            errorType: "AnonymizationError"),
    ]
}
