/// The stable codes of plain text in legacy and Unicode encodings: the text codecs' `CodecError`s.
package enum TextErrorCode: String, CataloguedErrorCode {
    case invalidBytes = "text.invalid-bytes"
    case notAFile = "text.not-a-file"
    case undetectableEncoding = "text.undetectable-encoding"
    case unencodableCharacter = "text.unencodable-character"
    case unknownEncoding = "text.unknown-encoding"
    case unreadable = "text.unreadable"

    package var summary: String {
        switch self {
        case .invalidBytes:
            "The bytes are not valid in the text's encoding; name the right encoding or allow replacement "
                + "characters."
        case .notAFile:
            "A text document must be a single file, but the item is a folder or a link."
        case .undetectableEncoding:
            "The text is not UTF-8, has no byte-order mark and no fallback encoding was named; name its "
                + "encoding."
        case .unencodableCharacter:
            "A character cannot be stored in the target encoding; choose an encoding that has it."
        case .unknownEncoding:
            "The named encoding is not one the text codecs know; the message lists those they do."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        }
    }
}

extension CodecError.Code {
    /// A code of the Text format.
    package static func text(_ code: TextErrorCode) -> Self { Self(code) }
}
