import DocumentCodecs
import DocumentPlatform
import Foundation

/// Appends the pieces of the JSON and JUnit reports to a byte buffer.
///
/// The JSON form is what `JSONEncoder` (pretty printed, sorted keys, slashes unescaped) writes for an
/// item, indented as an element of the report's `items`, its strings by `JSONStringEscaper`; the JUnit
/// pieces are `JUnitWriter`'s, with a path's bytes as its name.
enum ReportBytes {
    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    // MARK: JSON

    /// Appends `item` as `JSONEncoder` writes it, indented as an element of `items` (four spaces, no blank line
    /// indented).
    static func appendJSON(_ item: ConversionReport.Item, to bytes: inout [UInt8]) {
        append("    {\n", to: &bytes)
        if let error = item.error {
            append("      \"error\" : ", to: &bytes)
            appendJSON(error, indent: 6, to: &bytes)
            append(",\n", to: &bytes)
        }
        append("      \"input\" : ", to: &bytes)
        appendJSON(item.input, to: &bytes)
        if let output = item.output {
            append(",\n      \"output\" : ", to: &bytes)
            appendJSON(output, to: &bytes)
        }
        append(",\n      \"route\" : [\n", to: &bytes)
        if item.route.isEmpty {
            // JSONEncoder's empty array: a blank line, which the report leaves unindented.
            append("\n", to: &bytes)
        }
        for (index, codec) in item.route.enumerated() {
            append("        ", to: &bytes)
            appendJSONString(codec, to: &bytes)
            append(index == item.route.count - 1 ? "\n" : ",\n", to: &bytes)
        }
        appendRouteEnd(sourceType: item.sourceType, status: item.status, to: &bytes, writing: appendJSONString)
        append(",\n      \"warnings\" : [\n", to: &bytes)
        if item.warnings.isEmpty { append("\n", to: &bytes) }
        for (index, warning) in item.warnings.enumerated() {
            append("        {\n          \"code\" : ", to: &bytes)
            appendJSONString(warning.code, to: &bytes)
            append(",\n          \"message\" : ", to: &bytes)
            appendJSONString(warning.message, to: &bytes)
            append(",\n          \"path\" : ", to: &bytes)
            appendJSONString(warning.path, to: &bytes)
            append(index == item.warnings.count - 1 ? "\n        }\n" : "\n        },\n", to: &bytes)
        }
        append("      ]\n    }", to: &bytes)
    }

    /// Appends an item with no warnings and no error, from its record's bytes, as `appendJSON` writes the decoded item.
    static func appendJSON(_ item: ItemSpill.Record.Plain, to bytes: inout [UInt8]) {
        append("    {\n      \"input\" : ", to: &bytes)
        appendJSON(path: item.input, to: &bytes)
        if let output = item.output {
            append(",\n      \"output\" : ", to: &bytes)
            appendJSON(path: output, to: &bytes)
        }
        append(",\n      \"route\" : [\n", to: &bytes)
        if item.routeCount == 0 { append("\n", to: &bytes) }
        var index = 0
        item.forEachCodec { codec in
            append("        ", to: &bytes)
            appendJSONString(codec, to: &bytes)
            index += 1
            append(index == item.routeCount ? "\n" : ",\n", to: &bytes)
        }
        appendRouteEnd(sourceType: item.sourceType, status: item.status, to: &bytes, writing: appendJSONString)
        append(",\n      \"warnings\" : [\n\n      ]\n    }", to: &bytes)
    }

    /// The end of an item's `route` array, then its `sourceType` (when it has one) and its `status`: what lies between
    /// the route and the warnings, for a decoded item (`Text` is `String`) and for a spill record (its bytes).
    @inline(__always)
    private static func appendRouteEnd<Text>(
        sourceType: Text?, status: ConversionReport.Status, to bytes: inout [UInt8],
        writing: (Text, inout [UInt8]) -> Void
    ) {
        append("      ]", to: &bytes)
        if let sourceType {
            append(",\n      \"sourceType\" : ", to: &bytes)
            writing(sourceType, &bytes)
        }
        append(",\n      \"status\" : ", to: &bytes)
        appendJSONString(status.rawValue, to: &bytes)
    }

