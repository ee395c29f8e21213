import DocumentCodecs

/// `NSKeyedArchiver` archives, in binary or XML property lists, decoded into a `KeyedArchiveValue` tree.
///
/// Keyed archives have no content type of their own: apps store them under their own document types,
/// and as files they are property lists. So the codec reads the property-list types
/// (`com.apple.binary-property-list`, `com.apple.xml-property-list`, `com.apple.property-list`), and
/// the registry leaves those to the property-list codec, registered first: a manifest or a job names
/// `keyed-archive` explicitly. The bytes are read by `PropertyListCodec.read` (form found by content) and
/// then by `KeyedArchive(propertyList:)`; writing uses the form the snapshot holds, whatever type is
/// asked for, and an unchanged archive is written back as it was read, byte for byte.
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
            throw CodecError(code: .keyedArchive(.notAFile), message: "a keyed archive is a single file, not a folder")
        }
        return try KeyedArchiveDocument(propertyList: try Self.propertyList(file))
    }

    /// Reads a file's property list in whichever form its bytes are (`PropertyListCodec.read`), keeping
    /// a binary file's layout so that it can be written back byte for byte.
    static func propertyList(
        _ file: FileWrapper, unreadable: CodecError.Code = .keyedArchive(.unreadable)
    ) throws -> PropertyListDocument {
        guard let data = file.regularFileContents else {
            throw CodecError(code: unreadable, message: "the file's contents could not be read")
        }
        return try PropertyListCodec.read(data)
    }

    public func encode(
        _ snapshot: KeyedArchiveDocument, previous: FileWrapper?, contentType: UTType
    ) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: try Self.data(try snapshot.propertyList()))
    }

    /// The bytes of a property list in its own form (a kept binary layout reproduces the source bytes).
    static func data(
        _ document: PropertyListDocument, unwritable: CodecError.Code = .keyedArchive(.unwritableFormat)
    ) throws -> Data {
        guard document.format != .openStep else {
            throw CodecError(
                code: unwritable, message: "this cannot be written as an OpenStep property list; choose binary or XML")
        }
        return try PropertyListCodec.write(document, as: document.format)
    }

    public func differences(expected: KeyedArchiveDocument, actual: KeyedArchiveDocument) -> [SnapshotDifference] {
        var differences = KeyedArchiveDifferences.between(expected.archive, actual.archive)
        if expected.format != actual.format {
            differences.insert(
                SnapshotDifference(
                    path: "", expected: expected.format.rawValue, actual: actual.format.rawValue,
                    summary: "the property-list form differs"), at: 0)
        }
        return differences
    }
}
