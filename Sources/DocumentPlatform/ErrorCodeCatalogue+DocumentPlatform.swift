extension ErrorCodeCatalogue {
    /// The catalogues of DocumentPlatform's error types, in the order `Documentation/error-codes.md` lists them.
    package static let documentPlatform: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            FileWrapperErrorCode.self, domain: "File wrappers", module: "DocumentPlatform",
            errorType: "FileWrapperError"),
        ErrorCodeCatalogue(
            FlatRTFDContainerErrorCode.self, domain: "Flat RTFD containers", module: "DocumentPlatform",
            errorType: "FlatRTFDContainer.DecodingError"),
        ErrorCodeCatalogue(
            FileCoordinationErrorCode.self, domain: "File coordination", module: "DocumentPlatform",
            errorType: "FileCoordinationError"),
        ErrorCodeCatalogue(
            UTTypeDeclarationErrorCode.self, domain: "Uniform type declarations", module: "DocumentPlatform",
            errorType: "UTTypeDeclarationError"),
    ]
}
