import DocumentPlatform
import Foundation
import SystemSeam

/// Reads a JSON conversion report a block at a time and hands its items over one by one, accepting
/// and refusing exactly what `ConversionReport.decode(json:)` accepts and refuses.
///
/// `docmigrate merge-reports` read each shard's report whole and decoded every item into memory,
/// so merging a large job needed far more memory than converting it. This reader holds one block of
/// the file, the item being read and the report's few other fields.
///
/// It follows Foundation's `JSONDecoder` rather than the JSON grammar wherever the two differ: the
/// structure is checked everywhere (one trailing comma allowed, at most 512 nested containers, only
/// space, tab, line feed and carriage return between tokens), but a value no field reads is only
/// skipped, as Foundation skips it (a number is any run of digits, signs, dots and exponents; a string
/// is not checked for UTF-8 or escapes). Object keys of the report are decoded and checked, and the
/// first of two equal keys counts. The other fields (`schema`, `schemaVersion`, `target`, `shard`,
/// `totals`) are gathered as the bytes they are and decoded by `JSONDecoder` at the end, so their
/// checks, and the order in which they are made, are the decoder's own. An item that is plain (known
/// keys, well-formed strings, plain integers) is decoded here; any other is handed, alone, to
/// `JSONDecoder`. A file that is not UTF-8 (UTF-16 or UTF-32, which `JSONDecoder` also reads) or not
/// a regular file is read whole and decoded as before.
///
/// Errors: `merge.unreadable`, `merge.not-a-report` (at a byte offset, with its line and column, for
/// a syntax error), and the report's own `report.wrong-schema` and `report.unsupported-version`.
struct ConversionReportReader {
    /// The bytes read at a time.
    static let defaultBlockSize = 1 << 17
    /// The deepest nesting of arrays and objects, as `JSONDecoder` allows.
    static let maximumDepth = 512
    /// The fields besides `items`, gathered as bytes and decoded by `JSONDecoder`.
    private static let headerKeys: Set<String> = ["schema", "schemaVersion", "shard", "target", "totals"]

    /// A place where the text stops being JSON that `JSONDecoder` reads.
    struct SyntaxError: Error {
        var offset: Int
        var reason: String
    }

    private var input: BlockInput
    /// The kinds of the containers `skipValue` is inside (true for an object); kept to reuse its storage.
    private var containers: [Bool] = []
    private let decoder = JSONDecoder()
    /// Why the first item that could not be decoded was refused; later items are only checked for syntax,
    /// because `JSONDecoder` refuses a report's syntax errors before its fields.
    private var itemError: ConversionError?

    private init(input: BlockInput) {
        self.input = input
    }

    /// Reads the report at `path`, calling `body` with each item in the file's order, and returns the
    /// report for its other fields (target, shard, totals); its items are only those handed to `body`.
    ///
    /// Errors of `body` are thrown as they are; the others name `path`.
    static func read(path: String, blockSize: Int = defaultBlockSize, item body: (ConversionReport.Item) throws -> Void) throws -> ConversionReport {
        let stream: ByteNamedStream
        let status: FileStatus
        do {
            stream = try ByteNamedStream.openForReading(Array(path.utf8), followingLinks: true)
            status = try stream.status()
        } catch {
            throw unreadable(error, path: path)
        }
        // Not a regular file: read as before (Foundation refuses a pipe, so that stays `merge.unreadable`).
        guard status.kind == .regular else { return try readWhole(path: path, item: body) }
        var reader = ConversionReportReader(input: BlockInput(stream: stream, blockSize: max(blockSize, 4)))
        defer { reader.input.deallocate() }
        do {
            if try reader.input.isProbablyNotUTF8() { return try readWhole(path: path, item: body) }
            return try reader.readReport(path: path, item: body)
        } catch let error as SyntaxError {
            throw notAReport(error, path: path)
        } catch let error as FileSystemError {
            throw unreadable(error, path: path)
        }
    }

    // MARK: The report

