import DocumentCodecs

/// The stable codes of the content-type lint's own `CodecError`s (its findings come from `UTTypeDeclarationError`).
package enum InfoPlistLintErrorCode: String, CataloguedErrorCode {
    case notADictionary = "lint-plist.not-a-dictionary"
    case unreadable = "lint-plist.unreadable"

    package var summary: String {
        switch self {
        case .notADictionary:
            "The Info.plist's top level is not a dictionary, so it declares no types; make the root a "
                + "dictionary."
        case .unreadable:
            "The Info.plist given to `lint-plist` could not be read; check that it exists and is readable."
        }
    }
}

extension CodecError.Code {
    /// A code of the content-type lint.
    package static func lintPlist(_ code: InfoPlistLintErrorCode) -> Self { Self(code) }
}
