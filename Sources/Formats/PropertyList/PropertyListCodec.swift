import DocumentCodecs

/// Property lists in any of their three forms (`com.apple.property-list` and its binary and XML subtypes).
///
/// **Reading** detects the form by content, never by the content type alone: `bplist` opens the
/// binary form; a byte-order mark (UTF-8, UTF-16 or UTF-32), or `<?`, `<!` or `<plist` after leading
/// white space, opens the XML form; anything else is OpenStep text (as CF decides: a bare word is a
/// valid OpenStep property list). The document remembers the form it was read in.
///
/// **Writing** picks the form from the content type first and the document second: a type that
/// conforms to `com.apple.binary-property-list` is written binary, one that conforms to
/// `com.apple.xml-property-list` is written as XML, and any other (`com.apple.property-list` itself)
/// writes the form the document was read in, so a round trip keeps the form. A binary document
/// whose value is unchanged is written back byte for byte (``BinaryPropertyListLayout``). OpenStep
/// is never written (Apple's tools no longer write it, and Foundation on Linux traps trying).
///
/// Codes: those of ``BinaryPropertyList`` and of the XML and OpenStep readers, plus
/// `plist.not-a-file` (a folder or link), `plist.unreadable`, and `plist.openstep.write-unsupported`.
public struct PropertyListCodec: DocumentCodec {
    public typealias Snapshot = PropertyListDocument

    public init() {}

    public static let identifier = "property-list"
    public static var readableContentTypes: [UTType] { [.propertyList, .binaryPropertyList, .xmlPropertyList] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> PropertyListDocument {
        guard file.isRegularFile else {
            throw CodecError(code: "plist.not-a-file", message: "a property list must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: "plist.unreadable", message: "the file's contents could not be read")
        }
        return try Self.read(data)
    }

    public func encode(_ snapshot: PropertyListDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: try Self.write(snapshot, as: Self.format(for: snapshot, contentType: contentType)))
    }

    /// Reads a property list in whichever form its bytes are.
    public static func read(_ data: Data) throws -> PropertyListDocument {
        switch detectFormat(data) {
        case .binary: try BinaryPropertyList.readDocument(data)
        case .xml: PropertyListDocument(value: try XMLPropertyList.read(data), format: .xml)
        case .openStep: PropertyListDocument(value: try OpenStepPropertyList.read(data), format: .openStep)
        }
    }

    /// Writes a document in `format`; the binary form reuses the document's source bytes while its value is unchanged.
    public static func write(_ document: PropertyListDocument, as format: PropertyListDocument.Format) throws -> Data {
        switch format {
        case .binary:
            return try BinaryPropertyList.write(document)
        case .xml:
            return try XMLPropertyList.write(document.value)
        case .openStep:
            throw CodecError(
                code: "plist.openstep.write-unsupported",
                message: "property lists are not written in the OpenStep form; save as com.apple.xml-property-list or com.apple.binary-property-list")
        }
    }

    /// The form a document is written in for `contentType`: the binary or XML subtype if the type names one, else the document's own.
    public static func format(for document: PropertyListDocument, contentType: UTType) -> PropertyListDocument.Format {
        if contentType.conforms(to: .binaryPropertyList) { return .binary }
        if contentType.conforms(to: .xmlPropertyList) { return .xml }
        return document.format
    }

    /// The form `data` is in, judged by its first bytes.
    public static func detectFormat(_ data: Data) -> PropertyListDocument.Format {
        let head = [UInt8](data.prefix(64))
        if head.starts(with: Array("bplist".utf8)) { return .binary }
        let byteOrderMarks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x00, 0xFE, 0xFF]]
        if byteOrderMarks.contains(where: { head.starts(with: $0) }) { return .xml }
        let text = head.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        for opening in ["<?", "<!", "<plist"] where text.starts(with: Array(opening.utf8)) { return .xml }
        return .openStep
    }

    public func differences(expected: PropertyListDocument, actual: PropertyListDocument) -> [SnapshotDifference] {
        var found: [SnapshotDifference] = []
        Self.collectDifferences(expected.value, actual.value, path: "$", into: &found)
        return found
    }
}