    private mutating func readReport(path: String, item body: (ConversionReport.Item) throws -> Void) throws -> ConversionReport {
        input.skipByteOrderMark()
        guard let first = try nonWhitespace() else { throw SyntaxError(offset: input.offset, reason: "the file holds no JSON value") }
        guard first == .openBrace else { throw SyntaxError(offset: input.offset, reason: "the top level is not a JSON object") }
        input.advance()
        var header: [(key: String, value: [UInt8])] = []
        var seenKeys = Set<String>()
        if try nonWhitespaceBeforeEnd() == .closeBrace {
            input.advance()
        } else {
            while true {
                let key = try readKey()
                let isFirst = seenKeys.insert(key).inserted
                let valueStart = try nonWhitespaceBeforeEnd()
                if isFirst && key == "items" && valueStart == .openBracket {
                    try readItems(item: body)
                    // The items were handed over; the decoder checks the other fields of a report with none.
                    header.append((key, Array("[]".utf8)))
                } else if isFirst && (key == "items" || Self.headerKeys.contains(key)) {
                    input.startCapture()
                    try skipValue(depth: 1)
                    header.append((key, input.endCapture()))
                } else {
                    try skipValue(depth: 1)
                }
                if try separatorOrEnd(closing: .closeBrace, "after a member of the report") { break }
            }
        }
        if let trailing = try nonWhitespace() { throw unexpected(trailing, "after the report") }
        let report = try decodeHeader(header, path: path)
        if let itemError { throw ConversionError(code: itemError.code, message: itemError.message, file: path, location: itemError.location) }
        return report
    }

    /// Decodes the fields gathered besides the items with `JSONDecoder`, as one small report.
    private func decodeHeader(_ header: [(key: String, value: [UInt8])], path: String) throws -> ConversionReport {
        var document = Array("{".utf8)
        for (index, member) in header.enumerated() {
            if index > 0 { document.append(.comma) }
            document.append(contentsOf: Array("\"\(member.key)\":".utf8))
            document.append(contentsOf: member.value)
        }
        document.append(.closeBrace)
        do {
            return try decoder.decode(ConversionReport.self, from: Data(document))
        } catch let error as ConversionError {
            throw ConversionError(code: error.code, message: error.message, file: path, location: error.location)
        } catch {
            throw ConversionError(code: "merge.not-a-report", message: "not a JSON conversion report: \(error)", file: path)
        }
    }

    /// Reads the array of items (at its opening bracket), handing each one that decodes to `body`.
    private mutating func readItems(item body: (ConversionReport.Item) throws -> Void) throws {
        input.advance()
        if try nonWhitespaceBeforeEnd() == .closeBracket {
            input.advance()
            return
        }
        var index = 0
        while true {
            let start = input.offset
            input.startCapture()
            try skipValue(depth: 2)
            let bytes = input.endCapture()
            if itemError == nil {
                let decoded: ConversionReport.Item?
                do {
                    decoded = try decodeItem(bytes)
                } catch {
                    itemError = ConversionError(
                        code: "merge.not-a-report", message: "not a JSON conversion report: item \(index) cannot be read: \(error)", location: .byte(start))
                    decoded = nil
                }
                if let decoded { try body(decoded) }
            }
            index += 1
            if try separatorOrEnd(closing: .closeBracket, "after an item") { return }
        }
    }

    private func decodeItem(_ bytes: [UInt8]) throws -> ConversionReport.Item {
        if let plain = bytes.withUnsafeBytes({ PlainItemDecoder.decode($0) }) { return plain }
        return try decoder.decode(ConversionReport.Item.self, from: Data(bytes))
    }

