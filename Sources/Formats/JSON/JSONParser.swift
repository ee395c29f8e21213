import DocumentCodecs
import Foundation

/// A strict RFC 8259 parser that keeps member order and number spelling, for comparing documents.
///
/// Strict means: no comments, no trailing commas, no `NaN` or `Infinity`, no single quotes, no leading
/// zeros or `+` in numbers, no unescaped control characters in strings, strictly valid UTF-8, and no
/// escaped lone surrogates (a Swift string cannot hold one; `loneSurrogates: .replace` opts into
/// Python's and JavaScript's leniency, writing U+FFFD instead). Two decisions go beyond the RFC's MUSTs:
/// - a repeated key in one object is an error (`json.duplicate-key`) naming both places: parsers
///   disagree on which copy wins (Foundation and Python keep the last), so a document with one cannot
///   be compared or round-tripped meaningfully;
/// - a leading UTF-8 byte-order mark is skipped, as RFC 8259 §8.1 allows a parser to do.
///
/// Nesting deeper than `maximumDepth` is an error (`json.too-deep`) rather than a stack overflow: the
/// parser keeps its open arrays and objects on a heap stack of its own and never recurses, so a
/// million `[` cost one error, not a crash. `JSONValue` itself is a recursive type whose comparison
/// and destruction recurse, so keep the limit in the thousands (the default, 512, is `JSONEncoder`'s).
public struct JSONParser: Sendable {
    /// What the parser does with a `\u` escape naming half a surrogate pair.
    public enum LoneSurrogatePolicy: Sendable, Hashable {
        /// Reject the document (`json.lone-surrogate`), as Foundation's `JSONDecoder` does. The default.
        case reject
        /// Read each lone surrogate as U+FFFD, for documents written by tools that emit them; lossy.
        case replace
    }

    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth: Int
    /// What to do with escaped lone surrogates; `.reject` unless a caller opts in.
    public var loneSurrogates: LoneSurrogatePolicy

    /// A parser accepting `maximumDepth` levels of nesting (negative is a precondition failure).
    public init(maximumDepth: Int = 512, loneSurrogates: LoneSurrogatePolicy = .reject) {
        precondition(maximumDepth >= 0, "the maximum depth cannot be negative")
        self.maximumDepth = maximumDepth
        self.loneSurrogates = loneSurrogates
    }

    /// Parses one JSON text; throws `JSONParseError` at the first problem.
    public func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth, loneSurrogates: loneSurrogates)
            do throws(JSONParseError) {
                return .success(try scanner.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses the UTF-8 of `text`.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Data(text.utf8))
    }
}

/// An array or object whose closing bracket the scanner has not reached yet.
private struct OpenContainer {
    var isObject: Bool
    var elements: [JSONValue] = []
    var members: [JSONMember] = []
    /// The offset of each key's opening quote, in the order the keys were read (the pending key's last).
    var keyOffsets: [Int] = []
    /// Each key read so far and its position in `keyOffsets`, once the object is large enough to need it.
    ///
    /// Most objects have a handful of members, and for them a scan of the keys read so far is cheaper
    /// than hashing every key into a dictionary of their own.
    var keyPositions: [ScalarKey: Int]?
    /// The key whose value is being read.
    var pendingKey = ""

    /// Keys are looked up by scanning until an object has this many.
    static let scannedKeyLimit = 16

    /// Records `key` (read at `offset`); returns the offset of an earlier equal key instead when there is one.
    ///
    /// Keys are told apart by their scalars, as in every other comparison here, not by `String ==`.
    mutating func insertKey(_ key: String, at offset: Int) -> Int? {
        if keyPositions == nil {
            for (position, member) in members.enumerated() where ScalarKey.equal(member.key, key) {
                return keyOffsets[position]
            }
            if members.count + 1 >= Self.scannedKeyLimit {
                var positions: [ScalarKey: Int] = [:]
                positions.reserveCapacity(Self.scannedKeyLimit * 2)
                for (position, member) in members.enumerated() { positions[ScalarKey(member.key)] = position }
                positions[ScalarKey(key)] = keyOffsets.count
                keyPositions = positions
            }
        } else if let earlier = keyPositions?.updateValue(keyOffsets.count, forKey: ScalarKey(key)) {
            keyPositions?[ScalarKey(key)] = earlier
            return keyOffsets[earlier]
        }
        keyOffsets.append(offset)
        pendingKey = key
        return nil
    }
}

