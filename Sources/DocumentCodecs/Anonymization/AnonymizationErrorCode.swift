import Diagnostics

/// The stable codes of `AnonymizationError`: why an anonymization did not run.
package enum AnonymizationErrorCode: String, CataloguedErrorCode {
    case noCodec = "anonymize.no-codec"
    case outputExists = "anonymize.output-exists"
    case outputIsInput = "anonymize.output-is-input"
    case unreadable = "anonymize.unreadable"
    case writeFailed = "anonymize.write-failed"

    package var summary: String {
        switch self {
        case .noCodec:
            "No codec reads the document's content type; name another with `--type`."
        case .outputExists:
            "The output already exists; pass `--force` to replace it."
        case .outputIsInput:
            "The output is the document, lies inside it or would replace a folder holding it; choose another "
                + "output."
        case .unreadable:
            "The document could not be read; check that it exists and is readable."
        case .writeFailed:
            "The anonymized case could not be written; check the output folder's permissions and free space."
        }
    }
}