    /// `ConversionError`'s `Codable` form (keys sorted: `byteOffset`, `code`, `file`, `location`, `message`), its `{`
    /// at `indent`.
    private static func appendJSON(_ error: ConversionError, indent: Int, to bytes: inout [UInt8]) {
        append("{\n", to: &bytes)
        var innermost = error.location
        while case .inMember(_, let inner)? = innermost { innermost = inner }
        if case .byte(let offset)? = innermost {
            appendKey("byteOffset", indent: indent + 2, to: &bytes)
            appendNumber(offset, to: &bytes)
            append(",\n", to: &bytes)
        }
        appendKey("code", indent: indent + 2, to: &bytes)
        appendJSONString(error.code, to: &bytes)
        if let file = error.file {
            append(",\n", to: &bytes)
            appendKey("file", indent: indent + 2, to: &bytes)
            appendJSONString(file, to: &bytes)
        }
        if let location = error.location {
            append(",\n", to: &bytes)
            appendKey("location", indent: indent + 2, to: &bytes)
            appendJSON(location, indent: indent + 2, to: &bytes)
        }
        append(",\n", to: &bytes)
        appendKey("message", indent: indent + 2, to: &bytes)
        appendJSONString(error.message, to: &bytes)
        append("\n", to: &bytes)
        appendIndent(indent, to: &bytes)
        append("}", to: &bytes)
    }

    /// A location as `ConversionError` encodes it (keys sorted: `byte`, `column`, `inner`, `keyPath`, `line`,
    /// `member`).
    private static func appendJSON(_ location: ErrorLocation, indent: Int, to bytes: inout [UInt8]) {
        append("{\n", to: &bytes)
        switch location {
        case .byte(let offset):
            appendKey("byte", indent: indent + 2, to: &bytes)
            appendNumber(offset, to: &bytes)
        case .line(let line, let column):
            appendKey("column", indent: indent + 2, to: &bytes)
            appendNumber(column, to: &bytes)
            append(",\n", to: &bytes)
            appendKey("line", indent: indent + 2, to: &bytes)
            appendNumber(line, to: &bytes)
        case .member(let path):
            appendKey("member", indent: indent + 2, to: &bytes)
            appendJSONString(path, to: &bytes)
        case .keyPath(let path):
            appendKey("keyPath", indent: indent + 2, to: &bytes)
            appendJSONString(path, to: &bytes)
        case .inMember(let path, let inner):
            appendKey("inner", indent: indent + 2, to: &bytes)
            appendJSON(inner, indent: indent + 2, to: &bytes)
            append(",\n", to: &bytes)
            appendKey("member", indent: indent + 2, to: &bytes)
            appendJSONString(path, to: &bytes)
        }
        append("\n", to: &bytes)
        appendIndent(indent, to: &bytes)
        append("}", to: &bytes)
    }

    private static func appendKey(_ key: StaticString, indent: Int, to bytes: inout [UInt8]) {
        appendIndent(indent, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        append(key, to: &bytes)
        append("\" : ", to: &bytes)
    }

    /// `depth` spaces: the report's own indentation of its items included.
    private static func appendIndent(_ depth: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth))
    }

    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        var text = String(value)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A path in its JSON form (`ItemPath.encodedForJSON`): its text, or `base64:` and the bytes.
    private static func appendJSON(_ path: ItemPath, to bytes: inout [UInt8]) {
        path.bytes.withUnsafeBufferPointer { appendJSON(path: $0, to: &bytes) }
    }

    private static func appendJSON(path: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // ASCII is valid UTF-8, so the text is the bytes themselves unless they start like the Base64 form.
        if !path.contains(where: { $0 >= 0x80 }), !path.starts(with: base64Prefix) {
            appendJSONString(path, to: &bytes)
        } else {
            appendJSONString(ItemPath(bytes: Array(path)).encodedForJSON, to: &bytes)
        }
    }

    private static let base64Prefix = Array("base64:".utf8)

    private static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        JSONStringEscaper.append(text, to: &bytes)
    }

    static func appendJSONString(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        JSONStringEscaper.append(utf8: text, to: &bytes)
    }

    // MARK: JUnit

    /// A `<testcase>` start tag named by a path's bytes, as `ItemPath.description` names the path (bytes
    /// that are not UTF-8 shown as `\xNN`): the bytes themselves when they are ASCII, as almost every path is.
    static func appendJUnitTestCaseStart(classname: String, path: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        if !path.contains(where: { $0 >= 0x80 }) {
            JUnitWriter.appendTestCaseStart(classname: classname, name: path, to: &bytes)
        } else {
            let name = ItemPath(bytes: Array(path)).description
            JUnitWriter.appendTestCaseStart(classname: classname, name: name, to: &bytes)
        }
    }
}
