/// The stable codes of `UTTypeDeclarationError`, one per way an Info.plist type declaration can be unusable.
package enum UTTypeDeclarationErrorCode: String, CataloguedErrorCode {
    case declarationBadConformsTo = "uttype.declaration.bad-conforms-to"
    case declarationBadReferenceURL = "uttype.declaration.bad-reference-url"
    case declarationBadTagSpecification = "uttype.declaration.bad-tag-specification"
    case declarationInvalidIdentifier = "uttype.declaration.invalid-identifier"
    case declarationMissingIdentifier = "uttype.declaration.missing-identifier"
    case declarationNotADictionary = "uttype.declaration.not-a-dictionary"
    case declarationNotAString = "uttype.declaration.not-a-string"
    case declarationReservedIdentifier = "uttype.declaration.reserved-identifier"
    case declarationsNotAnArray = "uttype.declarations.not-an-array"
    case infoPlistMalformed = "uttype.infoplist.malformed"
    case infoPlistNotADictionary = "uttype.infoplist.not-a-dictionary"
    case infoPlistUnreadable = "uttype.infoplist.unreadable"

    package var summary: String {
        switch self {
        case .declarationBadConformsTo:
            "`UTTypeConformsTo` is not a string or an array of strings; list the parent identifiers as "
                + "strings."
        case .declarationBadReferenceURL:
            "`UTTypeReferenceURL` is not a URL; write a full URL or remove the key."
        case .declarationBadTagSpecification:
            "`UTTypeTagSpecification` or one of its tags has the wrong type; use a dictionary of strings or "
                + "string arrays."
        case .declarationInvalidIdentifier:
            "`UTTypeIdentifier` holds characters other than letters, digits, `-` and `.`; use a reverse-DNS "
                + "identifier."
        case .declarationMissingIdentifier:
            "A type declaration has no `UTTypeIdentifier`, so the type has no name; add one."
        case .declarationNotADictionary:
            "An entry of a type-declaration array is not a dictionary; write each declaration as a "
                + "dictionary."
        case .declarationNotAString:
            "A key that must hold a string (such as `UTTypeDescription`) holds another type; write a string."
        case .declarationReservedIdentifier:
            "The identifier is in the `dyn.` domain, which is reserved for dynamic types; choose your own "
                + "domain."
        case .declarationsNotAnArray:
            "`UTExportedTypeDeclarations` or `UTImportedTypeDeclarations` is not an array; make it an array "
                + "of dictionaries."
        case .infoPlistMalformed:
            "The Info.plist is not a property list; fix its syntax (the message gives the parser's reason)."
        case .infoPlistNotADictionary:
            "The Info.plist's top level is not a dictionary, so it declares no types; make the root a "
                + "dictionary."
        case .infoPlistUnreadable:
            "The Info.plist could not be read; check that the file exists and is readable."
        }
    }
}
