/// The stable codes of `SourceAuditError`: input the source audit could not read.
package enum SourceAuditErrorCode: String, CataloguedErrorCode {
    case missing = "audit.missing"
    case unreadable = "audit.unreadable"

    package var summary: String {
        switch self {
        case .missing:
            "There is no file or folder at a path given to the audit; check the path."
        case .unreadable:
            "A Swift file could not be read; check that it is readable."
        }
    }
}
