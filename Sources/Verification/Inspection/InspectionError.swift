/// Why a document could not be inspected before its codec was even asked: it is missing, or no codec reads it.
///
/// A decoding failure is the codec's own `CodecError`, not this.
public struct InspectionError: LocatedError, Sendable, Hashable {
    public let file: String?
    public var location: ErrorLocation? { nil }
    public let code: String
    public let message: String

    public init(code: String, message: String, file: String?) {
        self.code = code
        self.message = message
        self.file = file
    }

    /// An error with a catalogued code.
    package init(code: InspectionErrorCode, message: String, file: String?) {
        self.init(code: code.rawValue, message: message, file: file)
    }

    /// Nothing exists at the path (`inspect.missing`).
    public static func missing(_ path: String) -> InspectionError {
        InspectionError(code: .missing, message: "there is no file or folder here", file: path)
    }

    /// No registered codec reads the detected type (`inspect.no-codec`); the message lists the codecs there are.
    public static func noCodec(
        _ path: String, detection: ContentTypeDetector.Detection, codecs: CodecRegistry
    ) -> InspectionError {
        let how: String
        switch detection.source {
        case .given: how = "given with --type"
        case .filenameExtension: how = "found from the filename extension"
        case .contents: how = "found from the first bytes"
        case .fallback: how = "the generic type, since neither the extension nor the contents told more"
        }
        let registered = codecs.codecs.map { codec in
            "\(codec.identifier) (\(codec.readableContentTypes.map(\.identifier).joined(separator: ", ")))"
        }
        let list =
            registered.isEmpty
            ? "no codec is registered" : "the registered codecs are " + registered.joined(separator: "; ")
        return InspectionError(
            code: .noCodec,
            message:
                "no registered codec reads the content type \(detection.contentType.identifier) (\(how)); \(list). "
                + "Name one of their content types with --type if the file is one of them",
            file: path)
    }
}
