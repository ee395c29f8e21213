import DocumentPlatform

/// Why a document is not valid JSON: the byte offset, the line and column, a stable code and a sentence.
///
/// Codes: `json.empty`, `json.unexpected-end`, `json.unexpected-character`, `json.trailing-comma`,
/// `json.invalid-literal`, `json.invalid-number`, `json.invalid-escape`, `json.lone-surrogate`,
/// `json.control-character`, `json.invalid-utf8`, `json.duplicate-key`, `json.too-deep`,
/// `json.trailing-content`. A repeated key's error also carries the offset of its first appearance.
public struct JSONParseError: LocatedError, Sendable, Equatable {
    public var file: String?
    /// The 0-based offset of the offending byte.
    public let offset: Int
    /// The 1-based line of the offending byte (lines end at LF, CRLF or CR).
    public let line: Int
    /// The 1-based column of the offending byte, in Unicode scalars.
    public let column: Int
    public let code: String
    public let message: String
    /// For `json.duplicate-key`, the 0-based offset of the key's first appearance (the message names both places).
    public let earlierOffset: Int?

    public var location: ErrorLocation? { .line(line, column: column) }

    /// `line L, column C (byte N (0xN))`: both ways of finding the place, as reports print it.
    public var place: String {
        "line \(line), column \(column) (\(ErrorLocation.byte(offset).description))"
    }

    public var description: String {
        (file.map { $0 + ": " } ?? "") + place + ": " + message + " [\(code)]"
    }

    init(code: JSONErrorCode, message: String, offset: Int, earlierOffset: Int? = nil, in bytes: UnsafeRawBufferPointer)
    {
        self.code = code.rawValue
        self.message = message
        self.offset = offset
        self.earlierOffset = earlierOffset
        (line, column) = Self.lineAndColumn(of: offset, in: bytes)
    }

    /// `line L, column C (byte N (0xN))` for another offset of the same document.
    static func place(of offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
        let (line, column) = lineAndColumn(of: offset, in: bytes)
        return "line \(line), column \(column) (\(ErrorLocation.byte(offset).description))"
    }

    private static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A))
            {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        // Columns count scalars: every byte but UTF-8 continuation bytes starts one.
        var column = 1
        for position in lineStart..<end where bytes[position] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }
}