    /// Reads an object key (at its opening quote) and the colon after it, and decodes the key as `JSONDecoder` does.
    private mutating func readKey() throws -> String {
        let quote = try nonWhitespaceBeforeEnd()
        guard quote == .quote else { throw unexpected(quote, "where a key should start") }
        let start = input.offset
        input.advance()
        input.startCapture()
        try skipStringBody()
        var raw = input.endCapture()
        raw.removeLast()
        let key: String?
        if raw.allSatisfy({ $0 >= 0x20 && $0 != .backslash }) {
            key = String(validating: raw, as: UTF8.self)
        } else {
            // Escapes and control characters: the decoder's own rules for strings decide.
            key = try? decoder.decode(String.self, from: Data([.quote] + raw + [.quote]))
        }
        guard let key else { throw SyntaxError(offset: start, reason: "a key is not a valid JSON string") }
        let colon = try nonWhitespaceBeforeEnd()
        guard colon == .colon else { throw unexpected(colon, "after a key") }
        input.advance()
        return key
    }

    // MARK: Skipping values as JSONDecoder scans them

    /// The next byte that is not white space, not consumed; nil at the end of the file.
    private mutating func nonWhitespace() throws -> UInt8? {
        while let byte = try input.peek() {
            guard byte == .space || byte == .lineFeed || byte == .tab || byte == .carriageReturn else { return byte }
            input.advance()
        }
        return nil
    }

    /// The next byte that is not white space, not consumed; the end of the file is an error here.
    private mutating func nonWhitespaceBeforeEnd() throws -> UInt8 {
        guard let byte = try nonWhitespace() else { throw SyntaxError(offset: input.offset, reason: "the file ends inside the report") }
        return byte
    }

    /// After a member of an object or an element of an array: consumes the container's `close`, or a comma, and then
    /// `close` too when one trailing comma ends the container (as `JSONDecoder` allows); true when the container ended.
    /// Anything else is unexpected at `place`.
    @inline(__always)
    private mutating func separatorOrEnd(closing close: UInt8, _ place: String) throws -> Bool {
        let byte = try nonWhitespaceBeforeEnd()
        if byte == close {
            input.advance()
            return true
        }
        guard byte == .comma else { throw unexpected(byte, place) }
        input.advance()
        if try nonWhitespaceBeforeEnd() == close {
            input.advance()
            return true
        }
        return false
    }

    private func unexpected(_ byte: UInt8?, _ place: String) -> SyntaxError {
        guard let byte else { return SyntaxError(offset: input.offset, reason: "the file ends inside the report") }
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return SyntaxError(offset: input.offset, reason: "unexpected \(shown) \(place)")
    }

