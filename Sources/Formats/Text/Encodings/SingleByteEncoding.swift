/// An 8-bit legacy text encoding from our own table: Mac OS Roman, Windows-1252 or ISO-8859-1.
///
/// Foundation on Linux decodes every Mac OS Roman byte above 0x7F wrongly (0x8E gives "±", not "é")
/// and traps encoding some characters, so the text family never goes through `String.Encoding` for
/// these. The tables are Python's `mac_roman`, `cp1252` and `latin-1` codecs (Unicode's mapping
/// files): all three agree with ASCII below 0x80. Windows-1252 leaves 0x81, 0x8D, 0x8F, 0x90 and
/// 0x9D undefined, as Python does; decoding one of them is an error, never a guess.
public struct SingleByteEncoding: Sendable, Hashable {
    /// The IANA name, as `--encoding` takes it: `macintosh`, `windows-1252`, `iso-8859-1`.
    public let name: String
    // The scalar of each byte 0x80...0xFF; nil where the encoding defines none.
    private let upperHalf: [Unicode.Scalar?]
    // The UTF-8 bytes of each of the 256 bytes, packed little-endian in the low 24 bits, with the
    // length (1...3, 0 when undefined) in the top 8: decoding is one load and one store per byte.
    let utf8Sequences: [UInt32]
    private let reverse: [UInt32: UInt8]

    private init(name: String, upperHalf: [UInt32?]) {
        self.name = name
        let scalars = upperHalf.map { $0.flatMap(Unicode.Scalar.init) }
        self.upperHalf = scalars
        var sequences: [UInt32] = []
        sequences.reserveCapacity(256)
        for byte in 0..<256 {
            let scalar: Unicode.Scalar? = byte < 0x80 ? Unicode.Scalar(UInt8(byte)) : scalars[byte - 0x80]
            guard let scalar else {
                sequences.append(0)
                continue
            }
            var packed: UInt32 = 0
            var length: UInt32 = 0
            for unit in String(scalar).utf8 {
                packed |= UInt32(unit) << (8 * length)
                length += 1
            }
            sequences.append(packed | length << 24)
        }
        utf8Sequences = sequences
        var reverse: [UInt32: UInt8] = [:]
        for (offset, scalar) in scalars.enumerated() {
            if let scalar { reverse[scalar.value] = UInt8(0x80 + offset) }
        }
        self.reverse = reverse
    }

    /// Mac OS Roman (IANA `macintosh`), with 0xDB as the euro sign (since Mac OS 8.5) and 0xF0 the Apple logo U+F8FF.
    public static let macOSRoman = SingleByteEncoding(name: "macintosh", upperHalf: macOSRomanTable)
    /// Windows code page 1252 (IANA `windows-1252`).
    public static let windows1252 = SingleByteEncoding(name: "windows-1252", upperHalf: windows1252Table)
    /// ISO-8859-1 (IANA `iso-8859-1`): each byte is the scalar of the same value.
    public static let isoLatin1 = SingleByteEncoding(name: "iso-8859-1", upperHalf: (0x80...0xFF).map { UInt32($0) })

    /// The character of `byte`, or nil when the encoding defines none for it.
    public func scalar(for byte: UInt8) -> Unicode.Scalar? {
        byte < 0x80 ? Unicode.Scalar(byte) : upperHalf[Int(byte) - 0x80]
    }

    /// The byte of `scalar`, or nil when the encoding cannot hold it.
    public func byte(for scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value < 0x80 { return UInt8(scalar.value) }
        return reverse[scalar.value]
    }

    public static func == (lhs: SingleByteEncoding, rhs: SingleByteEncoding) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

// Generated from Python 3's `codecs` (bytes([b]).decode(name) for b in 0x80...0xFF).
private let macOSRomanTable: [UInt32?] = [
    0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1,  // 0x80
    0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7, 0x00E9, 0x00E8,  // 0x88
    0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3,  // 0x90
    0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC,  // 0x98
    0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF,  // 0xA0
    0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,  // 0xA8
    0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211,  // 0xB0
    0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8,  // 0xB8
    0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB,  // 0xC0
    0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153,  // 0xC8
    0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0x00F7, 0x25CA,  // 0xD0
    0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,  // 0xD8
    0x2021, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1,  // 0xE0
    0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,  // 0xE8
    0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC,  // 0xF0
    0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,  // 0xF8
]

private let windows1252Table: [UInt32?] = [
    0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,  // 0x80
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,  // 0x88
    nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 0x90
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,  // 0x98
    0x00A0, 0x00A1, 0x00A2, 0x00A3, 0x00A4, 0x00A5, 0x00A6, 0x00A7,  // 0xA0
    0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF,  // 0xA8
    0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7,  // 0xB0
    0x00B8, 0x00B9, 0x00BA, 0x00BB, 0x00BC, 0x00BD, 0x00BE, 0x00BF,  // 0xB8
    0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7,  // 0xC0
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,  // 0xC8
    0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D7,  // 0xD0
    0x00D8, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00DF,  // 0xD8
    0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E6, 0x00E7,  // 0xE0
    0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF,  // 0xE8
    0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7,  // 0xF0
    0x00F8, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF,  // 0xF8
]

extension SingleByteEncoding: CustomReflectable {
    /// The name only: the tables are the same for every value of one encoding.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name], displayStyle: .struct)
    }
}
