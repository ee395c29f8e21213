// The portable UTType family compiles only where the system lacks it: on Apple systems
// UniformTypeIdentifiers provides UTType, and a second one would make user code ambiguous.
#if !canImport(Darwin)

extension UTType {
    /// One row of the system table: identifier, parents, extensions, MIME types, English description.
    private typealias SystemRow = (
        identifier: String, parents: [String], extensions: [String], mimeTypes: [String], description: String?
    )

    /// The system-declared types, in the order that decides which type a shared tag resolves to.
    ///
    /// Source: a dump of macOS 13.3.1 (UTDUMP in `apple-api-facts.md` §3), parents and tags in declared
    /// order, so the first tag is the preferred one. Exceptions, each marked:
    /// - `public.video` comes from Apple's `UTCoreTypes.h` (it is the `C` code of dynamic identifiers).
    /// - `net.daringfireball.markdown` is system-declared only from the 27 releases on; its parent is
    ///   documented, but its tags (`md`, `markdown`, `text/markdown`) are **unconfirmed**.
    /// Descriptions are the English `UTTypeDescription` strings of the same dump; nil where the dump has
    /// none, because we do not invent what Apple's localized strings say.
    private static let systemRows: [SystemRow] = [
        ("public.item", [], [], [], "item"),
        ("public.content", [], [], [], "content"),
        ("public.composite-content", ["public.content"], [], [], "content"),
        ("public.data", ["public.item"], [], ["application/octet-stream"], "data"),
        ("public.directory", ["public.item"], [], [], "directory"),
        ("public.folder", ["public.directory"], [], [], nil),
        ("com.apple.package", ["public.directory"], [], [], nil),
        ("com.apple.bundle", ["public.directory"], [], [], nil),
        ("public.text", ["public.data", "public.content"], [], [], "text"),
        ("public.plain-text", ["public.text"], ["txt", "text"], ["text/plain"], nil),
        ("public.utf8-plain-text", ["public.plain-text"], [], ["text/plain;charset=utf-8"], nil),
        ("public.utf16-plain-text", ["public.plain-text"], [], ["text/plain;charset=utf-16"], nil),
        ("public.utf16-external-plain-text", ["public.plain-text"], [], [], nil),
        ("public.delimited-values-text", ["public.text"], [], [], "delimited text values"),
        (
            "public.comma-separated-values-text", ["public.plain-text", "public.delimited-values-text"],
            ["csv"], ["text/csv", "text/comma-separated-values"], "comma-separated values"
        ),
        (
            "public.tab-separated-values-text", ["public.plain-text", "public.delimited-values-text"],
            ["tsv"], ["text/tab-separated-values"], "tab-separated values"
        ),
        ("public.rtf", ["public.text"], ["rtf"], ["text/rtf"], "rich text (RTF)"),
        ("com.apple.rtfd", ["com.apple.package", "public.composite-content"], ["rtfd"], [], nil),
        ("com.apple.flat-rtfd", ["public.data", "public.composite-content"], [], [], nil),
        ("public.html", ["public.text"], ["html", "htm", "shtml", "shtm"], ["text/html"], "HTML text"),
        ("public.xml", ["public.text"], ["xml"], ["application/xml", "text/xml"], "XML text"),
        ("public.json", ["public.text"], ["json"], ["application/json"], "JSON"),
        ("public.yaml", ["public.text"], ["yml", "yaml"], ["application/x-yaml"], "YAML"),
        ("com.apple.property-list", ["public.data"], ["plist"], [], "property list"),
        ("com.apple.xml-property-list", ["public.xml", "com.apple.property-list"], ["plist"], [], "XML property list"),
        ("com.apple.binary-property-list", ["com.apple.property-list"], ["plist"], [], "binary property list"),
        ("net.daringfireball.markdown", ["public.utf8-plain-text"], ["md", "markdown"], ["text/markdown"], nil),
        ("public.source-code", ["public.plain-text"], [], [], "source code"),
        ("public.script", ["public.source-code"], [], [], "script"),
        ("public.image", ["public.data", "public.content"], [], [], nil),
        ("public.png", ["public.image"], ["png"], ["image/png"], nil),
        ("public.jpeg", ["public.image"], ["jpeg", "jpg", "jpe"], ["image/jpeg", "image/jpg"], nil),
        ("public.tiff", ["public.image"], ["tiff", "tif"], ["image/tiff"], nil),
        ("public.svg-image", ["public.image", "public.xml"], ["svg", "svgz"], ["image/svg+xml"], nil),
        ("com.adobe.pdf", ["public.data", "public.composite-content"], ["pdf"], ["application/pdf"], nil),
        ("public.archive", [], [], [], "file archive"),
        ("com.pkware.zip-archive", ["public.data", "public.archive"], [], [], "PKZip archive"),
        (
            "public.zip-archive", ["com.pkware.zip-archive"], ["zip"],
            ["application/zip", "application/x-zip-compressed"], "Zip archive"
        ),
        ("public.audiovisual-content", ["public.data", "public.content"], [], [], nil),
        ("public.movie", ["public.audiovisual-content"], [], [], nil),
        ("public.video", ["public.movie"], [], [], nil),
        ("public.audio", ["public.audiovisual-content"], [], [], nil),
        ("public.presentation", ["public.composite-content"], [], [], "presentation"),
        ("com.apple.keynote.key", ["com.apple.package", "public.presentation"], [], [], nil),
        (
            "com.apple.iWork.Keynote.key", ["com.apple.package", "public.presentation", "com.apple.keynote.key"],
            ["key"], [], nil
        ),
    ]

