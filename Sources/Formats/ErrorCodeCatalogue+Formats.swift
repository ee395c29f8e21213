extension ErrorCodeCatalogue {
    /// The catalogues of the built-in formats, in the order `Documentation/error-codes.md` lists them.
    package static let formats: [ErrorCodeCatalogue] = [
        ErrorCodeCatalogue(
            TextErrorCode.self, domain: "Text", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            JSONErrorCode.self, domain: "JSON", module: "Formats", errorType: "JSONParseError, CodecError"),
        ErrorCodeCatalogue(
            CSVErrorCode.self, domain: "Delimited text", module: "Formats", errorType: "CSVParseError, CodecError"),
        ErrorCodeCatalogue(
            PropertyListErrorCode.self, domain: "Property lists", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            KeyedArchiveErrorCode.self, domain: "Keyed archives", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            RTFErrorCode.self, domain: "RTF", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            RTFDErrorCode.self, domain: "RTFD packages", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            FlatRTFDErrorCode.self, domain: "Flat RTFD files", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            MarkdownBundleErrorCode.self, domain: "Markdown bundles", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            NotebookErrorCode.self, domain: "Notebooks", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            NotebookV1ErrorCode.self, domain: "Version-1 notebooks", module: "Formats",
            errorType: "CodecError, ConversionWarning"),
        ErrorCodeCatalogue(
            CodableErrorCode.self, domain: "Codable models", module: "Formats", errorType: "CodecError"),
        ErrorCodeCatalogue(
            FormatConversionErrorCode.self, domain: "Format conversions", module: "Formats", errorType: "CodecError"),
    ]
}
