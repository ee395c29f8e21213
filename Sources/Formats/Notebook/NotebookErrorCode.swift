/// The stable codes of notebook packages (`metadata.json` and pages): the codec's `CodecError`s.
package enum NotebookErrorCode: String, CataloguedErrorCode {
    case metadataDuplicatePage = "notebook.metadata.duplicate-page"
    case metadataInvalid = "notebook.metadata.invalid"
    case metadataMissing = "notebook.metadata.missing"
    case metadataUnreadable = "notebook.metadata.unreadable"
    case notAPackage = "notebook.not-a-package"
    case pageInvalidUTF8 = "notebook.page.invalid-utf8"
    case pageMissing = "notebook.page.missing"
    case pageUnreadable = "notebook.page.unreadable"
    case pagesMissing = "notebook.pages.missing"
    case unreadable = "notebook.unreadable"

    package var summary: String {
        switch self {
        case .metadataDuplicatePage:
            "`metadata.json` lists the same page twice; remove the repeated ID."
        case .metadataInvalid:
            "`metadata.json` is not a notebook's metadata (a title and a list of page IDs)."
        case .metadataMissing:
            "The package has no `metadata.json`, which every notebook holds."
        case .metadataUnreadable:
            "`metadata.json` could not be read; check that it is a readable file."
        case .notAPackage:
            "A notebook must be a folder (package), but the item is a single file."
        case .pageInvalidUTF8:
            "A page is not valid UTF-8; save it as UTF-8."
        case .pageMissing:
            "The metadata lists a page the package does not hold; add the page or remove its ID."
        case .pageUnreadable:
            "A page could not be read (it may have been removed since the notebook was opened)."
        case .pagesMissing:
            "The package has no `pages` folder, but its metadata lists pages."
        case .unreadable:
            "The package's members could not be listed; check that the folder is readable."
        }
    }
}

extension CodecError.Code {
    /// A code of the Notebook format.
    package static func notebook(_ code: NotebookErrorCode) -> Self { Self(code) }
}
