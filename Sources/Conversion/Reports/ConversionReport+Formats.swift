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
            throw ConversionError(code: .reportUnknownFormat, message: "unknown report format '\(format)'")
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

    /// JSON with sorted keys, one stable shape (paths in `ItemPath`'s bytes-safe form, error codes, never only
    /// messages).
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
                try output.write(
                    "plan     \(item.input) → \(item.output.map(\.description) ?? "?") (\(item.sourceType ?? "?") "
                        + "via \(item.route.joined(separator: " → ")))\n"
                )
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
        // The layout JSONEncoder (pretty printed, sorted keys, slashes unescaped) gives the whole report,
        // written item by item straight into the output's buffer: encoding each item with JSONEncoder
        // and re-indenting its lines would cost a large job more than the rest of its report.
        var first = true
        try forEachItem(orRecord: { record in
            guard let plain = try record.plain() else { return false }
            output.append(first ? "{\n  \"items\" : [\n" : ",\n")
            first = false
            ReportBytes.appendJSON(plain, to: &output.buffer)
            try output.flushIfFull()
            return true
        }) { item in
            output.append(first ? "{\n  \"items\" : [\n" : ",\n")
            first = false
            ReportBytes.appendJSON(item, to: &output.buffer)
            try output.flushIfFull()
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard !first else {
            // No items: the whole report is small, and JSONEncoder's own form of an empty array is kept.
            var empty = ConversionReport(target: target, shard: shard)
            empty.totals = totals
            try output.write(try encoder.encode(empty))
            try output.write("\n")
            return
        }
        try output.write("\n  ],\n")
        let tail = ReportTail(
            schema: Self.schema, schemaVersion: Self.schemaVersion, shard: shard, target: target, totals: totals)
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

    /// JUnit by `JUnitWriter`: a failed item and one with warnings hold a `<failure>`, a skipped one a
    /// `<skipped>`; no item is an `<error>`, since a failed conversion is a finding, not a crash of the tool.
    private func writeJUnit(to output: inout ChunkedOutput) throws {
        let counts = JUnitWriter.Counts(
            tests: totals.items, failures: totals.failed + totals.warning, skipped: totals.skipped)
        JUnitWriter.appendDocumentStart(name: "docmigrate convert", counts: counts, to: &output.buffer)
        JUnitWriter.appendSuiteStart(name: "convert to " + target, counts: counts, to: &output.buffer)
        try output.flushIfFull()
        let classname = "convert." + target
        try forEachItem(orRecord: { record in
            // A test case with nothing inside needs only the record's name.
            switch try record.status() {
            case .failed, .warning, .skipped:
                return false
            case .converted, .resumed, .planned:
                ReportBytes.appendJUnitTestCaseStart(classname: classname, path: record.input, to: &output.buffer)
                JUnitWriter.appendTestCaseEnd(to: &output.buffer)
                try output.flushIfFull()
                return true
            }
        }) { item in
            JUnitWriter.appendTestCaseStart(classname: classname, name: item.input.description, to: &output.buffer)
            switch item.status {
            case .failed:
                let error = item.error
                JUnitWriter.appendFailure(
                    type: error?.code ?? ConversionErrorCode.failed.rawValue, message: error?.message ?? "",
                    text: error?.description ?? "", to: &output.buffer)
            case .warning:
                JUnitWriter.appendFailure(
                    type: item.warnings.first?.code ?? ConversionErrorCode.warning.rawValue,
                    message: "lossy conversion",
                    text: item.warnings.map(\.description).joined(separator: "\n"), to: &output.buffer)
            case .skipped:
                JUnitWriter.appendSkipped(message: item.error?.message ?? "", to: &output.buffer)
            default:
                break
            }
            JUnitWriter.appendTestCaseEnd(to: &output.buffer)
            try output.flushIfFull()
        }
        JUnitWriter.appendSuiteEnd(to: &output.buffer)
        JUnitWriter.appendDocumentEnd(to: &output.buffer)
        try output.flushIfFull()
    }
}

/// Collects a writer's pieces into chunks of about 64 KB before handing them on.
///
/// Writers append their bytes straight to `buffer` (one array, reused for every chunk) and call
/// `flushIfFull` after each item, so an item costs no `String` or `Data` of its own.
struct ChunkedOutput {
    private static let chunkSize = 64 * 1024
    private let output: (Data) throws -> Void
    /// The bytes not yet handed on.
    var buffer: [UInt8] = []

    init(_ output: @escaping (Data) throws -> Void) {
        self.output = output
        buffer.reserveCapacity(Self.chunkSize + 16 * 1024)
    }

    /// Appends `text` without checking the size (the caller calls `flushIfFull` once it has written the item).
    mutating func append(_ text: StaticString) {
        ReportBytes.append(text, to: &buffer)
    }

    mutating func write(_ text: String) throws {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        try flushIfFull()
    }

    mutating func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        try flushIfFull()
    }

    mutating func write(_ data: Data) throws {
        buffer.append(contentsOf: data)
        try flushIfFull()
    }

    mutating func flushIfFull() throws {
        if buffer.count >= Self.chunkSize { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try output(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
