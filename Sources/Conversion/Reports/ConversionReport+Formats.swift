import DocumentCodecs
import DocumentPlatform
import Foundation

extension ConversionReport {
    /// The report formats `--report FORMAT:PATH` takes.
    public static let formats = ["text", "json", "junit"]

    /// The report in `format` (one of `formats`), in memory.
    public func render(format: String) throws -> Data {
        var data = Data()
        try write(format: format) { data.append($0) }
        return data
    }

    /// Writes the report in `format` (one of `formats`) through `output`, in pieces of about 64 KB.
    ///
    /// Items are read one at a time (a job's report from its spill file), so a report of any size is
    /// written in bounded memory; the totals are counted as the job ran, so JUnit's header needs no
    /// first pass, and JSON's come after the items (its keys are sorted: `items`, `schema`, `schemaVersion`, `shard`,
    /// `target`, `totals`).
    public func write(format: String, to output: (Data) throws -> Void) throws {
        guard Self.formats.contains(format) else {
            throw ConversionError(code: "report.unknown-format", message: "unknown report format '\(format)'")
        }
        try withoutActuallyEscaping(output) { output in
            var chunks = ChunkedOutput(output)
            switch format {
            case "text": try writeText(to: &chunks)
            case "json": try writeJSON(to: &chunks)
            default: try writeJUnit(to: &chunks)
            }
            try chunks.flush()
        }
    }

    /// JSON with sorted keys, one stable shape (paths in `ItemPath`'s bytes-safe form, error codes, never only messages).
    public func json() throws -> Data {
        try render(format: "json")
    }

    /// Human text: one line per item that is not simply converted, then the totals.
    public func text() -> String {
        String(decoding: (try? render(format: "text")) ?? Data(), as: UTF8.self)
    }

    /// JUnit XML: one test case per item (class name = the target), failures with the error, skips with the reason.
    public func junit() -> String {
        String(decoding: (try? render(format: "junit")) ?? Data(), as: UTF8.self)
    }

    /// Reads a report written by `json()`.
    public static func decode(json data: Data) throws -> ConversionReport {
        try JSONDecoder().decode(ConversionReport.self, from: data)
    }

    private func writeText(to output: inout ChunkedOutput) throws {
        try forEachItem(where: { $0 != .converted && $0 != .resumed }) { item in
            switch item.status {
            case .converted, .resumed:
                return
            case .planned:
                try output.write("plan     \(item.input) → \(item.output.map(\.description) ?? "?") (\(item.sourceType ?? "?") via \(item.route.joined(separator: " → ")))\n")
            case .skipped:
                try output.write("skipped  \(item.input): \(item.error.map { "\($0.message) [\($0.code)]" } ?? "")\n")
            case .warning:
                for warning in item.warnings { try output.write("warning  \(item.input): \(warning)\n") }
            case .failed:
                try output.write("FAILED   \(item.error.map(\.description) ?? item.input.description)\n")
            }
        }
        let totals = self.totals
        var summary = "\(totals.items) item\(totals.items == 1 ? "" : "s"): \(totals.converted) converted"
        if totals.resumed > 0 { summary += ", \(totals.resumed) already done" }
        if totals.warning > 0 { summary += ", \(totals.warning) with warnings" }
        summary += ", \(totals.skipped) skipped, \(totals.failed) failed"
        if totals.planned > 0 { summary += ", \(totals.planned) planned (dry run: nothing written)" }
        try output.write(summary + "\n")
    }

