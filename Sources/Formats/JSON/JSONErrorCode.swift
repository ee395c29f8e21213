/// The stable codes of JSON: `JSONParseError`s of the strict parser and the JSON codec's `CodecError`s.
package enum JSONErrorCode: String, CataloguedErrorCode {
    case controlCharacter = "json.control-character"
    case duplicateKey = "json.duplicate-key"
    case empty = "json.empty"
    case invalidEscape = "json.invalid-escape"
    case invalidLiteral = "json.invalid-literal"
    case invalidNumber = "json.invalid-number"
    case invalidUTF8 = "json.invalid-utf8"
    case loneSurrogate = "json.lone-surrogate"
    case notAFile = "json.not-a-file"
    case tooDeep = "json.too-deep"
    case trailingComma = "json.trailing-comma"
    case trailingContent = "json.trailing-content"
    case unexpectedCharacter = "json.unexpected-character"
    case unexpectedEnd = "json.unexpected-end"
    case unreadable = "json.unreadable"

    package var summary: String {
        switch self {
        case .controlCharacter:
            "A string holds a raw control character, which JSON requires to be escaped; write it as "
                + "`\\u00XX`."
        case .duplicateKey:
            "An object holds the same key twice (the message names both places); remove one of the members."
        case .empty:
            "The document holds no JSON value, only whitespace or nothing."
        case .invalidEscape:
            "A `\\` escape in a string is not one of JSON's escapes or does not name a Unicode scalar."
        case .invalidLiteral:
            "A word that starts like `true`, `false` or `null` is not one of them."
        case .invalidNumber:
            "A number is not spelled as JSON allows (a leading zero, a lone `-`, a missing digit after `.` or "
                + "`e`)."
        case .invalidUTF8:
            "The bytes are not valid UTF-8 at this place; save the document as UTF-8."
        case .loneSurrogate:
            "A `\\u` escape names half of a UTF-16 surrogate pair without the other half."
        case .notAFile:
            "A JSON document must be a single file, but the item is a folder or a link."
        case .tooDeep:
            "Arrays and objects are nested deeper than the parser's limit."
        case .trailingComma:
            "A comma is followed by `]` or `}`, which JSON does not allow; remove the comma."
        case .trailingContent:
            "Something follows the end of the JSON value; remove it or wrap both values in an array."
        case .unexpectedCharacter:
            "A character stands where JSON allows none (a missing `,`, `:` or quote, say)."
        case .unexpectedEnd:
            "The document ends inside a value, an object or an array; it is truncated."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        }
    }
}

extension CodecError.Code {
    /// A code of the JSON format.
    package static func json(_ code: JSONErrorCode) -> Self { Self(code) }
}
