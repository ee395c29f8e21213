extension ErrorCodeCatalogue {
    /// The catalogues of Verification's error types, in the order `Documentation/error-codes.md` lists them.
    package static let verification: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            VerificationErrorCode.self, domain: "Golden corpora", module: "Verification",
            errorType: "VerificationError"),
        ErrorCodeCatalogue(
            InspectionErrorCode.self, domain: "Inspection", module: "Verification", errorType: "InspectionError"),
    ]
}
