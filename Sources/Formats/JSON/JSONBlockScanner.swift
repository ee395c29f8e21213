/// Scans JSON as Foundation's `JSONDecoder` scans a document before it decodes it, a block of bytes at a time,
/// resuming inside any token where a block ends, and setting the bytes of a value aside on request.
///
/// A reader of a large file feeds it one block after another and handles its events as they come: where
/// a value starts, each key of an object it reads token by token, where a value ends, where such an object
/// or array closes. A value the caller does not care to read token by token (`skipValue`) is scanned
/// whole and reported once, its bytes gathered across blocks when asked, so the scanner holds only the
/// block it is given, the open containers and those bytes.
///
/// The grammar is `JSONDecoder`'s, not RFC 8259's, wherever the two differ, because this is what decides
/// whether Foundation reads a document at all: one trailing comma may end an array or an object; at most
/// `maximumDepth` arrays and objects are nested; only space, tab, line feed and carriage return stand
/// between tokens; a UTF-8 byte-order mark at the start is skipped. Values are delimited as the decoder
/// delimits them before it reads one, which is all it ever checks of a value nothing reads: a number is
/// any run of digits, signs, dots and exponent letters after a digit or a minus; a string runs to the
/// next quote no backslash escapes, a `\u` taking the four bytes after it unless one is a quote; strings'
/// UTF-8 and escapes are left to whoever decodes them (`JSONCursor`, `JSONDecoder`).
package struct JSONBlockScanner {
    /// What the scanner found; offsets count bytes from the start of the input.
    package enum Event: Equatable, Sendable {
        /// A value starts at `offset` with `byte`, not yet read: call `skipValue(capturing:)` to have it read
        /// whole, or go on, and an array or an object is read token by token.
        case valueStart(offset: Int, byte: UInt8)
        /// A key of an object read token by token: its content from `start` to `end` (the closing quote), escapes
        /// not decoded, which `withCapturedBytes` gives until the next event.
        case key(start: Int, end: Int)
        /// A value read whole ends: a string, number or literal, or an array or object `skipValue` was asked for.
        case valueEnd(start: Int, end: Int)
        /// An array or object read token by token closes; `end` is the offset after its closing bracket.
        case containerEnd(end: Int)
    }

    /// Where in the grammar an unexpected byte stands.
    package enum Place: Equatable, Sendable {
        case valueStart, keyStart, afterKey
        /// Where a comma or the object's closing brace should follow a member.
        case afterMember
        /// Where a comma or the array's closing bracket should follow an element.
        case afterElement
        /// After the document's one value, where only white space may follow.
        case afterDocument
    }

    /// A place where the input stops being JSON that `JSONDecoder` reads.
    package struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        package enum Kind: Equatable, Sendable {
            /// The input ends before any value.
            case noValue
            /// The input ends inside a value (between its tokens).
            case endsInsideValue
            case endsInsideString
            case unexpected(UInt8, Place)
            /// An array or object would open more than `limit` deep.
            case tooDeep(limit: Int)
            /// A quote comes within the four bytes after a `\u`.
            case shortUnicodeEscape
            /// A value starts as `literal` does and is not it.
            case misspeltLiteral(String)
        }

        /// The offset of the offending byte (the literal's start, or the end of the input where it ends early).
        package var offset: Int
        package var kind: Kind
        /// How many arrays and objects read token by token are open there.
        package var depth: Int
        /// Whether the place is inside a value being skipped (so callers can name their own places otherwise).
        package var isInsideSkippedValue: Bool

        package var description: String {
            switch kind {
            case .noValue: "the input holds no JSON value"
            case .endsInsideValue: "the input ends inside a value"
            case .endsInsideString: "the input ends inside a string"
            case .unexpected(let byte, let place): "unexpected \(Self.describe(byte)) \(Self.describe(place))"
            case .tooDeep(let limit): "arrays and objects are nested more than \(limit) deep"
            case .shortUnicodeEscape: "a \\u escape has fewer than four hexadecimal digits"
            case .misspeltLiteral(let literal): "a value is not '\(literal)'"
            }
        }

        /// `'x'` for a printable ASCII byte, `byte 0x..` for any other.
        package static func describe(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }

        private static func describe(_ place: Place) -> String {
            switch place {
            case .valueStart: "where a value should start"
            case .keyStart: "where a key should start"
            case .afterKey: "after a key"
            case .afterMember: "in an object"
            case .afterElement: "in an array"
            case .afterDocument: "after the document"
            }
        }
    }

    /// What the scanner expects between tokens.
    private enum Expectation {
        case value, valueOrClose, keyOrClose, colon, separator, end
    }

    private enum Escape: Equatable {
        case none, backslash
        /// Inside `\u`, with this many of its four bytes still to come.
        case unicode(Int)
    }

    private enum State {
        case byteOrderMark(matched: Int)
        case between(Expectation)
        /// A value's first byte is next; a `valueStart` event may have announced it.
        case valueNext
        case string(isKey: Bool, escape: Escape)
        case number
        case literal(StaticString, matched: Int)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The deepest nesting of arrays and objects accepted.
    package let maximumDepth: Int
    /// How many arrays and objects read token by token are open.
    package private(set) var depth = 0
    /// Every open array and object (true for an object), those read token by token first.
    private var containers: [Bool] = []
    private var state = State.byteOrderMark(matched: 0)
    private var block = UnsafeRawBufferPointer(start: nil, count: 0)
    private var index = 0
    /// Where `block` starts in the input.
    private var blockOffset = 0
    /// Where the value being read at the level of the caller's events started.
    private var valueOffset = 0
    /// Where the literal being read started.
    private var literalOffset = 0
    /// Where a key's content starts, while it is read.
    private var keyOffset = 0
    /// Whether the caller asked for the value whose first byte is next to be read whole.
    private var skipsNextValue = false
    private var isCapturing = false
    /// Where the capture goes on in `block`.
    private var captureStart = 0
    /// The captured bytes of earlier blocks, then all of them once a capture crossed a block's end.
    private var captured: [UInt8] = []
    private var capturedCrossesBlocks = false
    /// The finished capture's range in `block`, when it did not cross a block's end.
    private var capturedRange = 0..<0

    /// A scanner at the start of an input; `maximumDepth` is `JSONDecoder`'s 512 unless a caller needs less.
    package init(maximumDepth: Int = 512) {
        precondition(maximumDepth > 0, "the maximum depth must be positive")
        self.maximumDepth = maximumDepth
    }

    /// Whether `start`, the first bytes of an input, look like UTF-16 or UTF-32 text (a byte-order mark of those,
    /// or a zero byte among the first four), which UTF-8 JSON never does and `JSONDecoder` also reads.
    package static func startsAsUTF16OrUTF32(_ start: UnsafeRawBufferPointer) -> Bool {
        let leading = start.prefix(4)
        if leading.contains(0) { return true }
        return leading.starts(with: [0xFE, 0xFF]) || leading.starts(with: [0xFF, 0xFE])
    }

    /// The offset of the next byte to read.
    package var offset: Int { blockOffset + index }

    /// Gives the scanner the next bytes of the input, which must stay valid until `next()` returns nil again;
    /// only once `next()` returned nil for the previous block.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        precondition(index == block.count, "the previous block is not used up")
        blockOffset += block.count
        block = bytes
        index = 0
        captureStart = 0
    }

    /// Asks for the value a `valueStart` event just announced to be read whole: the next event is its
    /// `valueEnd`, with its bytes in `withCapturedBytes` when `capturing`.
    package mutating func skipValue(capturing: Bool) {
        guard case .valueNext = state else { preconditionFailure("skipValue follows a valueStart event") }
        skipsNextValue = true
        if capturing { startCapture(at: index) }
    }

    /// Calls `body` with the bytes of the key or captured value the last event ended (valid until the next call
    /// of `next`, `feed` or `finish`).
    package func withCapturedBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if capturedCrossesBlocks { return try captured.withUnsafeBytes(body) }
        return try body(UnsafeRawBufferPointer(rebasing: block[capturedRange]))
    }

    /// The next event in the block fed last; nil once the block is used up (feed the next one, or `finish`).
    package mutating func next() throws(SyntaxError) -> Event? {
        guard let base = block.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let count = block.count
        while index < count {
            switch state {
            case .between(let expectation):
                index = JSONLexing.skipWhitespace(bytes, count, from: index)
                guard index < count else { break }
                if let event = try token(bytes[index], after: expectation) { return event }
            case .valueNext:
                try readValueStart(bytes[index])
            case .string(let isKey, let escape):
                if let event = try readString(bytes, count, isKey: isKey, escape: escape) { return event }
            case .number:
                while index < count && JSONLexing.isLenientNumberByte(bytes[index]) { index += 1 }
                if index < count, let event = valueEnded() { return event }
            case .literal(let literal, let matched):
                if let event = try readLiteral(bytes, count, literal, matched: matched) { return event }
            case .byteOrderMark(let matched):
                try readByteOrderMark(bytes, count, matched: matched)
            }
        }
        if isCapturing {
            captured.append(contentsOf: block[captureStart..<count])
            capturedCrossesBlocks = true
            captureStart = count
        }
        return nil
    }

    /// Ends the input, once `next()` returned nil: the last event, when a number ran to the end, and then nil
    /// while the document is complete; throws where it is not.
    package mutating func finish() throws(SyntaxError) -> Event? {
        precondition(index == block.count, "the last block is not used up")
        switch state {
        case .byteOrderMark(let matched):
            guard matched == 0 else { throw failure(.unexpected(Self.byteOrderMark[0], .valueStart), at: 0) }
            throw failure(.noValue)
        case .between(.value) where containers.isEmpty:
            throw failure(.noValue)
        case .between(.end):
            return nil
        case .between, .valueNext:
            throw failure(.endsInsideValue)
        case .string:
            throw failure(.endsInsideString)
        case .literal(let literal, _):
            throw failure(.misspeltLiteral(literal.description), at: literalOffset)
        case .number:
            if let event = valueEnded() { return event }
            return try finish()
        }
    }

    // MARK: Between tokens

    /// Reads the token that starts with `byte` where `expectation` holds, and returns its event, if any.
    @inline(__always)
    private mutating func token(_ byte: UInt8, after expectation: Expectation) throws(SyntaxError) -> Event? {
        switch expectation {
        case .value:
            return startValue(byte)
        case .valueOrClose:
            if byte == UInt8(ascii: "]") { return close() }
            return startValue(byte)
        case .keyOrClose:
            if byte == UInt8(ascii: "}") { return close() }
            guard byte == UInt8(ascii: "\"") else { throw failure(.unexpected(byte, .keyStart)) }
            index += 1
            if containers.count == depth {
                keyOffset = offset
                startCapture(at: index)
            }
            state = .string(isKey: true, escape: .none)
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw failure(.unexpected(byte, .afterKey)) }
            index += 1
            state = .between(.value)
        case .separator:
            let isObject = containers[containers.count - 1]
            if byte == UInt8(ascii: ",") {
                index += 1
                state = .between(isObject ? .keyOrClose : .valueOrClose)
            } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                return close()
            } else {
                throw failure(.unexpected(byte, isObject ? .afterMember : .afterElement))
            }
        case .end:
            throw failure(.unexpected(byte, .afterDocument))
        }
        return nil
    }

    /// A value starts with `byte` (not read yet); the caller hears of it when it reads at this level.
    @inline(__always)
    private mutating func startValue(_ byte: UInt8) -> Event? {
        state = .valueNext
        guard containers.count == depth else { return nil }
        valueOffset = offset
        skipsNextValue = false
        return .valueStart(offset: valueOffset, byte: byte)
    }

    /// Reads a value's first byte.
    private mutating func readValueStart(_ byte: UInt8) throws(SyntaxError) {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < maximumDepth else { throw failure(.tooDeep(limit: maximumDepth)) }
            let isObject = byte == UInt8(ascii: "{")
            if containers.count == depth && !skipsNextValue { depth += 1 }
            containers.append(isObject)
            index += 1
            state = .between(isObject ? .keyOrClose : .valueOrClose)
        case UInt8(ascii: "\""):
            index += 1
            state = .string(isKey: false, escape: .none)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            literalOffset = offset
            switch byte {
            case UInt8(ascii: "t"): state = .literal("true", matched: 0)
            case UInt8(ascii: "f"): state = .literal("false", matched: 0)
            default: state = .literal("null", matched: 0)
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            index += 1
            state = .number
        default:
            throw failure(.unexpected(byte, .valueStart))
        }
        skipsNextValue = false
    }

    /// A value ended at `index`: the next token is a separator (or nothing but white space at the top level).
    private mutating func valueEnded() -> Event? {
        state = .between(containers.isEmpty ? .end : .separator)
        guard containers.count == depth else { return nil }
        endCapture(at: index)
        return .valueEnd(start: valueOffset, end: offset)
    }

    /// Reads the closing bracket at `index` of the innermost container.
    private mutating func close() -> Event? {
        index += 1
        let isReadByTokens = containers.count == depth
        containers.removeLast()
        guard isReadByTokens else { return valueEnded() }
        depth -= 1
        state = .between(containers.isEmpty ? .end : .separator)
        return .containerEnd(end: offset)
    }

    // MARK: Inside tokens

    /// Goes on with a string's content; its event when it ends in this block.
    @inline(__always)
    private mutating func readString(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, isKey: Bool, escape: Escape
    ) throws(SyntaxError) -> Event? {
        var escape = escape
        while index < count {
            switch escape {
            case .none:
                index = JSONLexing.stringRunEnd(bytes, count, from: index, stopsAtControlAndNonASCII: false)
                guard index < count else { break }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\") {
                    escape = .backslash
                    continue
                }
                guard isKey else { return valueEnded() }
                state = .between(.colon)
                guard containers.count == depth else { return nil }
                endCapture(at: index - 1)
                return .key(start: keyOffset, end: offset - 1)
            case .backslash:
                escape = bytes[index] == UInt8(ascii: "u") ? .unicode(4) : .none
                index += 1
            case .unicode(let left):
                guard bytes[index] != UInt8(ascii: "\"") else { throw failure(.shortUnicodeEscape) }
                escape = left == 1 ? .none : .unicode(left - 1)
                index += 1
            }
        }
        state = .string(isKey: isKey, escape: escape)
        return nil
    }

    private mutating func readLiteral(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, _ literal: StaticString, matched: Int
    ) throws(SyntaxError) -> Event? {
        var matched = matched
        let length = literal.utf8CodeUnitCount
        while index < count && matched < length {
            guard bytes[index] == literal.utf8Start[matched] else {
                throw failure(.misspeltLiteral(literal.description), at: literalOffset)
            }
            index += 1
            matched += 1
        }
        guard matched == length else {
            state = .literal(literal, matched: matched)
            return nil
        }
        return valueEnded()
    }

    private mutating func readByteOrderMark(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, matched: Int
    ) throws(SyntaxError) {
        var matched = matched
        while index < count && matched < Self.byteOrderMark.count {
            guard bytes[index] == Self.byteOrderMark[matched] else {
                // The mark's first byte starts no value, so a partial mark is a value starting badly.
                guard matched == 0 else { throw failure(.unexpected(Self.byteOrderMark[0], .valueStart), at: 0) }
                state = .between(.value)
                return
            }
            index += 1
            matched += 1
        }
        state = matched == Self.byteOrderMark.count ? .between(.value) : .byteOrderMark(matched: matched)
    }

    // MARK: Capturing and errors

    private mutating func startCapture(at start: Int) {
        isCapturing = true
        captureStart = start
        captured.removeAll(keepingCapacity: true)
        capturedCrossesBlocks = false
    }

    private mutating func endCapture(at end: Int) {
        guard isCapturing else {
            capturedCrossesBlocks = false
            capturedRange = 0..<0
            return
        }
        isCapturing = false
        if capturedCrossesBlocks {
            captured.append(contentsOf: block[captureStart..<end])
        } else {
            capturedRange = captureStart..<end
        }
    }

    private func failure(_ kind: SyntaxError.Kind, at errorOffset: Int? = nil) -> SyntaxError {
        SyntaxError(
            offset: errorOffset ?? offset, kind: kind, depth: depth, isInsideSkippedValue: containers.count > depth)
    }
}