/// A string hashed and compared by its UTF-8 bytes (so by Unicode scalars), without copying them.
struct ScalarKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (left: ScalarKey, right: ScalarKey) -> Bool {
        equal(left.string, right.string)
    }

    /// Whether two strings have the same UTF-8 bytes; native strings are compared with memcmp.
    static func equal(_ left: String, _ right: String) -> Bool {
        let fast: Bool?? = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard leftBytes.count == rightBytes.count else { return false }
                guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return true }
                return memcmp(leftBase, rightBase, leftBytes.count) == 0
            }
        }
        if let fast, let answer = fast { return answer }
        return left.utf8.elementsEqual(right.utf8)
    }

    func hash(into hasher: inout Hasher) {
        JSONValue.hashScalars(of: string, into: &hasher)
    }
}

private struct JSONScanner {
    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    let loneSurrogates: JSONParser.LoneSurrogatePolicy
    var index = 0

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int, loneSurrogates: JSONParser.LoneSurrogatePolicy) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.loneSurrogates = loneSurrogates
    }

    func failure(
        _ code: JSONErrorCode, _ message: String, at offset: Int? = nil, earlierOffset: Int? = nil
    ) -> JSONParseError {
        JSONParseError(code: code, message: message, offset: offset ?? index, earlierOffset: earlierOffset, in: bytes)
    }

    func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "the byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
    }

    /// Reads the whole document with an explicit stack of open containers instead of recursion.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else {
            throw failure(.empty, "the document holds no JSON value")
        }
        var stack: [OpenContainer] = []
        readingValues: while true {
            // Here a value starts at `index` (whitespace skipped).
            guard index < bytes.count else {
                throw failure(.unexpectedEnd, "the document ends where a value was expected")
            }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "["):
                try checkDepth(stack.count + 1)
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(OpenContainer(isObject: false))
                    continue readingValues
                }
            case UInt8(ascii: "{"):
                try checkDepth(stack.count + 1)
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object([])
                } else {
                    var container = OpenContainer(isObject: true)
                    try readKey(into: &container, afterComma: false)
                    stack.append(container)
                    continue readingValues
                }
            default:
                value = try parseScalar()
            }
            // A value is complete: hand it to the innermost open container, closing containers as they end.
            while !stack.isEmpty {
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].pendingKey, value: value))
                    guard index < bytes.count else {
                        throw failure(.unexpectedEnd, "the document ends inside an object")
                    }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        try readKey(into: &stack[top], afterComma: true)
                        continue readingValues
                    case UInt8(ascii: "}"):
                        index += 1
                        value = .object(stack.removeLast().members)
                    default:
                        throw failure(
                            .unexpectedCharacter, "expected ',' or '}' after a member, found \(describeByte(at: index))"
                        )
                    }
                } else {
                    stack[top].elements.append(value)
                    guard index < bytes.count else {
                        throw failure(.unexpectedEnd, "the document ends inside an array")
                    }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                            throw failure(.trailingComma, "a comma must be followed by another element, not by ']'")
                        }
                        continue readingValues
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(stack.removeLast().elements)
                    default:
                        throw failure(
                            .unexpectedCharacter,
                            "expected ',' or ']' after an element, found \(describeByte(at: index))")
                    }
                }
            }
            skipWhitespace()
            guard index == bytes.count else {
                throw failure(.trailingContent, "\(describeByte(at: index)) follows the end of the JSON value")
            }
            return value
        }
    }

    func checkDepth(_ depth: Int) throws(JSONParseError) {
        if depth > maximumDepth {
            throw failure(.tooDeep, "arrays and objects are nested more than \(maximumDepth) deep")
        }
    }

    /// Reads `"key" :` (and the whitespace after it) into `container`, rejecting a repeated key.
    mutating func readKey(into container: inout OpenContainer, afterComma: Bool) throws(JSONParseError) {
        skipWhitespace()
        guard index < bytes.count else {
            throw failure(.unexpectedEnd, "the document ends inside an object")
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            if bytes[index] == UInt8(ascii: "}") && afterComma {
                throw failure(.trailingComma, "a comma must be followed by another member, not by '}'")
            }
            throw failure(
                .unexpectedCharacter,
                "\(describeByte(at: index)) cannot start a member; a key is a string in double quotes")
        }
        let keyOffset = index
        let key = try parseString()
        if let earlier = container.insertKey(key, at: keyOffset) {
            let first = JSONParseError.place(of: earlier, in: bytes)
            throw failure(
                .duplicateKey,
                "the key \(JSONStringEscaper.quoted(key)) appears twice in one object; it first appears at \(first)",
                at: keyOffset, earlierOffset: earlier)
        }
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd, "the document ends inside an object") }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw failure(.unexpectedCharacter, "expected ':' after a key, found \(describeByte(at: index))")
        }
        index += 1
        skipWhitespace()
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseScalar() throws(JSONParseError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw failure(.unexpectedCharacter, "\(describeByte(at: index)) cannot start a JSON value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        for offset in 0..<count {
            guard start + offset < bytes.count, bytes[start + offset] == literal.utf8Start[offset] else {
                throw failure(.invalidLiteral, "expected the literal \(literal)", at: start)
            }
        }
        index = start + count
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        func isDigit(_ offset: Int) -> Bool { offset < bytes.count && bytes[offset] >= 0x30 && bytes[offset] <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else {
            throw failure(.invalidNumber, "a '-' must be followed by a digit", at: index)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw failure(.invalidNumber, "a number cannot have a leading zero", at: start) }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw failure(.invalidNumber, "a '.' in a number must be followed by a digit") }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard isDigit(index) else { throw failure(.invalidNumber, "an exponent must have a digit") }
            while isDigit(index) { index += 1 }
        }
        return JSONNumber(
            validatedText: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    mutating func parseString() throws(JSONParseError) -> String {
        let open = index
        index += 1
        // Most strings hold no escape: validate them in place and make the string from their bytes at once.
        // Strict validation here accepts exactly what Swift's UTF-8 decoding keeps unchanged, so the
        // string is the same as the scalars the general loop below would have collected.
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte < 0x80 {
                index += 1
            } else {
                _ = try parseMultibyteScalar()
            }
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                .unicodeScalars)
        while true {
            guard index < bytes.count else {
                throw failure(.unexpectedEnd, "the string opened at \(ByteOffset.describe(open)) has no closing '\"'")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try parseEscape())
            case 0x00..<0x20:
                throw failure(
                    .controlCharacter,
                    "the control character 0x\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16)) must be escaped in "
                        + "a string"
                )
            case 0x00..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
            default:
                scalars.append(try parseMultibyteScalar())
            }
        }
    }

    mutating func parseMultibyteScalar() throws(JSONParseError) -> Unicode.Scalar {
        let lead = bytes[index]
        switch StrictUTF8Scalar.decode(bytes, at: index) {
        case .scalar(let value, let length):
            guard let scalar = Unicode.Scalar(value) else {
                throw failure(.invalidUTF8, "the bytes here are an overlong or surrogate UTF-8 sequence")
            }
            index += length
            return scalar
        case .invalidLead:
            throw failure(.invalidUTF8, "the byte 0x\(String(lead, radix: 16)) is not valid UTF-8 here")
        case .incomplete:
            throw failure(.invalidUTF8, "the byte 0x\(String(lead, radix: 16)) starts an incomplete UTF-8 sequence")
        case .overlongOrSurrogate:
            throw failure(.invalidUTF8, "the bytes here are an overlong or surrogate UTF-8 sequence")
        }
    }

    mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw failure(.unexpectedEnd, "the document ends inside an escape") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHexQuad(escapeStart: start)
            if (0xDC00...0xDFFF).contains(first) {
                if loneSurrogates == .replace { return "\u{FFFD}" }
                throw failure(
                    .loneSurrogate, "the escape \\u\(String(first, radix: 16)) is a low surrogate without a high one",
                    at: start)
            }
            if (0xD800...0xDBFF).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    if loneSurrogates == .replace { return "\u{FFFD}" }
                    throw failure(
                        .loneSurrogate,
                        "the escape \\u\(String(first, radix: 16)) is a high surrogate without a low one", at: start)
                }
                let secondStart = index
                index += 2
                let second = try parseHexQuad(escapeStart: secondStart)
                guard (0xDC00...0xDFFF).contains(second) else {
                    if loneSurrogates == .replace {
                        // The second escape stands on its own: read it again after this one.
                        index = secondStart
                        return "\u{FFFD}"
                    }
                    throw failure(
                        .loneSurrogate,
                        "the escape \\u\(String(first, radix: 16)) is a high surrogate without a low one", at: start)
                }
                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else {
                    throw failure(.invalidEscape, "the surrogate pair does not name a scalar", at: start)
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw failure(.invalidEscape, "the escape does not name a scalar", at: start)
            }
            return scalar
        default:
            throw failure(.invalidEscape, "\\\(describeByte(at: index - 1)) is not a JSON escape", at: start)
        }
    }

    mutating func parseHexQuad(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure(.unexpectedEnd, "the document ends inside a \\u escape") }
            guard let digit = HexadecimalDigit.value(bytes[index]) else {
                throw failure(.invalidEscape, "a \\u escape needs four hex digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
