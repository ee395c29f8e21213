/// The one way docmigrate writes a JSON string: the escapes swift-foundation's `JSONEncoder` writes.
///
/// The quote and the backslash are escaped; U+0008, U+000C, LF, CR and tab become `\b \f \n \r \t`;
/// the other C0 controls (U+0000–U+001F) become `\u00XX` with lowercase hex; `/` becomes `\/` only
/// when asked (`JSONEncoder` without `withoutEscapingSlashes`). DEL, the C1 controls, U+2028, U+2029
/// and everything else outside ASCII are written raw as UTF-8: RFC 8259 allows them in a string, and
/// `JSONEncoder` writes them raw, so documents and reports stay byte-identical to what it writes.
/// No output is embedded in JavaScript source, where U+2028 and U+2029 would need escaping.
package enum JSONStringEscaper {
    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String, escapingSlashes: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        append(text, to: &bytes, escapingSlashes: escapingSlashes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, quotes included.
    package static func append(_ text: String, to bytes: inout [UInt8], escapingSlashes: Bool = false) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &bytes, escapingSlashes: escapingSlashes) }
    }

    /// Appends the UTF-8 `text` as a JSON string literal, quotes included.
    ///
    /// Every byte of a multi-byte scalar is 0x80 or more, so escaping byte by byte is escaping scalar by
    /// scalar. Runs of bytes that need nothing are copied in one piece: most names and messages are one run.
    package static func append(
        utf8 text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], escapingSlashes: Bool = false
    ) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                    || (escapingSlashes && byte == UInt8(ascii: "/"))
            else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case ..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(lowercaseHexDigit(byte >> 4))
                bytes.append(lowercaseHexDigit(byte & 0x0F))
            default:
                // The quote, the backslash and the slash stand for themselves after the backslash.
                bytes.append(byte)
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }

    private static func lowercaseHexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
