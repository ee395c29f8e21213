import DocumentCodecs

/// The flat notebook of a FileDocument-era app ("notebook v1"): a title and pages with their dates,
/// stored as one keyed archive of the app's `Notebook` and `Page` classes, or as one plain property list.
///
/// The snapshot of `NotebookV1Codec`. It keeps the property list it was read from, so that a notebook
/// whose content and storage are unchanged is written back byte for byte; equality ignores that copy.
public struct NotebookV1: Sendable, Equatable {
    /// One page: its text and when it was created and last modified.
    public struct Page: Sendable, Equatable {
        /// The page's text.
        public var text: String
        /// When the page was created.
        public var created: Date
        /// When the page was last modified.
        public var modified: Date

        /// A page with `text`, created and modified at the given dates.
        public init(text: String, created: Date, modified: Date) {
            self.text = text
            self.created = created
            self.modified = modified
        }
    }

    /// How a notebook v1 file is stored.
    public enum Storage: Sendable, Hashable {
        /// `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)` of the app's classes,
        /// whose archived names (`Notebook` or `MyApp.Notebook`, `Page`) are kept to be written back.
        case keyedArchive(
            format: PropertyListDocument.Format, notebookClass: KeyedArchiveClass, pageClass: KeyedArchiveClass)
        /// A plain property list: `{title, pages: [{text, created, modified}]}`.
        case propertyList(format: PropertyListDocument.Format)

        /// A binary keyed archive of classes archived as `Notebook` and `Page`.
        public static let archive = Storage.keyedArchive(
            format: .binary, notebookClass: KeyedArchiveClass(rootClass: "Notebook"),
            pageClass: KeyedArchiveClass(rootClass: "Page"))
    }

    /// The notebook's title.
    public var title: String
    /// The pages, in order.
    public var pages: [Page]
    /// How the notebook is stored, and is written back.
    public var storage: Storage
    var source: Source?

    struct Source: Sendable {
        var document: PropertyListDocument
        var title: String
        var pages: [Page]
        var storage: Storage
    }

    /// A notebook with `title` and `pages`, stored as `storage`.
    public init(title: String, pages: [Page] = [], storage: Storage = .archive) {
        self.title = title
        self.pages = pages
        self.storage = storage
    }

    public static func == (lhs: NotebookV1, rhs: NotebookV1) -> Bool {
        lhs.title == rhs.title && lhs.pages == rhs.pages && lhs.storage == rhs.storage
    }
}
