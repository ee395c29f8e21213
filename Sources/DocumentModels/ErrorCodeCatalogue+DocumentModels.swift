extension ErrorCodeCatalogue {
    /// The catalogues of DocumentModels' error types, in the order `Documentation/error-codes.md` lists them.
    package static let documentModels: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            DocumentHostErrorCode.self, domain: "Document host", module: "DocumentModels",
            errorType: "DocumentHostError")
    ]
}
