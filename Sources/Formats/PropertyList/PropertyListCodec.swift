import DocumentCodecs

/// Property lists in any of their three forms (`com.apple.property-list` and its binary and XML subtypes).
///
/// **Reading** detects the form by content, never by the content type alone: `bplist` opens the
/// binary form; `<?`, `<!` or `<plist` after leading white space opens the XML form, in UTF-8 or in
/// the UTF-16 or UTF-32 a byte-order mark names (or UTF-16 when a NUL is among the first two bytes);
/// anything else is OpenStep text, a UTF-16 `.strings` file with its byte-order mark included (as CF
/// decides: a bare word is a valid OpenStep property list). The document remembers the form it was read in.
///
/// **Writing** picks the form from the content type first and the document second: a type that
/// conforms to `com.apple.binary-property-list` is written binary, one that conforms to
/// `com.apple.xml-property-list` is written as XML, and any other (`com.apple.property-list` itself)
/// writes the form the document was read in, so a round trip keeps the form. A document whose value
/// is unchanged is written back byte for byte in the form it was read in (``BinaryPropertyListLayout``,
/// ``PropertyListDocument/xmlSource``); a changed XML document keeps its writer's style. OpenStep
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
            throw CodecError(
                code: .plist(.notAFile), message: "a property list must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: .plist(.unreadable), message: "the file's contents could not be read")
        }
        return try Self.read(data)
    }

    public func encode(
        _ snapshot: PropertyListDocument, previous: FileWrapper?, contentType: UTType
    ) throws -> FileWrapper {
        FileWrapper(
            regularFileWithContents: try Self.write(snapshot, as: Self.format(for: snapshot, contentType: contentType)))
    }

    /// Reads a property list in whichever form its bytes are.
    public static func read(_ data: Data) throws -> PropertyListDocument {
        switch detectFormat(data) {
        case .binary:
            return try BinaryPropertyList.readDocument(data)
        case .xml:
            var document = PropertyListDocument(value: try XMLPropertyList.read(data), format: .xml)
            document.xmlSource = data
            return document
        case .openStep:
            return PropertyListDocument(value: try OpenStepPropertyList.read(data), format: .openStep)
        }
    }

    /// Writes a document in `format`, giving back the bytes it was read from while its value is unchanged and the form
    /// is the same.
    public static func write(_ document: PropertyListDocument, as format: PropertyListDocument.Format) throws -> Data {
        switch format {
        case .binary:
            return try BinaryPropertyList.write(document)
        case .xml:
            if let source = document.xmlSource {
                // Most sources are CoreFoundation's own layout of this very value (Apple's writer made them,
                // or a conversion just did): then a write gives the source back, at a fraction of the cost
                // of reading it again to learn that. The full rule below gives the same bytes in that case.
                if let written = try? XMLPropertyList.write(document.value), written == source { return source }
                return try XMLPropertyList.write(document.value, replacing: source)
            }
            return try XMLPropertyList.write(document.value)
        case .openStep:
            throw CodecError(
                code: .plist(.openStepWriteUnsupported),
                message:
                    "property lists are not written in the OpenStep form; save as com.apple.xml-property-list or "
                    + "com.apple.binary-property-list"
            )
        }
    }

    /// The form a document is written in for `contentType`: the binary or XML subtype if the type names one, else the
    /// document's own.
    public static func format(for document: PropertyListDocument, contentType: UTType) -> PropertyListDocument.Format {
        if contentType.conforms(to: .binaryPropertyList) { return .binary }
        if contentType.conforms(to: .xmlPropertyList) { return .xml }
        return document.format
    }

    /// The form `data` is in, judged by its first bytes.
    public static func detectFormat(_ data: Data) -> PropertyListDocument.Format {
        let head = [UInt8](data.prefix(64))
        if head.starts(with: Array("bplist".utf8)) { return .binary }
        let text = leadingASCII(head).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        for opening in ["<?", "<!", "<plist"] where text.starts(with: Array(opening.utf8)) { return .xml }
        return .openStep
    }

    /// The first characters of `head` as ASCII bytes (anything else as 0xFF), in the encoding its byte-order
    /// mark names, or UTF-16 when a NUL is among the first two bytes, else UTF-8 (CF's order of sniffing).
    private static func leadingASCII(_ head: [UInt8]) -> [UInt8] {
        let (start, width, bigEndian): (Int, Int, Bool) =
            if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
                (4, 4, true)
            } else if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
                (4, 4, false)
            } else if head.starts(with: [0xEF, 0xBB, 0xBF]) { (3, 1, true) } else if head.starts(with: [0xFE, 0xFF]) {
                (2, 2, true)
            } else if head.starts(with: [0xFF, 0xFE]) { (2, 2, false) } else if head.count >= 2 && head[0] == 0 {
                (0, 2, true)
            } else if head.count >= 2 && head[1] == 0 { (0, 2, false) } else { (0, 1, true) }
        return stride(from: start, to: head.count - width + 1, by: width).map { offset in
            var unit: UInt32 = 0
            for index in 0..<width {
                let byte = UInt32(head[bigEndian ? offset + index : offset + width - 1 - index])
                unit = unit << 8 | byte
            }
            return unit < 0x80 ? UInt8(unit) : 0xFF
        }
    }

    public func differences(expected: PropertyListDocument, actual: PropertyListDocument) -> [SnapshotDifference] {
        // Most comparisons are of equal documents (a conversion's output read back): settled without
        // spelling a path for every value.
        if Self.haveNoDifferences(expected.value, actual.value) { return [] }
        var found: [SnapshotDifference] = []
        Self.collectDifferences(expected.value, actual.value, path: "$", into: &found)
        return found
    }
}
