import DocumentPlatform
import Formats
import Foundation
import SystemSeam

/// Reads a JSON conversion report a block at a time and hands its items over one by one, accepting
/// and refusing exactly what `ConversionReport.decode(json:)` accepts and refuses.
///
/// `docmigrate merge-reports` read each shard's report whole and decoded every item into memory,
/// so merging a large job needed far more memory than converting it. This reader holds one block of
/// the file, the item being read and the report's few other fields.
///
/// Its JSON is scanned by Formats' `JSONBlockScanner`, which follows `JSONDecoder` rather than the JSON
/// grammar wherever the two differ, block by block: the structure is checked everywhere, but a value no
/// field reads is only delimited, as Foundation delimits it. Object keys of the report are decoded and
/// checked, and the first of two equal keys counts. The other fields (`schema`, `schemaVersion`, `target`,
/// `shard`, `totals`) are gathered as the bytes they are and decoded by `JSONDecoder` at the end, so their
/// checks, and the order in which they are made, are the decoder's own. An item that is plain (known
/// keys, well-formed strings, plain integers) is decoded here; any other is handed, alone, to
/// `JSONDecoder`. A file that is not UTF-8 (UTF-16 or UTF-32, which `JSONDecoder` also reads) or not
/// a regular file is read whole and decoded with `JSONDecoder`.
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
    private static let topLevelNotAnObject = "the top level is not a JSON object"

    /// A place where the text stops being JSON that `JSONDecoder` reads, or a JSON conversion report.
    struct SyntaxError: Error {
        var offset: Int
        var reason: String
    }

    /// What the value of the report's member being read is for.
    private enum Member {
        /// The items, read one by one.
        case items
        /// A field gathered for the decoder, under its key.
        case header(String)
        /// A repeated key's value, or an unknown one's: checked for syntax only.
        case skipped
    }

    private var scanner = JSONBlockScanner(maximumDepth: maximumDepth)
    private let decoder = JSONDecoder()
    /// The key of the member being read and whether it is the first with that key.
    private var key = ""
    private var keyIsFirst = false
    private var member = Member.skipped
    private var seenKeys = Set<String>()
    private var header: [(key: String, value: [UInt8])] = []
    private var itemIndex = 0
    /// Why the first item that could not be decoded was refused; later items are only checked for syntax,
    /// because `JSONDecoder` refuses a report's syntax errors before its fields.
    private var itemError: ConversionError?

    /// Reads the report at `path`, calling `body` with each item in the file's order, and returns the
    /// report for its other fields (target, shard, totals); its items are only those handed to `body`.
    ///
    /// Errors of `body` are thrown as they are; the others name `path`.
    static func read(
        path: String, blockSize: Int = defaultBlockSize, item body: (ConversionReport.Item) throws -> Void
    ) throws -> ConversionReport {
        let stream: ByteNamedStream
        let status: FileStatus
        do {
            stream = try ByteNamedStream.openForReading(Array(path.utf8), followingLinks: true)
            status = try stream.status()
        } catch {
            throw unreadable(error, path: path)
        }
        // Not a regular file: read whole (Foundation refuses a pipe, so that stays `merge.unreadable`).
        guard status.kind == .regular else { return try readWhole(path: path, item: body) }
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(blockSize, 4), alignment: 16)
        defer { block.deallocate() }
        var reader = ConversionReportReader()
        do {
            var count = try stream.read(at: 0, into: block)
            if JSONBlockScanner.startsAsUTF16OrUTF32(UnsafeRawBufferPointer(rebasing: block[0..<count])) {
                return try readWhole(path: path, item: body)
            }
            var blockOffset = 0
            while count > 0 {
                reader.scanner.feed(UnsafeRawBufferPointer(rebasing: block[0..<count]))
                while let event = try reader.scanner.next() { try reader.handle(event, item: body) }
                blockOffset += count
                count = try stream.read(at: blockOffset, into: block)
            }
            while let event = try reader.scanner.finish() { try reader.handle(event, item: body) }
            return try reader.report(path: path)
        } catch let error as JSONBlockScanner.SyntaxError {
            throw notAReport(SyntaxError(offset: error.offset, reason: reason(error)), path: path)
        } catch let error as SyntaxError {
            throw notAReport(error, path: path)
        } catch let error as FileSystemError {
            throw unreadable(error, path: path)
        }
    }

    // MARK: The report

    /// Handles one event of the scanner: the report object holds the members, the items array the items.
    private mutating func handle(
        _ event: JSONBlockScanner.Event, item body: (ConversionReport.Item) throws -> Void
    ) throws {
        switch event {
        case .valueStart(let offset, let byte):
            switch scanner.depth {
            case 0:
                guard byte == UInt8(ascii: "{") else {
                    throw SyntaxError(offset: offset, reason: Self.topLevelNotAnObject)
                }
            case 1:
                if keyIsFirst && key == "items" && byte == UInt8(ascii: "[") {
                    member = .items
                } else if keyIsFirst && (key == "items" || Self.headerKeys.contains(key)) {
                    member = .header(key)
                    scanner.skipValue(capturing: true)
                } else {
                    member = .skipped
                    scanner.skipValue(capturing: false)
                }
            default:
                scanner.skipValue(capturing: itemError == nil)
            }
        case .key(let start, _):
            key = try scanner.withCapturedBytes { try decodeKey($0, quote: start - 1) }
            keyIsFirst = seenKeys.insert(key).inserted
        case .valueEnd(let start, _):
            if scanner.depth == 1 {
                if case .header(let key) = member { header.append((key, scanner.withCapturedBytes { Array($0) })) }
            } else {
                try readItem(at: start, item: body)
            }
        case .containerEnd:
            // The items were handed over; the decoder checks the other fields of a report with none.
            if scanner.depth == 1 { header.append(("items", Array("[]".utf8))) }
        }
    }

    /// Decodes the item whose bytes the scanner captured (it started at `start`) and hands it to `body`.
    private mutating func readItem(at start: Int, item body: (ConversionReport.Item) throws -> Void) throws {
        defer { itemIndex += 1 }
        guard itemError == nil else { return }
        let decoded: ConversionReport.Item
        do {
            decoded = try scanner.withCapturedBytes { bytes in
                if let plain = PlainItemDecoder.decode(bytes) { return plain }
                return try decoder.decode(ConversionReport.Item.self, from: Data(bytes))
            }
        } catch {
            itemError = ConversionError(
                code: .mergeNotAReport,
                message: "not a JSON conversion report: item \(itemIndex) cannot be read: \(error)",
                location: .byte(start))
            return
        }
        try body(decoded)
    }

    /// The report's fields besides the items, once the whole file was read.
    private func report(path: String) throws -> ConversionReport {
        let report = try decodeHeader(header, path: path)
        if let itemError {
            throw ConversionError(
                code: itemError.code, message: itemError.message, file: path, location: itemError.location)
        }
        return report
    }

    /// Decodes the fields gathered besides the items with `JSONDecoder`, as one small report.
    private func decodeHeader(_ header: [(key: String, value: [UInt8])], path: String) throws -> ConversionReport {
        var document = Array("{".utf8)
        for (index, member) in header.enumerated() {
            if index > 0 { document.append(UInt8(ascii: ",")) }
            document.append(contentsOf: Array("\"\(member.key)\":".utf8))
            document.append(contentsOf: member.value)
        }
        document.append(UInt8(ascii: "}"))
        do {
            return try decoder.decode(ConversionReport.self, from: Data(document))
        } catch let error as ConversionError {
            throw ConversionError(code: error.code, message: error.message, file: path, location: error.location)
        } catch {
            throw ConversionError(
                code: .mergeNotAReport, message: "not a JSON conversion report: \(error)", file: path)
        }
    }

    /// Decodes a key of the report (its content, escapes not decoded; its opening quote at `quote`) as
    /// `JSONDecoder` does.
    private func decodeKey(_ content: UnsafeRawBufferPointer, quote: Int) throws -> String {
        let quoted = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
        let key: String? = quoted.withUnsafeBytes { bytes in
            var cursor = JSONCursor(bytes)
            guard let plain = cursor.plainString(), cursor.isAtEnd() else {
                // Escapes and control characters: the decoder's own rules for strings decide.
                return try? decoder.decode(String.self, from: Data(bytes))
            }
            return String(validating: plain, as: UTF8.self)
        }
        guard let key else { throw SyntaxError(offset: quote, reason: "a key is not a valid JSON string") }
        return key
    }

    /// The reason a syntax error gives, naming the report's own places as the report's.
    private static func reason(_ error: JSONBlockScanner.SyntaxError) -> String {
        let isInReport = !error.isInsideSkippedValue
        switch error.kind {
        case .noValue: return "the file holds no JSON value"
        case .endsInsideValue: return "the file ends inside the report"
        case .endsInsideString: return "the file ends inside a string"
        case .unexpected(_, .valueStart) where isInReport && error.depth == 0: return topLevelNotAnObject
        case .unexpected(let byte, .afterMember) where isInReport:
            return "unexpected \(JSONBlockScanner.SyntaxError.describe(byte)) after a member of the report"
        case .unexpected(let byte, .afterElement) where isInReport:
            return "unexpected \(JSONBlockScanner.SyntaxError.describe(byte)) after an item"
        case .unexpected(let byte, .afterDocument):
            return "unexpected \(JSONBlockScanner.SyntaxError.describe(byte)) after the report"
        case .unexpected, .tooDeep, .shortUnicodeEscape, .misspeltLiteral: return error.description
        }
    }

    // MARK: Errors and other readings

    private static func unreadable(_ error: any Error, path: String) -> ConversionError {
        let reason = (error as? FileSystemError)?.reason ?? "\(error)"
        return ConversionError(code: .mergeUnreadable, message: "the report could not be read: \(reason)", file: path)
    }

    /// The error for a syntax error, its line and column (counted by reading the file again up to it) in the message.
    private static func notAReport(_ error: SyntaxError, path: String) -> ConversionError {
        var place = ""
        if let (line, column) = try? lineAndColumn(of: error.offset, path: path) {
            place = " (line \(line), column \(column))"
        }
        return ConversionError(
            code: .mergeNotAReport, message: "not a JSON conversion report: \(error.reason)\(place)", file: path,
            location: .byte(error.offset))
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
                if byte == UInt8(ascii: "\n") {
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

    /// Reads a report whole and decodes it with `JSONDecoder`: for UTF-16 or UTF-32 text, and for what is not
    /// a regular file (`Data(contentsOf:)` refuses a pipe, and so does this).
    private static func readWhole(
        path: String, item body: (ConversionReport.Item) throws -> Void
    ) throws -> ConversionReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConversionError(
                code: .mergeUnreadable, message: "the report could not be read: \(error.localizedDescription)",
                file: path)
        }
        let report: ConversionReport
        do {
            report = try ConversionReport.decode(json: data)
        } catch let error as ConversionError {
            throw ConversionError(code: error.code, message: error.message, file: path, location: error.location)
        } catch {
            throw ConversionError(
                code: .mergeNotAReport, message: "not a JSON conversion report: \(error)", file: path)
        }
        try report.forEachItem(body)
        return report
    }
}
