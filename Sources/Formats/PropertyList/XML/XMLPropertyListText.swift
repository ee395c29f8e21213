import DocumentCodecs

/// Turns the bytes of a text property list into validated UTF-8, finding the encoding as CoreFoundation does.
///
/// The order is CF's `encodingForXMLData`: a UTF-32, UTF-8 or UTF-16 byte-order mark; then a NUL in
/// the first two bytes as BOM-less UTF-16; then the XML declaration's `encoding=`; otherwise UTF-8.
/// Every defect is an error naming the byte offset; nothing is ever replaced by U+FFFD.
enum XMLPropertyListText {
    /// The Unicode forms a byte-order mark or a NUL can announce.
    enum UnicodeForm {
        case utf8, utf16BigEndian, utf16LittleEndian, utf32BigEndian, utf32LittleEndian
    }

    /// The form announced by a byte-order mark and the mark's length, or a BOM-less UTF-16 guess.
    static func sniff(_ bytes: [UInt8]) -> (form: UnicodeForm, markLength: Int)? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if starts([0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if starts([0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2 {
            if bytes[0] == 0 && bytes[1] != 0 { return (.utf16BigEndian, 0) }
            if bytes[1] == 0 && bytes[0] != 0 { return (.utf16LittleEndian, 0) }
        }
        return nil
    }

    /// The document as UTF-8 without a byte-order mark.
    static func decode(_ data: Data) throws -> [UInt8] {
        let bytes = [UInt8](data)
        if let (form, markLength) = sniff(bytes) {
            return try utf8(from: bytes, form: form, start: markLength, code: .plist(.xmlEncoding))
        }
        switch declaredEncoding(bytes)?.lowercased() {
        case nil, "utf-8", "utf8":
            return try utf8(from: bytes, form: .utf8, start: 0, code: .plist(.xmlEncoding))
        case "us-ascii", "ascii":
            if let offset = bytes.firstIndex(where: { $0 >= 0x80 }) {
                throw CodecError(
                    code: .plist(.xmlEncoding),
                    message: "the document declares US-ASCII but holds the byte 0x\(String(bytes[offset], radix: 16))",
                    location: .byte(offset))
            }
            return bytes
        case "iso-8859-1", "latin1", "iso-latin-1", "iso_8859-1":
            return try singleByte(bytes, .isoLatin1)
        case "macintosh", "x-mac-roman", "macroman":
            return try singleByte(bytes, .macOSRoman)
        case "windows-1252", "cp1252":
            return try singleByte(bytes, .windows1252)
        case let name?:
            throw CodecError(
                code: .plist(.xmlEncoding),
                message: "the document declares the encoding '\(name)', which this reader does not support",
                location: .byte(0))
        }
    }

    /// The `encoding=` pseudo-attribute of an XML declaration at the very start, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let limit = min(bytes.count, 512)
        guard
            let end = (5..<limit).first(where: {
                bytes[$0] == UInt8(ascii: "?") && $0 + 1 < limit && bytes[$0 + 1] == UInt8(ascii: ">")
            })
        else {
            return nil
        }
        let declaration = String(decoding: bytes[5..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close])
    }

    private static func singleByte(_ bytes: [UInt8], _ encoding: SingleByteEncoding) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for (offset, byte) in bytes.enumerated() {
            guard let scalar = encoding.scalar(for: byte) else {
                throw CodecError(
                    code: .plist(.xmlEncoding),
                    message: "the byte 0x\(String(byte, radix: 16)) has no character in \(encoding.name)",
                    location: .byte(offset))
            }
            output.append(contentsOf: String(Character(scalar)).utf8)
        }
        return output
    }

    /// Validated UTF-8 of `bytes[start...]` read in `form`; `code` names the error a defect throws.
    static func utf8(from bytes: [UInt8], form: UnicodeForm, start: Int, code: CodecError.Code) throws -> [UInt8] {
        switch form {
        case .utf8:
            let body = Array(bytes[start...])
            if let bad = firstInvalidUTF8Offset(body) {
                throw CodecError(code: code, message: "the text is not valid UTF-8", location: .byte(start + bad))
            }
            return body
        case .utf16BigEndian, .utf16LittleEndian:
            let bigEndian = form == .utf16BigEndian
            guard (bytes.count - start) % 2 == 0 else {
                throw CodecError(
                    code: code, message: "UTF-16 text has an odd number of bytes", location: .byte(bytes.count - 1))
            }
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - start) / 2)
            var index = start
            while index + 1 < bytes.count {
                let high = UInt16(bytes[index]), low = UInt16(bytes[index + 1])
                units.append(bigEndian ? high << 8 | low : low << 8 | high)
                index += 2
            }
            return try utf8(fromUTF16: units, start: start, code: code)
        case .utf32BigEndian, .utf32LittleEndian:
            guard (bytes.count - start) % 4 == 0 else {
                throw CodecError(
                    code: code, message: "UTF-32 text's length is not a multiple of four bytes",
                    location: .byte(bytes.count - 1))
            }
            var output: [UInt8] = []
            var index = start
            while index + 3 < bytes.count {
                let quad = bytes[index..<index + 4].map(UInt32.init)
                let value =
                    form == .utf32BigEndian
                    ? quad[0] << 24 | quad[1] << 16 | quad[2] << 8 | quad[3]
                    : quad[3] << 24 | quad[2] << 16 | quad[1] << 8 | quad[0]
                guard let scalar = Unicode.Scalar(value) else {
                    throw CodecError(
                        code: code, message: "0x\(String(value, radix: 16)) is not a Unicode scalar",
                        location: .byte(index))
                }
                output.append(contentsOf: String(Character(scalar)).utf8)
                index += 4
            }
            return output
        }
    }

    /// UTF-8 of UTF-16 code units; a lone surrogate throws `code` at its byte offset (2 bytes per unit after `start`).
    static func utf8(fromUTF16 units: [UInt16], start: Int, code: CodecError.Code) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        var index = 0
        while index < units.count {
            let unit = units[index]
            var scalarValue = UInt32(unit)
            if unit >= 0xD800 && unit < 0xDC00, index + 1 < units.count,
                units[index + 1] >= 0xDC00 && units[index + 1] < 0xE000
            {
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
                index += 1
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw CodecError(
                    code: code, message: "the UTF-16 text holds a lone surrogate 0x\(String(unit, radix: 16))",
                    location: .byte(start + 2 * index))
            }
            var encoded = String(Character(scalar)).utf8.makeIterator()
            while let byte = encoded.next() { output.append(byte) }
            index += 1
        }
        return output
    }

    /// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= lower && second <= upper else { return index }
            for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