    /// The system table as records, in table order.
    static let systemRecords: [Record] = systemRows.map { row in
        var tags: [UTTagClass: [String]] = [:]
        if !row.extensions.isEmpty { tags[.filenameExtension] = row.extensions }
        if !row.mimeTypes.isEmpty { tags[.mimeType] = row.mimeTypes }
        return Record(
            identifier: row.identifier, parentIdentifiers: row.parents, tags: tags,
            typeDescription: row.description, referenceURL: nil, origin: .system
        )
    }

    /// A system type by identifier; the identifier must be in the table (a static member's invariant).
    private init(systemIdentifier: String) {
        let record = UTTypeRegistry.systemTable.record(forKey: UTType.key(for: systemIdentifier))
        precondition(record != nil, "\(systemIdentifier) is missing from the system table")
        self.init(
            record: record
                ?? Record(
                    identifier: systemIdentifier, parentIdentifiers: [], tags: [:], origin: .undeclared
                ))
    }

    /// The root of the physical hierarchy: files, folders, symbolic links (`public.item`).
    public static let item = UTType(systemIdentifier: "public.item")
    /// The root of the content hierarchy: anything a user thinks of as a document (`public.content`).
    public static let content = UTType(systemIdentifier: "public.content")
    /// Content that mixes kinds, such as text with images (`public.composite-content`).
    public static let compositeContent = UTType(systemIdentifier: "public.composite-content")
    /// A flat stream of bytes: every flat file conforms to it (`public.data`).
    public static let data = UTType(systemIdentifier: "public.data")
    /// A directory of the file system (`public.directory`).
    public static let directory = UTType(systemIdentifier: "public.directory")
    /// A folder the user sees as a folder, not as one item (`public.folder`).
    public static let folder = UTType(systemIdentifier: "public.folder")
    /// A directory shown to the user as one file; every package document conforms (`com.apple.package`).
    public static let package = UTType(systemIdentifier: "com.apple.package")
    /// A directory with a standard bundle layout (`com.apple.bundle`).
    public static let bundle = UTType(systemIdentifier: "com.apple.bundle")
    /// Text of any encoding and markup (`public.text`).
    public static let text = UTType(systemIdentifier: "public.text")
    /// Text without markup, in an unspecified encoding (`public.plain-text`).
    public static let plainText = UTType(systemIdentifier: "public.plain-text")
    /// Plain text in UTF-8 (`public.utf8-plain-text`).
    public static let utf8PlainText = UTType(systemIdentifier: "public.utf8-plain-text")
    /// Plain text in native-endian UTF-16 without a byte order mark (`public.utf16-plain-text`).
    public static let utf16PlainText = UTType(systemIdentifier: "public.utf16-plain-text")
    /// Plain text in UTF-16 with a byte order mark or big-endian (`public.utf16-external-plain-text`).
    public static let utf16ExternalPlainText = UTType(systemIdentifier: "public.utf16-external-plain-text")
    /// Text of values separated by a delimiter (`public.delimited-values-text`).
    public static let delimitedText = UTType(systemIdentifier: "public.delimited-values-text")
    /// Comma-separated values (`public.comma-separated-values-text`).
    public static let commaSeparatedText = UTType(systemIdentifier: "public.comma-separated-values-text")
    /// Tab-separated values (`public.tab-separated-values-text`).
    public static let tabSeparatedText = UTType(systemIdentifier: "public.tab-separated-values-text")
    /// Rich Text Format (`public.rtf`).
    public static let rtf = UTType(systemIdentifier: "public.rtf")
    /// Rich text with attachments, stored as a package (`com.apple.rtfd`); it is not `public.data`.
    public static let rtfd = UTType(systemIdentifier: "com.apple.rtfd")
    /// Rich text with attachments, flattened into one file (`com.apple.flat-rtfd`).
    public static let flatRTFD = UTType(systemIdentifier: "com.apple.flat-rtfd")
    /// HTML (`public.html`).
    public static let html = UTType(systemIdentifier: "public.html")
    /// XML (`public.xml`).
    public static let xml = UTType(systemIdentifier: "public.xml")
    /// JSON (`public.json`).
    public static let json = UTType(systemIdentifier: "public.json")
    /// YAML (`public.yaml`).
    public static let yaml = UTType(systemIdentifier: "public.yaml")
    /// A property list of any encoding (`com.apple.property-list`).
    public static let propertyList = UTType(systemIdentifier: "com.apple.property-list")
    /// An XML property list (`com.apple.xml-property-list`).
    public static let xmlPropertyList = UTType(systemIdentifier: "com.apple.xml-property-list")
    /// A binary property list (`com.apple.binary-property-list`).
    public static let binaryPropertyList = UTType(systemIdentifier: "com.apple.binary-property-list")
    /// Markdown text (`net.daringfireball.markdown`), conforming to UTF-8 plain text.
    ///
    /// Apple declares it from the 27 releases on. Its tags here — extensions `md` and `markdown`, MIME
    /// type `text/markdown` — are **unconfirmed**: Apple's documentation does not list them.
    public static let markdown = UTType(systemIdentifier: "net.daringfireball.markdown")
    /// Source code of any language (`public.source-code`).
    public static let sourceCode = UTType(systemIdentifier: "public.source-code")
    /// A script of any scripting language (`public.script`).
    public static let script = UTType(systemIdentifier: "public.script")
    /// An image of any format (`public.image`).
    public static let image = UTType(systemIdentifier: "public.image")
    /// A PNG image (`public.png`).
    public static let png = UTType(systemIdentifier: "public.png")
    /// A JPEG image (`public.jpeg`).
    public static let jpeg = UTType(systemIdentifier: "public.jpeg")
    /// A TIFF image (`public.tiff`).
    public static let tiff = UTType(systemIdentifier: "public.tiff")
    /// A scalable vector graphics image (`public.svg-image`).
    public static let svg = UTType(systemIdentifier: "public.svg-image")
    /// A PDF document (`com.adobe.pdf`).
    public static let pdf = UTType(systemIdentifier: "com.adobe.pdf")
    /// An archive of files; it declares no parent (`public.archive`).
    public static let archive = UTType(systemIdentifier: "public.archive")
    /// A zip archive (`public.zip-archive`).
    public static let zip = UTType(systemIdentifier: "public.zip-archive")
    /// Audio, video, or both (`public.audiovisual-content`).
    public static let audiovisualContent = UTType(systemIdentifier: "public.audiovisual-content")
    /// Media with video and possibly audio (`public.movie`).
    public static let movie = UTType(systemIdentifier: "public.movie")
    /// Video without audio (`public.video`).
    public static let video = UTType(systemIdentifier: "public.video")
    /// Audio without video (`public.audio`).
    public static let audio = UTType(systemIdentifier: "public.audio")
    /// A presentation such as a slide show (`public.presentation`).
    public static let presentation = UTType(systemIdentifier: "public.presentation")
}

#endif
