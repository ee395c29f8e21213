import DocumentCodecs
import Foundation

/// JSON documents (`public.json`), read strictly and written as `JSONEncoder` writes them.
///
/// Reading uses the strict RFC 8259 `JSONParser` (no trailing commas, comments, leading
/// zeros, `NaN`, lone surrogates or repeated keys; nesting capped at 512, `JSONEncoder`'s own limit),
/// never `JSONSerialization`, which accepts `[1,]` and keeps the last of two repeated keys. Decoding
/// detects the layout (`JSONDocument.init(decoding:)`): a file written by `JSONEncoder` in any of its
/// eight output formattings decodes to a snapshot whose `style` writes the same bytes, and a file in
/// any other valid layout is written back as read until its value or style changes. So every valid
/// document round-trips byte for byte while unchanged; see `Documentation/json-codec.md`.
///
/// `differences(expected:actual:)` compares meaning: object members in any order, numbers by exact
/// decimal value (`1.0` = `1`, but `0.1` ≠ `0.10000000000000001`), strings by Unicode scalars; each
/// difference names its key path (`$.items[2].title`) and its cause (`json.type-changed`…). Layout
/// (style, preserved text) is not meaning: compare bytes for that.
///
/// Where Apple systems and Linux differ, the codec follows Apple's documented and current behaviour:
/// - `.sortedKeys` orders keys by UTF-8 bytes (`B` < `_` < `a10` < `a2`), as swift-foundation does on
///   both; Apple's build can switch to the older `NSString` order (numeric, case-insensitive: `a2` <
///   `a10`) for compatibility, and files in that order decode with their text preserved;
/// - pretty-printed empty containers are `[\n\n]` (indented), not `[]`, on both (same source);
/// - `JSONEncoder`'s spelling of doubles and its unsorted key order matter only to `CodableCodec`;
///   this codec keeps numbers and key order exactly as the file has them.
///
/// Error codes: every `JSONParseError` code (`json.empty`, `json.unexpected-end`,
/// `json.unexpected-character`, `json.trailing-comma`, `json.invalid-literal`, `json.invalid-number`,
/// `json.invalid-escape`, `json.lone-surrogate`, `json.control-character`, `json.invalid-utf8`,
/// `json.duplicate-key`, `json.too-deep`, `json.trailing-content`) located by line and column, with
/// the byte offset in the message; `json.not-a-file` for a folder or link; `json.unreadable`.
public struct JSONCodec: DocumentCodec {
    public typealias Snapshot = JSONDocument

    /// The codec; it has no options of its own.
    public init() {}

    public static let identifier = "json"
    public static var readableContentTypes: [UTType] { [.json] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> JSONDocument {
        guard file.isRegularFile else {
            throw CodecError(
                code: .json(.notAFile), message: "a JSON document must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: .json(.unreadable), message: "the file's contents could not be read")
        }
        do {
            return try JSONDocument(decoding: data)
        } catch {
            throw CodecError(jsonParseError: error)
        }
    }

    public func encode(_ snapshot: JSONDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: snapshot.encoded())
    }

    public func differences(expected: JSONDocument, actual: JSONDocument) -> [SnapshotDifference] {
        Self.differences(expected: expected.value, actual: actual.value)
    }

    /// Where two JSON values differ in meaning (member order and number spelling accepted), by key path.
    static func differences(expected: JSONValue, actual: JSONValue) -> [SnapshotDifference] {
        let comparator = JSONComparator(accepting: [.keyOrder, .numberSpelling])
        guard let root = comparator.compare(expected: expected, actual: actual) else { return [] }
        return root.children.map { difference in
            SnapshotDifference(
                path: difference.location, expected: difference.expected, actual: difference.actual,
                summary: difference.summary + (difference.cause.map { " [\($0)]" } ?? ""))
        }
    }
}

extension CodecError {
    /// The codec's form of a strict parser's error: same code, located by line and column.
    init(jsonParseError error: JSONParseError) {
        self.init(
            code: error.code, message: error.message + " (\(ErrorLocation.byte(error.offset).description))",
            location: .line(error.line, column: error.column))
    }
}
