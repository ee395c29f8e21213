/// One multi-byte UTF-8 scalar read by the strict rules both JSON readers apply (`JSONParser` and the
/// tapes' scanner), so that they accept exactly the same bytes.
enum StrictUTF8Scalar: Equatable {
    /// A valid scalar of `length` bytes.
    case scalar(value: UInt32, length: Int)
    /// The first byte cannot start a multi-byte scalar.
    case invalidLead
    /// The sequence is cut short, or a following byte is not a continuation byte.
    case incomplete
    /// The value is overlong, a surrogate or past U+10FFFF.
    case overlongOrSurrogate

    /// Reads the scalar whose first byte is at `start` (a byte of 0x80 or more).
    static func decode(_ bytes: UnsafeRawBufferPointer, at start: Int) -> StrictUTF8Scalar {
        let lead = bytes[start]
        let length: Int
        var value: UInt32
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return .invalidLead
        }
        guard start + length <= bytes.count else { return .incomplete }
        for offset in 1..<length {
            let continuation = bytes[start + offset]
            guard continuation & 0xC0 == 0x80 else { return .incomplete }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            return .overlongOrSurrogate
        }
        return .scalar(value: value, length: length)
    }
}
