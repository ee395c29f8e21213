/// The stable codes of version-1 notebooks (keyed archives): the codec's `CodecError`s and conversion warnings.
package enum NotebookV1ErrorCode: String, CataloguedErrorCode {
    case badDate = "notebook-v1.bad-date"
    case badField = "notebook-v1.bad-field"
    case conversionDatesDropped = "notebook-v1.conversion.dates-dropped"
    case conversionNULCharacter = "notebook-v1.conversion.nul-character"
    case missingField = "notebook-v1.missing-field"
    case mixedPageClasses = "notebook-v1.mixed-page-classes"
    case notAFile = "notebook-v1.not-a-file"
    case notANotebook = "notebook-v1.not-a-notebook"
    case unexpectedField = "notebook-v1.unexpected-field"
    case unreadable = "notebook-v1.unreadable"
    case unwritableFormat = "notebook-v1.unwritable-format"

    package var summary: String {
        switch self {
        case .badDate:
            "A page's date is not a finite time."
        case .badField:
            "A field of the notebook or a page has the wrong type (the key path names it)."
        case .conversionDatesDropped:
            "A warning: the pages' dates were dropped, because a notebook package has nowhere to keep them."
        case .conversionNULCharacter:
            "The title or a page holds a NUL character, which a notebook package cannot carry."
        case .missingField:
            "A field the notebook or a page requires is missing (the key path names it)."
        case .mixedPageClasses:
            "The pages are of two classes, which cannot be written back as one notebook."
        case .notAFile:
            "A version-1 notebook must be a single file, but the item is a folder."
        case .notANotebook:
            "The archive's root object is not a Notebook, so the file is not a version-1 notebook."
        case .unexpectedField:
            "An object holds a field version-1 notebooks do not have, which would be lost; remove it."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        case .unwritableFormat:
            "The notebook's property list is in the OpenStep form, which cannot be written; choose binary or "
                + "XML."
        }
    }
}

extension CodecError.Code {
    /// A code of the NotebookV1 format.
    package static func notebookV1(_ code: NotebookV1ErrorCode) -> Self { Self(code) }
}
