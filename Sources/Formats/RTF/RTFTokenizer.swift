import DocumentCodecs

/// One lexical unit of RTF, with the byte offset where it starts.
enum RTFToken: Equatable {
    /// `{`
    case groupStart
    /// `}`
    case groupEnd
    /// `\word` or `\wordN` (letters are case-sensitive; the parameter is signed).
    case controlWord(String, Int?)
    /// `\` followed by one non-letter, such as `\{`, `\~` or `\` + line feed.
    case controlSymbol(UInt8)
    /// `\'hh`: one byte of the current code page.
    case hexByte(UInt8)
    /// One byte of literal text (never a line feed or carriage return, which RTF ignores).
    case text(UInt8)
    /// `\binN` and the N raw bytes after it, skipped.
    case binary
}

/// Splits RTF bytes into tokens, one at a time, with no recursion and no look-behind.
///
/// A control word is `\` + ASCII letters + an optional signed decimal parameter; one space after it
/// is its delimiter and is consumed, any other character ends it and is not. `\binN` consumes its N
/// bytes here, after checking that they exist, so binary data can never be read as syntax.
struct RTFTokenizer {
    let bytes: [UInt8]
    private(set) var offset = 0

    /// Parameters longer than this many digits are refused, as the specification allows at most 10.
    static let maximumParameterDigits = 10

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next token and its offset, or nil at the end of the bytes.
    mutating func next() throws -> (token: RTFToken, offset: Int)? {
        while offset < bytes.count {
            let start = offset
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "{"):
                return (.groupStart, start)
            case UInt8(ascii: "}"):
                return (.groupEnd, start)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "\\"):
                return (try escape(at: start), start)
            default:
                return (.text(byte), start)
            }
        }
        return nil
    }

    private mutating func escape(at start: Int) throws -> RTFToken {
        guard offset < bytes.count else {
            throw CodecError(
                code: .rtf(.truncated), message: "the file ends right after a backslash", location: .byte(start))
        }
        let first = bytes[offset]
        guard Self.isLetter(first) else {
            offset += 1
            if first == UInt8(ascii: "'") { return try hexByte(at: start) }
            return .controlSymbol(first)
        }
        let nameStart = offset
        while offset < bytes.count, Self.isLetter(bytes[offset]) { offset += 1 }
        let name = String(decoding: bytes[nameStart..<offset], as: UTF8.self)
        let parameter = try readParameter(wordAt: start, name: name)
        if offset < bytes.count, bytes[offset] == UInt8(ascii: " ") { offset += 1 }
        if name == "bin" {
            let count = parameter ?? 0
            guard count >= 0, count <= bytes.count - offset else {
                throw CodecError(
                    code: .rtf(.truncatedBinary),
                    message:
                        "\\bin\(count) claims \(count) bytes of binary data but only \(bytes.count - offset) remain",
                    location: .byte(start))
            }
            offset += count
            return .binary
        }
        return .controlWord(name, parameter)
    }

    private mutating func readParameter(wordAt start: Int, name: String) throws -> Int? {
        var negative = false
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-"),
            offset + 1 < bytes.count, Self.isDigit(bytes[offset + 1])
        {
            negative = true
            offset += 1
        }
        let digitsStart = offset
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        guard offset > digitsStart else { return nil }
        guard offset - digitsStart <= Self.maximumParameterDigits else {
            throw CodecError(
                code: .rtf(.parameterOutOfRange),
                message: "the parameter of \\\(name) has more than \(Self.maximumParameterDigits) digits",
                location: .byte(start))
        }
        var value = 0
        for digit in bytes[digitsStart..<offset] { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
        value = negative ? -value : value
        guard value >= Int(Int32.min), value <= Int(Int32.max) else {
            throw CodecError(
                code: .rtf(.parameterOutOfRange),
                message: "the parameter \(value) of \\\(name) does not fit in 32 bits", location: .byte(start))
        }
        return value
    }

    private mutating func hexByte(at start: Int) throws -> RTFToken {
        guard bytes.count - offset >= 2, let high = HexadecimalDigit.value(bytes[offset]),
            let low = HexadecimalDigit.value(bytes[offset + 1])
        else {
            let found = bytes[offset..<min(offset + 2, bytes.count)].map { Self.describe($0) }.joined(separator: " ")
            throw CodecError(
                code: .rtf(.badHexEscape),
                message:
                    "\\' must be followed by two hexadecimal digits, not "
                    + "\(found.isEmpty ? "the end of the file" : found)",
                location: .byte(start))
        }
        offset += 2
        return .hexByte(high << 4 | low)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    }
}
