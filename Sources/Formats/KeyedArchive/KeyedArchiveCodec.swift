import DocumentCodecs

/// `NSKeyedArchiver` archives, in binary or XML property lists, decoded into a `KeyedArchiveValue` tree.
///
/// Keyed archives have no content type of their own: apps store them under their own document types,
/// and as files they are property lists. So the codec reads the property-list types
/// (`com.apple.binary-property-list`, `com.apple.xml-property-list`, `com.apple.property-list`), and
/// the registry leaves those to the property-list codec, registered first: a manifest or a job names
/// `keyed-archive` explicitly. The bytes are read by `BinaryPropertyList` (a file starting `bplist`) or
/// `XMLPropertyList` and then by `KeyedArchive(propertyList:)`; writing uses the form the snapshot holds,
/// whatever type is asked for, and an unchanged archive is written back as it was read.
///
/// Error codes: the property-list codec's `plist.*` codes for the bytes, the `keyed-archive.*` codes of
/// `KeyedArchive` for the structure, and `keyed-archive.not-a-file` (a folder was given) and
/// `keyed-archive.unwritable-format` (an OpenStep property list, which Apple's tools only read).
public struct KeyedArchiveCodec: DocumentCodec {
    public typealias Snapshot = KeyedArchiveDocument

    public init() {}

    public static let identifier = "keyed-archive"
    public static var readableContentTypes: [UTType] { [.binaryPropertyList, .xmlPropertyList, .propertyList] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> KeyedArchiveDocument {
        guard file.isRegularFile else {
            throw CodecError(code: "keyed-archive.not-a-file", message: "a keyed archive is a single file, not a folder")
        }
        return try KeyedArchiveDocument(propertyList: try Self.propertyList(file, codePrefix: "keyed-archive"))
    }

    /// Reads a file's property list, binary when it starts with `bplist`, XML otherwise.
    ///
    /// An archive is never OpenStep (that form has no numbers, and `$version` is one), so the two
    /// strict readers suffice, and what is neither is refused by the XML reader with its `plist.*` code.
    static func propertyList(_ file: FileWrapper, codePrefix: String) throws -> PropertyListDocument {
        guard let data = file.regularFileContents else {
            throw CodecError(code: codePrefix + ".unreadable", message: "the file's contents could not be read")
        }
        if data.starts(with: Array("bplist".utf8)) {
            return PropertyListDocument(value: try BinaryPropertyList.read(data), format: .binary)
        }
        return PropertyListDocument(value: try XMLPropertyList.read(data), format: .xml)
    }

    public func encode(_ snapshot: KeyedArchiveDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: try Self.data(try snapshot.propertyList()))
    }

    /// The bytes of a property list in its own form.
    static func data(_ document: PropertyListDocument) throws -> Data {
        switch document.format {
        case .binary: return try BinaryPropertyList.write(document.value)
        case .xml: return try XMLPropertyList.write(document.value)
        case .openStep:
            throw CodecError(code: "keyed-archive.unwritable-format", message: "an archive cannot be written as an OpenStep property list; choose binary or XML")
        }
    }

    public func differences(expected: KeyedArchiveDocument, actual: KeyedArchiveDocument) -> [SnapshotDifference] {
        var differences = KeyedArchiveDifferences.between(expected.archive, actual.archive)
        if expected.format != actual.format {
            differences.insert(SnapshotDifference(
                path: "", expected: expected.format.rawValue, actual: actual.format.rawValue, summary: "the property-list form differs"), at: 0)
        }
        return differences
    }
}