    /// Skips one value (at its first byte), checking what `JSONDecoder`'s scanner checks; `depth` containers are open around it.
    private mutating func skipValue(depth: Int) throws {
        enum Expected { case value, key, separator }
        containers.removeAll(keepingCapacity: true)
        var expected = Expected.value
        while true {
            switch expected {
            case .value:
                let byte = try nonWhitespaceBeforeEnd()
                switch byte {
                case .quote:
                    input.advance()
                    try skipStringBody()
                    expected = .separator
                case .openBrace, .openBracket:
                    guard depth + containers.count < Self.maximumDepth else {
                        throw SyntaxError(offset: input.offset, reason: "arrays and objects are nested more than \(Self.maximumDepth) deep")
                    }
                    input.advance()
                    let isObject = byte == .openBrace
                    if try nonWhitespaceBeforeEnd() == (isObject ? .closeBrace : .closeBracket) {
                        input.advance()
                        expected = .separator
                    } else {
                        containers.append(isObject)
                        expected = isObject ? .key : .value
                    }
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    try skipLiteral(byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null")
                    expected = .separator
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    input.advance()
                    try skipNumberRest()
                    expected = .separator
                default:
                    throw unexpected(byte, "where a value should start")
                }
            case .key:
                let byte = try nonWhitespaceBeforeEnd()
                guard byte == .quote else { throw unexpected(byte, "where a key should start") }
                input.advance()
                try skipStringBody()
                let colon = try nonWhitespaceBeforeEnd()
                guard colon == .colon else { throw unexpected(colon, "after a key") }
                input.advance()
                expected = .value
            case .separator:
                guard let isObject = containers.last else { return }
                if try separatorOrEnd(closing: isObject ? .closeBrace : .closeBracket, isObject ? "in an object" : "in an array") {
                    containers.removeLast()
                } else {
                    expected = isObject ? .key : .value
                }
            }
        }
    }

    /// Skips a string after its opening quote: up to the next quote that no backslash escapes; `\u` takes four bytes that are no quote.
    private mutating func skipStringBody() throws {
        while true {
            input.skipPlainStringBytes()
            guard let byte = try input.peek() else { throw SyntaxError(offset: input.offset, reason: "the file ends inside a string") }
            input.advance()
            if byte == .quote { return }
            guard byte == .backslash else { continue }
            guard let escaped = try input.peek() else { throw SyntaxError(offset: input.offset, reason: "the file ends inside a string") }
            input.advance()
            guard escaped == UInt8(ascii: "u") else { continue }
            for _ in 0..<4 {
                guard let digit = try input.peek() else { throw SyntaxError(offset: input.offset, reason: "the file ends inside a string") }
                guard digit != .quote else { throw SyntaxError(offset: input.offset, reason: "a \\u escape has fewer than four hexadecimal digits") }
                input.advance()
            }
        }
    }

    /// Skips the rest of a number as `JSONDecoder` does before it reads one: any digits, dots, signs and exponent letters.
    private mutating func skipNumberRest() throws {
        while let byte = try input.peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"):
                input.advance()
            default:
                return
            }
        }
    }

    private mutating func skipLiteral(_ literal: StaticString) throws {
        let start = input.offset
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard try input.peek() == expected else { throw SyntaxError(offset: start, reason: "a value is not '\(literal)'") }
            input.advance()
        }
    }

    // MARK: Errors and other readings

    private static func unreadable(_ error: any Error, path: String) -> ConversionError {
        let reason = (error as? FileSystemError)?.reason ?? "\(error)"
        return ConversionError(code: "merge.unreadable", message: "the report could not be read: \(reason)", file: path)
    }

    /// The error for a syntax error, its line and column (counted by reading the file again up to it) in the message.
    private static func notAReport(_ error: SyntaxError, path: String) -> ConversionError {
        var place = ""
        if let (line, column) = try? lineAndColumn(of: error.offset, path: path) { place = " (line \(line), column \(column))" }
        return ConversionError(
            code: "merge.not-a-report", message: "not a JSON conversion report: \(error.reason)\(place)", file: path, location: .byte(error.offset))
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset` of the file at `path`.
    static func lineAndColumn(of offset: Int, path: String) throws -> (line: Int, column: Int) {
        let stream = try ByteNamedStream.openForReading(Array(path.utf8), followingLinks: true)
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: defaultBlockSize, alignment: 16)
        defer { block.deallocate() }
        var line = 1, column = 1, position = 0
        while position < offset {
            let count = try stream.read(at: position, into: block)
            guard count > 0 else { break }
            for byte in block[0..<min(count, offset - position)] {
                if byte == .lineFeed {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            position += count
        }
        return (line, column)
    }

    /// Reads a report whole and decodes it with `JSONDecoder`, as `merge-reports` always did: for UTF-16 or UTF-32 text, and
    /// for what is not a regular file (`Data(contentsOf:)` refuses a pipe, and so does this).
    private static func readWhole(path: String, item body: (ConversionReport.Item) throws -> Void) throws -> ConversionReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConversionError(code: "merge.unreadable", message: "the report could not be read: \(error.localizedDescription)", file: path)
        }
        let report: ConversionReport
        do {
            report = try ConversionReport.decode(json: data)
        } catch let error as ConversionError {
            throw ConversionError(code: error.code, message: error.message, file: path, location: error.location)
        } catch {
            throw ConversionError(code: "merge.not-a-report", message: "not a JSON conversion report: \(error)", file: path)
        }
        try report.forEachItem(body)
        return report
    }
}

extension UInt8 {
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
}
