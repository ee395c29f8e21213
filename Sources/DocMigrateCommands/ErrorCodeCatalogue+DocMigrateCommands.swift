import DocumentPlatform

extension ErrorCodeCatalogue {
    /// The catalogues of the command-line verbs' own error types, in the order `Documentation/error-codes.md`
    /// lists them.
    package static let docMigrateCommands: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            UsageErrorCode.self, domain: "Command-line usage", module: "DocMigrateCommands", errorType: "UsageError")
    ]
}
