import Foundation

/// A JSON document as the JSON codec holds it: the value as written and the style it was written in.
///
/// The value keeps key order and numbers as spelled (`JSONValue`), so a document
/// written by `JSONEncoder` re-encodes byte for byte when the style is the one it was read with.
///
/// A valid document in any other layout (indented by four spaces or tabs, `": "` separators, a final
/// newline, a byte-order mark, `\u00e9` escapes…) is kept too: `init(decoding:)` stores its bytes,
/// and `encoded()` writes them back unchanged for as long as `value` and `style` are what was read.
/// Once either changes, the document is written by `JSONWriter` in `style`, which decoding set to the
/// nearest `JSONEncoder` layout (pretty when the text had a line break, sorted when every object's keys
/// were in order, slashes escaped or not as the text mostly wrote them); the old text's other layout
/// choices are not carried over, the value always is, exactly.
public struct JSONDocument: Sendable, Hashable {
    /// The document's value.
    public var value: JSONValue
    /// How the document's bytes are laid out when written.
    public var style: JSONWritingStyle
    /// What was read, when no `JSONEncoder` style reproduces the bytes.
    private var preserved: Preserved?

    private struct Preserved: Sendable, Hashable {
        var text: Data
        var value: JSONValue
        var style: JSONWritingStyle
    }

    /// A document holding `value`, to be written in `style`.
    public init(value: JSONValue, style: JSONWritingStyle = JSONWritingStyle()) {
        self.value = value
        self.style = style
        self.preserved = nil
    }

    /// Reads a document strictly and detects its layout; throws `JSONParseError` for invalid JSON.
    ///
    /// When one of the eight `JSONEncoder` styles reproduces `data`, `style` is that style and nothing
    /// else is kept. Otherwise `preservedText` holds `data`, to be written back while nothing changes.
    public init(decoding data: Data, parser: JSONParser = JSONParser()) throws(JSONParseError) {
        let value = try parser.parse(data)
        let style = Self.nearestStyle(of: data, value: value)
        self.value = value
        self.style = style
        self.preserved =
            JSONWriter.write(value, style: style) == data ? nil : Preserved(text: data, value: value, style: style)
    }

    /// The bytes the document was read from, when they are not in a `JSONEncoder` layout; nil otherwise.
    public var preservedText: Data? { preserved?.text }

    /// Whether `encoded()` writes `preservedText` back as read (value and style unchanged since reading).
    public var writesPreservedText: Bool {
        guard let preserved else { return false }
        return preserved.style == style && preserved.value == value
    }

    /// The document's bytes: the preserved text while unchanged, otherwise `value` written in `style`.
    public func encoded() -> Data {
        if writesPreservedText, let preserved { return preserved.text }
        return JSONWriter.write(value, style: style)
    }

    /// The `JSONEncoder` style closest to how `data` is laid out.
    static func nearestStyle(of data: Data, value: JSONValue) -> JSONWritingStyle {
        // A line feed can only be whitespace between tokens: inside strings it must be escaped.
        let prettyPrinted = data.contains(0x0A)
        // A `/` or a `\` only occurs inside strings, and each `\` starts an escape of one character
        // (or of `u` and four hex digits, none of them a slash).
        var rawSlashes = 0
        var escapedSlashes = 0
        data.withUnsafeBytes { bytes in
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"):
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") { escapedSlashes += 1 }
                    index += 2
                case UInt8(ascii: "/"):
                    rawSlashes += 1
                    index += 1
                default:
                    index += 1
                }
            }
        }
        return JSONWritingStyle(
            sortedKeys: keysAreSorted(value), prettyPrinted: prettyPrinted,
            withoutEscapingSlashes: rawSlashes > escapedSlashes)
    }

    /// Whether some object has two or more keys and every object's keys are in `.sortedKeys` order.
    ///
    /// When no object has two keys, both orders write the same bytes and unsorted (the default) is kept.
    private static func keysAreSorted(_ value: JSONValue) -> Bool {
        var pending = [value]
        var sawOrderedPair = false
        while let next = pending.popLast() {
            switch next {
            case .object(let members):
                for index in members.indices.dropFirst() {
                    guard JSONWriter.keyPrecedes(members[index - 1].key, members[index].key) else { return false }
                    sawOrderedPair = true
                }
                pending.append(contentsOf: members.map(\.value))
            case .array(let elements):
                pending.append(contentsOf: elements)
            default:
                break
            }
        }
        return sawOrderedPair
    }
}
