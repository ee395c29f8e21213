import DocumentCodecs

/// How a text document's characters are stored as bytes: one of the encodings the text codecs read and write.
///
/// Each has its IANA name (what `--encoding` and `--fallback-encoding` take); a few common aliases
/// (`utf8`, `latin1`, `mac-roman`, `cp1252`, `ascii`) are accepted too, case-insensitively.
public enum TextEncoding: Sendable, Hashable, CustomStringConvertible {
    /// UTF-8; pure ASCII is read as UTF-8.
    case utf8
    /// UTF-16, little-endian.
    case utf16LittleEndian
    /// UTF-16, big-endian.
    case utf16BigEndian
    /// UTF-32, little-endian.
    case utf32LittleEndian
    /// UTF-32, big-endian.
    case utf32BigEndian
    /// 7-bit US-ASCII: a byte above 0x7F is invalid, a character above U+007F unencodable.
    case ascii
    /// An 8-bit legacy encoding from our own tables: Mac OS Roman, Windows-1252 or ISO-8859-1.
    case singleByte(SingleByteEncoding)

    /// Every encoding, in the order names are listed in messages.
    public static let all: [TextEncoding] = [
        .utf8, .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian, .ascii,
        .singleByte(.macOSRoman), .singleByte(.windows1252), .singleByte(.isoLatin1),
    ]

    /// The IANA name: `utf-8`, `utf-16le`, `utf-16be`, `utf-32le`, `utf-32be`, `us-ascii`, `macintosh`, `windows-1252`,
    /// `iso-8859-1`.
    public var name: String {
        switch self {
        case .utf8: "utf-8"
        case .utf16LittleEndian: "utf-16le"
        case .utf16BigEndian: "utf-16be"
        case .utf32LittleEndian: "utf-32le"
        case .utf32BigEndian: "utf-32be"
        case .ascii: "us-ascii"
        case .singleByte(let encoding): encoding.name
        }
    }

    public var description: String { name }

    /// The bytes of this encoding's byte-order mark; empty for encodings that have none.
    public var byteOrderMark: [UInt8] {
        switch self {
        case .utf8: [0xEF, 0xBB, 0xBF]
        case .utf16LittleEndian: [0xFF, 0xFE]
        case .utf16BigEndian: [0xFE, 0xFF]
        case .utf32LittleEndian: [0xFF, 0xFE, 0x00, 0x00]
        case .utf32BigEndian: [0x00, 0x00, 0xFE, 0xFF]
        case .ascii, .singleByte: []
        }
    }

    /// Whether this is an 8-bit encoding (each byte one character), the kind a fallback may name.
    public var isEightBit: Bool {
        switch self {
        case .ascii, .singleByte: true
        default: false
        }
    }

    private static let aliases: [String: TextEncoding] = [
        "utf8": .utf8, "utf-16-le": .utf16LittleEndian, "utf16le": .utf16LittleEndian, "utf-16-be": .utf16BigEndian,
        "utf16be": .utf16BigEndian, "utf32le": .utf32LittleEndian, "utf32be": .utf32BigEndian, "ascii": .ascii,
        "mac": .singleByte(.macOSRoman), "mac-roman": .singleByte(.macOSRoman), "mac_roman": .singleByte(.macOSRoman),
        "macroman": .singleByte(.macOSRoman), "x-mac-roman": .singleByte(.macOSRoman),
        "cp1252": .singleByte(.windows1252),
        "latin1": .singleByte(.isoLatin1), "latin-1": .singleByte(.isoLatin1), "iso_8859-1": .singleByte(.isoLatin1),
    ]

    /// The encoding of an IANA name or alias (case-insensitive), or nil.
    public init?(name: String) {
        let key = name.lowercased()
        if let named = Self.all.first(where: { $0.name == key }) {
            self = named
        } else if let alias = Self.aliases[key] {
            self = alias
        } else {
            return nil
        }
    }

    /// The encoding named `name`, or a `text.unknown-encoding` error located at `option` that lists the names.
    public static func named(_ name: String, option: String) throws -> TextEncoding {
        guard let encoding = TextEncoding(name: name) else {
            throw CodecError(
                code: .text(.unknownEncoding),
                message:
                    "'\(name)' is not an encoding the text codecs know (\(all.map(\.name).joined(separator: ", ")))",
                location: .keyPath(option))
        }
        return encoding
    }
}