    private func writeJSON(to output: inout ChunkedOutput) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The layout JSONEncoder gives the whole report, built from its output for each item and for the rest.
        var first = true
        var plain: [UInt8] = []
        try forEachItem { item in
            plain.removeAll(keepingCapacity: true)
            Self.append(first ? "{\n  \"items\" : [\n" : ",\n", to: &plain)
            first = false
            if Self.appendPlainJSON(item, to: &plain) {
                try output.write(plain)
                return
            }
            try output.write(plain)
            let text = String(decoding: try encoder.encode(item), as: UTF8.self)
            // Strings are escaped in JSON, so every line break here is the pretty printer's; it leaves
            // the blank line inside an empty array unindented.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            try output.write(lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n"))
        }
        guard !first else {
            // No items: the whole report is small, and JSONEncoder's own form of an empty array is kept.
            var empty = ConversionReport(target: target, shard: shard)
            empty.totals = totals
            try output.write(try encoder.encode(empty))
            try output.write("\n")
            return
        }
        try output.write("\n  ],\n")
        let tail = ReportTail(schema: Self.schema, schemaVersion: Self.schemaVersion, shard: shard, target: target, totals: totals)
        let rest = String(decoding: try encoder.encode(tail), as: UTF8.self)
        try output.write(String(rest.dropFirst(2)) + "\n")
    }

    /// Appends what `JSONEncoder` (pretty printed, sorted keys, slashes unescaped) writes for `item`,
    /// indented as an element of `items`, when the item is one of the thousands a job converts: no error,
    /// no warnings, and every string printable ASCII that needs no escaping; else appends nothing and returns false.
    ///
    /// Encoding every item with `JSONEncoder` was most of the time a large job spent writing its JSON report.
    static func appendPlainJSON(_ item: Item, to bytes: inout [UInt8]) -> Bool {
        guard item.error == nil, item.warnings.isEmpty else { return false }
        let start = bytes.count
        func fail() -> Bool {
            bytes.removeSubrange(start...)
            return false
        }
        append("    {\n      \"input\" : ", to: &bytes)
        guard appendPlainJSONPath(item.input, to: &bytes) else { return fail() }
        if let output = item.output {
            append(",\n      \"output\" : ", to: &bytes)
            guard appendPlainJSONPath(output, to: &bytes) else { return fail() }
        }
        append(",\n      \"route\" : [\n", to: &bytes)
        if item.route.isEmpty {
            // JSONEncoder's empty array: a blank line, which the report leaves unindented.
            append("\n", to: &bytes)
        }
        for (index, codec) in item.route.enumerated() {
            append("        ", to: &bytes)
            guard appendPlainJSONString(Array(codec.utf8), to: &bytes) else { return fail() }
            append(index == item.route.count - 1 ? "\n" : ",\n", to: &bytes)
        }
        append("      ]", to: &bytes)
        if let sourceType = item.sourceType {
            append(",\n      \"sourceType\" : ", to: &bytes)
            guard appendPlainJSONString(Array(sourceType.utf8), to: &bytes) else { return fail() }
        }
        append(",\n      \"status\" : ", to: &bytes)
        guard appendPlainJSONString(Array(item.status.rawValue.utf8), to: &bytes) else { return fail() }
        append(",\n      \"warnings\" : [\n\n      ]\n    }", to: &bytes)
        return true
    }

    /// A path's JSON string (`ItemPath.encodedForJSON`) when it is printable ASCII needing no escaping.
    private static func appendPlainJSONPath(_ path: ItemPath, to bytes: inout [UInt8]) -> Bool {
        if path.bytes.allSatisfy(isPlainJSON), !path.bytes.starts(with: base64Prefix) {
            return appendPlainJSONString(path.bytes, to: &bytes)
        }
        return appendPlainJSONString(Array(path.encodedForJSON.utf8), to: &bytes)
    }

    private static let base64Prefix = Array("base64:".utf8)

    /// Whether `JSONEncoder` writes `byte` as it is (slashes unescaped): printable ASCII but a quote or a backslash.
    private static func isPlainJSON(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private static func appendPlainJSONString(_ text: [UInt8], to bytes: inout [UInt8]) -> Bool {
        guard text.allSatisfy(isPlainJSON) else { return false }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: "\""))
        return true
    }

    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The keys that follow `items` in the JSON form.
    private struct ReportTail: Encodable {
        var schema: String
        var schemaVersion: Int
        var shard: String?
        var target: String
        var totals: Totals
    }

    private func writeJUnit(to output: inout ChunkedOutput) throws {
        func escaped(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "'": result += "&apos;"
                default:
                    // XML 1.0 allows no control characters but tab, line feed and carriage return.
                    if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                        result += "\\u{\(String(scalar.value, radix: 16))}"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
            return result
        }
        let failures = totals.failed + totals.warning
        try output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        try output.write("<testsuites name=\"docmigrate convert\" tests=\"\(totals.items)\" failures=\"\(failures)\" skipped=\"\(totals.skipped)\">\n")
        try output.write("  <testsuite name=\"convert to \(escaped(target))\" tests=\"\(totals.items)\" failures=\"\(failures)\" skipped=\"\(totals.skipped)\">\n")
        // Most items are a test case with nothing inside and a name that needs no escaping: written as bytes.
        let plainCaseStart = Array("    <testcase classname=\"convert.\(escaped(target))\" name=\"".utf8)
        var plain: [UInt8] = []
        try forEachItem { item in
            if item.status != .failed && item.status != .warning && item.status != .skipped, item.input.bytes.allSatisfy(Self.isPlainXML) {
                plain.removeAll(keepingCapacity: true)
                plain.append(contentsOf: plainCaseStart)
                plain.append(contentsOf: item.input.bytes)
                Self.append("\">\n    </testcase>\n", to: &plain)
                try output.write(plain)
                return
            }
            var xml = ""
            xml += "    <testcase classname=\"convert.\(escaped(target))\" name=\"\(escaped(item.input.description))\">\n"
            switch item.status {
            case .failed:
                let error = item.error
                xml += "      <failure type=\"\(escaped(error?.code ?? "convert.failed"))\" message=\"\(escaped(error?.message ?? ""))\">\(escaped(error?.description ?? ""))</failure>\n"
            case .warning:
                let text = item.warnings.map(\.description).joined(separator: "\n")
                xml += "      <failure type=\"\(escaped(item.warnings.first?.code ?? "convert.warning"))\" message=\"lossy conversion\">\(escaped(text))</failure>\n"
            case .skipped:
                xml += "      <skipped message=\"\(escaped(item.error?.message ?? ""))\"/>\n"
            default:
                break
            }
            xml += "    </testcase>\n"
            try output.write(xml)
        }
        try output.write("  </testsuite>\n</testsuites>\n")
    }
}

extension ConversionReport {
    /// Whether `byte` stands for itself in a JUnit attribute: printable ASCII but the five that `escaped` replaces.
    fileprivate static func isPlainXML(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
            && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }
}

/// Collects a writer's small pieces into chunks of about 64 KB before handing them on.
struct ChunkedOutput {
    private static let chunkSize = 64 * 1024
    private let output: (Data) throws -> Void
    private var pending = Data()

    init(_ output: @escaping (Data) throws -> Void) {
        self.output = output
    }

    mutating func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    mutating func write(_ bytes: [UInt8]) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.chunkSize { try flush() }
    }

    mutating func write(_ data: Data) throws {
        pending.append(data)
        if pending.count >= Self.chunkSize { try flush() }
    }

    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try output(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
