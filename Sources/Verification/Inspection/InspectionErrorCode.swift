/// The stable codes of `InspectionError`: a document that could not be inspected before its codec was asked.
package enum InspectionErrorCode: String, CataloguedErrorCode {
    case missing = "inspect.missing"
    case noCodec = "inspect.no-codec"

    package var summary: String {
        switch self {
        case .missing:
            "There is no file or folder at the path given to `inspect`; check the path."
        case .noCodec:
            "No registered codec reads the detected content type; name one of their content types with "
                + "`--type`."
        }
    }
}
