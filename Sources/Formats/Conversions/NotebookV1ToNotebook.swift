import DocumentCodecs

/// A notebook v1 file migrated to the notebook package: the same title and page texts, in order.
///
/// Page identifiers are derived, so a migration run twice gives the same package: page `i` (0-based)
/// with text `t` gets the UUID made of the first 16 bytes of SHA-256 of the UTF-8 bytes of
/// `"notebook-v1 page <i>\n<t>"`, with the version nibble set to 8 and the variant bits to `10`
/// (RFC 9562's custom UUID). The index keeps two pages with the same text apart.
///
/// The package has no place for the pages' created and modified dates (its `metadata.json` holds a
/// title and page IDs only), so they are not carried: that is this migration's one loss, reported as
/// the warning `notebook-v1.conversion.dates-dropped` (so `docmigrate convert --fail-on-warnings`
/// refuses it), and the reason to keep the original file (the converter never deletes it). Anything else that does
/// not fit is an error: a title or page text holding U+0000 (`notebook-v1.conversion.nul-character`),
/// which the package's JSON metadata and text pages are not meant to carry.
public struct NotebookV1ToNotebook: WarningReportingConversion {
    public typealias Source = NotebookV1Codec
    public typealias Target = NotebookCodec

    public init() {}

    public func convert(_ snapshot: NotebookV1) throws -> Notebook {
        if snapshot.title.unicodeScalars.contains("\u{0}") {
            throw CodecError(
                code: .notebookV1(.conversionNULCharacter),
                message: "the title holds a NUL character, which a notebook package cannot carry",
                location: .keyPath("title"))
        }
        var pages: [Notebook.Page] = []
        for (index, page) in snapshot.pages.enumerated() {
            if page.text.unicodeScalars.contains("\u{0}") {
                throw CodecError(
                    code: .notebookV1(.conversionNULCharacter),
                    message: "the page holds a NUL character, which a notebook package cannot carry",
                    location: .keyPath("pages[\(index)].text"))
            }
            pages.append(Notebook.Page(id: Self.pageID(index: index, text: page.text), text: page.text))
        }
        return Notebook(title: snapshot.title, pages: pages)
    }

    /// One warning when pages had dates, which the package cannot hold.
    public func warnings(converting source: NotebookV1, into converted: Notebook) -> [ConversionWarning] {
        guard !source.pages.isEmpty else { return [] }
        let noun = source.pages.count == 1 ? "page's" : "pages'"
        return [
            ConversionWarning(
                code: .notebookV1(.conversionDatesDropped), path: "pages",
                message:
                    "the \(source.pages.count) \(noun) created and modified dates are not carried: the notebook "
                    + "package has no place for them"
            )
        ]
    }

    /// The derived identifier of page `index` (0-based) holding `text`.
    public static func pageID(index: Int, text: String) -> UUID {
        var bytes = Array(SHA256.hash(Array("notebook-v1 page \(index)\n\(text)".utf8)).bytes.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
