import DocumentCodecs

/// The stable codes of the content-type lint's own `CodecError`s (its findings come from `UTTypeDeclarationError`).
package enum InfoPlistLintErrorCode: String, CataloguedErrorCode {
    case notADictionary = "lint-plist.not-a-dictionary"

    package var summary: String {
        switch self {
        case .notADictionary:
            "The Info.plist's top level is not a dictionary, so it declares no types; make the root a "
                + "dictionary."
        }
    }
}

extension CodecError.Code {
    /// A code of the content-type lint.
    package static func lintPlist(_ code: InfoPlistLintErrorCode) -> Self { Self(code) }
}
