/// The one way docmigrate escapes text for XML 1.0: in element content, in double-quoted attribute
/// values, and by the rule of Apple's XML property-list writer.
///
/// Reports (``text(_:)`` and ``attribute(_:)``): `&`, `<` and `>` become `&amp; &lt; &gt;`; in an
/// attribute also `"` becomes `&quot;`, and LF and tab become `&#10;` and `&#9;`, because attribute
/// value normalisation would turn them into spaces; CR becomes `&#13;` everywhere, because every XML
/// parser turns a raw CR into LF. `'` is written raw: attributes are always double-quoted. XML 1.0
/// cannot carry the other C0 controls (U+0000–U+001F but tab, LF and CR) at all, not even as
/// references, nor U+FFFE and U+FFFF; a golden's bytes can hold any of them, so they become the
/// visible ``VisibleScalar`` notation `[U+001B]`, and the report still parses. DEL, the C1 controls,
/// U+2028 and U+2029 are characters of XML 1.0 and are written raw.
///
/// Property lists (``appendPropertyListText(utf8:to:)``): only `&`, `<` and `>`, as CF's
/// `_CFAppendXML0` and swift-foundation write them, so written plists stay byte-identical to Apple's;
/// tab, LF and CR are written raw (CF's reader keeps a raw CR; a generic XML parser, plistlib's
/// included, reads it as LF). Any other C0 control is refused rather than replaced: a property list
/// is a document, not a report, and a changed string would be silent data loss.
package enum XMLEscaper {
    /// A C0 control character that an XML property list cannot carry.
    package struct ForbiddenCharacter: Error, Sendable {
        /// The character's value, below 0x20.
        package var value: UInt8
    }

    /// `text` for use between tags.
    package static func text(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendText(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` for use inside a double-quoted attribute value.
    package static func attribute(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendAttribute(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` escaped for use between tags.
    package static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &bytes, inAttribute: false) }
    }

    /// Appends `text` escaped for use inside a double-quoted attribute value.
    package static func appendAttribute(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &bytes, inAttribute: true) }
    }

    /// Appends the UTF-8 `text` escaped for use between tags.
    package static func appendText(utf8 text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        append(text, to: &bytes, inAttribute: false)
    }

    /// Appends the UTF-8 `text` escaped for use inside a double-quoted attribute value.
    package static func appendAttribute(utf8 text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        append(text, to: &bytes, inAttribute: true)
    }

    // Byte by byte: every byte of a multi-byte scalar is 0x80 or more, so only U+FFFE and U+FFFF
    // (EF BF BE, EF BF BF) need a look at the bytes after. Runs that need nothing are copied in one piece.
    private static func append(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], inAttribute: Bool) {
        var runStart = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            let replacement: StaticString?
            var length = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
            case 0x0A where inAttribute: replacement = "&#10;"
            case 0x09 where inAttribute: replacement = "&#9;"
            case 0x0D: replacement = "&#13;"
            case 0x09, 0x0A:
                index += 1
                continue
            case ..<0x20:
                replacement = nil
            case 0xEF where index + 2 < text.count && text[index + 1] == 0xBF && text[index + 2] >= 0xBE:
                replacement = nil
                length = 3
            default:
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            if let replacement {
                append(replacement, to: &bytes)
            } else {
                let value = length == 1 ? UInt32(byte) : 0xFFFE + UInt32(text[index + 2] - 0xBE)
                bytes.append(contentsOf: VisibleScalar.notation(value).utf8)
            }
            index += length
            runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 `text` as the content of a property list's `<string>` or `<key>`, by Apple's rule.
    ///
    /// Throws on the first C0 control other than tab, LF and CR; what was appended before it stays.
    package static func appendPropertyListText(
        utf8 text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
    ) throws(ForbiddenCharacter) {
        var runStart = 0
        for index in text.indices {
            let byte = text[index]
            // Most bytes need nothing: everything above '>' and the printable ones other than '&' and '<'.
            if byte > UInt8(ascii: ">")
                || (byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">"))
            {
                continue
            }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x09, 0x0A, 0x0D: continue
            default:
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                throw ForbiddenCharacter(value: byte)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            append(replacement, to: &bytes)
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }
}
