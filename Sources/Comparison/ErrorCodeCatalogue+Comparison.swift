import DocumentCodecs

extension ErrorCodeCatalogue {
    /// The catalogues of Comparison's error types, in the order `Documentation/error-codes.md` lists them.
    package static let comparison: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            ComparisonErrorCode.self, domain: "Comparison", module: "Comparison", errorType: "ComparisonError")
    ]
}
