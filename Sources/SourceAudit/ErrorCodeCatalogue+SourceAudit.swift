extension ErrorCodeCatalogue {
    /// The catalogues of SourceAudit's error types, in the order `Documentation/error-codes.md` lists them.
    package static let sourceAudit: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            SourceAuditErrorCode.self, domain: "Source audit", module: "SourceAudit", errorType: "SourceAuditError")
    ]
}
