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
        try forEachItem { item in
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
        try forEachItem { item in
            try output.write(first ? "{\n  \"items\" : [\n" : ",\n")
            first = false
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
        try forEachItem { item in
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
