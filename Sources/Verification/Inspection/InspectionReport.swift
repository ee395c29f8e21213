import Foundation

/// One decoded document as `docmigrate inspect` shows it: which file, which content type and codec, and its snapshot.
///
/// Its JSON form is the versioned schema `docmigrate.inspect` (Documentation/json-schemas.md); its text
/// form is for people.
public struct InspectionReport: Sendable, Hashable, Codable {
    /// The schema name of the JSON form, so that scripts can check what they read.
    public static let schema = "docmigrate.inspect"
    /// The schema version; it changes only when a field changes meaning or goes away.
    public static let schemaVersion = 1

    public var schema = InspectionReport.schema
    public var schemaVersion = InspectionReport.schemaVersion
    /// The path as the user gave it.
    public var file: String
    /// The identifier of the content type the document was decoded as.
    public var contentType: String
    /// The identifier of the codec that decoded it.
    public var codec: String
    /// The snapshot the codec returned.
    public var snapshot: SnapshotTree

    public init(file: String, contentType: String, codec: String, snapshot: SnapshotTree) {
        self.file = file
        self.contentType = contentType
        self.codec = codec
        self.snapshot = snapshot
    }

    /// Decodes the document at `path` with the codec its content type selects and builds its report.
    ///
    /// - Parameters:
    ///   - path: the file or folder, as the user named it (it names the file in errors and in the report).
    ///   - givenType: a content type identifier that replaces detection (`--type`).
    ///   - codecs: where the codec is looked up, with ``ContentTypeDetector``.
    /// - Throws: ``InspectionError`` when nothing is at `path` or no codec reads its type; the codec's error
    ///   (a `CodecError` naming `path`) when decoding fails; a `FileWrapperError` when it cannot be read.
    public static func inspect(path: String, givenType: String? = nil, codecs: CodecRegistry) throws -> InspectionReport
    {
        let url = URL(fileURLWithPath: path)
        guard (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil else {
            throw InspectionError.missing(path)
        }
        let detection = ContentTypeDetector(codecs: codecs).detect(at: url, givenType: givenType)
        guard let codec = detection.codec else {
            throw InspectionError.noCodec(path, detection: detection, codecs: codecs)
        }
        let wrapper = try FileWrapper(url: url, options: .immediate)
        let snapshot: AnySnapshot
        do {
            snapshot = try codec.decode(wrapper, contentType: detection.contentType)
        } catch let error as CodecError where error.file == nil || error.file == wrapper.filename {
            // The codec names the file by its bare name at most; the user named it by the path they typed.
            throw CodecError(code: error.code, message: error.message, location: error.location, file: path)
        }
        return InspectionReport(
            file: path, contentType: detection.contentType.identifier, codec: codec.identifier,
            snapshot: SnapshotTree(reflecting: snapshot.value))
    }

    /// The report for people: the file, content type and codec, then the snapshot as ``SnapshotTree/text()`` shows it.
    public func text() -> String {
        var lines = ["file: " + file, "content type: " + contentType, "codec: " + codec]
        snapshot.appendLines(label: "snapshot: ", indentation: "", to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form: pretty-printed, keys sorted, slashes unescaped, ending with a newline.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
