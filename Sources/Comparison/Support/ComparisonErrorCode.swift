/// The stable codes of `ComparisonError`: a comparison that could not be carried out at all.
package enum ComparisonErrorCode: String, CataloguedErrorCode {
    case missing = "comparison.missing"
    case unknownCodec = "comparison.unknown-codec"
    case unreadable = "comparison.unreadable"
    case trailingEscape = "glob.trailing-escape"
    case unterminatedClass = "glob.unterminated-class"

    package var summary: String {
        switch self {
        case .missing:
            "There is no file or folder at a path given to `diff`; check the path."
        case .unknownCodec:
            "A semantic rule names no codec (and there is no default) or one that is not registered; name a "
                + "registered codec."
        case .unreadable:
            "A file or package member to compare could not be read; check that it exists and is readable."
        case .trailingEscape:
            "A glob pattern ends in `\\`, which escapes nothing; remove it or escape a character."
        case .unterminatedClass:
            "A glob pattern's character class `[` has no closing `]`; close it."
        }
    }
}
