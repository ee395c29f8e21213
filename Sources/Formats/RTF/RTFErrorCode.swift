/// The stable codes of RTF: the tokenizer's, reader's and codec's `CodecError`s.
package enum RTFErrorCode: String, CataloguedErrorCode {
    case badHexEscape = "rtf.bad-hex-escape"
    case badUnicode = "rtf.bad-unicode"
    case notAFile = "rtf.not-a-file"
    case notRTF = "rtf.not-rtf"
    case parameterOutOfRange = "rtf.parameter-out-of-range"
    case tooDeep = "rtf.too-deep"
    case trailingContent = "rtf.trailing-content"
    case truncated = "rtf.truncated"
    case truncatedBinary = "rtf.truncated-binary"
    case unbalancedGroups = "rtf.unbalanced-groups"
    case undefinedCharacter = "rtf.undefined-character"
    case unpairedSurrogate = "rtf.unpaired-surrogate"
    case unreadable = "rtf.unreadable"
    case unsupportedCodePage = "rtf.unsupported-code-page"
    case writerUnavailable = "rtf.writer-unavailable"

    package var summary: String {
        switch self {
        case .badHexEscape:
            "A `\\'` escape is not followed by two hexadecimal digits."
        case .badUnicode:
            "A `\\u` control word's parameter is not a 16-bit value."
        case .notAFile:
            "An RTF document must be a single file, but the item is a folder or a link."
        case .notRTF:
            "The file does not start with `{\\rtf`, so it is not RTF; check its content type."
        case .parameterOutOfRange:
            "A control word's parameter has too many digits or does not fit in 32 bits."
        case .tooDeep:
            "Groups are nested deeper than the reader's limit."
        case .trailingContent:
            "Something follows the end of the document's outermost group; remove it."
        case .truncated:
            "The file ends right after a backslash; it is truncated."
        case .truncatedBinary:
            "A `\\bin` control word claims more bytes than the file holds; it is truncated."
        case .unbalancedGroups:
            "A `}` closes no group, or the file ends with groups still open."
        case .undefinedCharacter:
            "A byte has no character in the document's code page."
        case .unpairedSurrogate:
            "A `\\u` escape names half of a UTF-16 surrogate pair without the other half."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        case .unsupportedCodePage:
            "The text uses a code page docmigrate has no table for; convert it to a supported code page."
        case .writerUnavailable:
            "The document was edited, but docmigrate has no RTF writer: only unchanged RTF can be written "
                + "back."
        }
    }
}

extension CodecError.Code {
    /// A code of the RTF format.
    package static func rtf(_ code: RTFErrorCode) -> Self { Self(code) }
}
