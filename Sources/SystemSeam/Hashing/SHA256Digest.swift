/// A SHA-256 digest: 32 bytes, printed as 64 lowercase hex digits like `sha256sum` prints them.
///
/// Cheap to hash and compare (four words, no heap storage), so the package comparator can key members
/// by content. Encoded in JSON reports and journals as its hex string.
public struct SHA256Digest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The digest as four big-endian 64-bit words, most significant first.
    private let words: (UInt64, UInt64, UInt64, UInt64)

    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// Reads a digest from 64 hex digits (either case); nil for anything else.
    public init?(hexString: String) {
        let digits = Array(hexString.utf8)
        guard digits.count == 64 else { return nil }
        var parsed: [UInt64] = [0, 0, 0, 0]
        for (index, digit) in digits.enumerated() {
            let value: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            parsed[index / 16] = parsed[index / 16] << 4 | UInt64(value)
        }
        words = (parsed[0], parsed[1], parsed[2], parsed[3])
    }

    /// The 32 bytes of the digest, in order.
    public var bytes: [UInt8] {
        [words.0, words.1, words.2, words.3].flatMap { word in
            (0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - 8 * UInt64($0))) }
        }
    }

    /// The 64 lowercase hex digits.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public var description: String { hexString }

    public static func == (left: SHA256Digest, right: SHA256Digest) -> Bool {
        left.words == right.words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let digest = SHA256Digest(hexString: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a SHA-256 digest is 64 hex digits, not '\(text)'")
        }
        self = digest
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}
