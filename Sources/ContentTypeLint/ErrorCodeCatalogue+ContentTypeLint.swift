import DocumentCodecs

extension ErrorCodeCatalogue {
    /// The catalogues of ContentTypeLint's error types, in the order `Documentation/error-codes.md` lists them.
    package static let contentTypeLint: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            InfoPlistLintErrorCode.self, domain: "Content-type lint", module: "ContentTypeLint",
            errorType: "CodecError")
    ]
}
