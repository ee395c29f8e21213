import DocumentCodecs

/// UTF-8 plain text, byte for byte: a byte-order mark and line endings are kept as they are.
///
/// The reference codec of the text family. Invalid UTF-8 is an error at the offset of the first bad
/// byte, never replaced with U+FFFD (which would change the file on the next save).
public struct PlainTextCodec: DocumentCodec {
    public typealias Snapshot = String

    public init() {}

    public static let identifier = "plain-text"
    public static var readableContentTypes: [UTType] { [.utf8PlainText, .plainText] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> String {
        guard file.isRegularFile else {
            throw CodecError(code: "plain-text.not-a-file", message: "a plain-text document must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: "plain-text.unreadable", message: "the file's contents could not be read")
        }
        switch StrictUTF8.decode(data) {
        case .success(let text):
            return text
        case .failure(let invalid):
            let byte = data[data.index(data.startIndex, offsetBy: invalid.offset)]
            throw CodecError(
                code: "plain-text.invalid-utf8", message: "the byte 0x\(String(byte, radix: 16)) is not valid UTF-8 here",
                location: .byte(invalid.offset))
        }
    }

    public func encode(_ snapshot: String, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(snapshot.utf8))
    }

    public func differences(expected: String, actual: String) -> [SnapshotDifference] {
        TextDifferences.first(expected: expected, actual: actual).map { [$0] } ?? []
    }
}
