import DocumentCodecs
import Foundation

@testable import Conversion

/// The report writers as they were before they wrote bytes into one buffer, kept as the oracle of the differential
/// tests.
///
/// A copy of `ConversionReport+Formats.swift` at commit def6256 (JSONEncoder for every item that is not plain,
/// JUnit escaped scalar by scalar into `String`s), reduced to what produces bytes: the new writers must give
/// exactly these bytes for every report.
enum ConversionReportWritersOracle {
    static func render(_ report: ConversionReport, format: String) throws -> Data {
        var output = Data()
        switch format {
        case "text": try writeText(report, to: &output)
        case "json": try writeJSON(report, to: &output)
        default: try writeJUnit(report, to: &output)
        }
        return output
    }

    private static func writeText(_ report: ConversionReport, to output: inout Data) throws {
        try report.forEachItem { item in
            switch item.status {
            case .converted, .resumed:
                return
            case .planned:
                output.append(
                    contentsOf:
                        "plan     \(item.input) → \(item.output.map(\.description) ?? "?") (\(item.sourceType ?? "?") via \(item.route.joined(separator: " → ")))\n"
                        .utf8)
            case .skipped:
                output.append(
                    contentsOf: "skipped  \(item.input): \(item.error.map { "\($0.message) [\($0.code)]" } ?? "")\n"
                        .utf8)
            case .warning:
                for warning in item.warnings { output.append(contentsOf: "warning  \(item.input): \(warning)\n".utf8) }
            case .failed:
                output.append(contentsOf: "FAILED   \(item.error.map(\.description) ?? item.input.description)\n".utf8)
            }
        }
        let totals = report.totals
        var summary = "\(totals.items) item\(totals.items == 1 ? "" : "s"): \(totals.converted) converted"
        if totals.resumed > 0 { summary += ", \(totals.resumed) already done" }
        if totals.warning > 0 { summary += ", \(totals.warning) with warnings" }
        summary += ", \(totals.skipped) skipped, \(totals.failed) failed"
        if totals.planned > 0 { summary += ", \(totals.planned) planned (dry run: nothing written)" }
        output.append(contentsOf: (summary + "\n").utf8)
    }

    private struct ReportTail: Encodable {
        var schema: String
        var schemaVersion: Int
        var shard: String?
        var target: String
        var totals: ConversionReport.Totals
    }

    private static func writeJSON(_ report: ConversionReport, to output: inout Data) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var first = true
        try report.forEachItem { item in
            output.append(contentsOf: (first ? "{\n  \"items\" : [\n" : ",\n").utf8)
            first = false
            let text = String(decoding: try encoder.encode(item), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            output.append(contentsOf: lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n").utf8)
        }
        guard !first else {
            var empty = ConversionReport(target: report.target, shard: report.shard)
            empty.totals = report.totals
            output.append(try encoder.encode(empty))
            output.append(contentsOf: "\n".utf8)
            return
        }
        output.append(contentsOf: "\n  ],\n".utf8)
        let tail = ReportTail(
            schema: ConversionReport.schema, schemaVersion: ConversionReport.schemaVersion, shard: report.shard,
            target: report.target,
            totals: report.totals)
        let rest = String(decoding: try encoder.encode(tail), as: UTF8.self)
        output.append(contentsOf: (String(rest.dropFirst(2)) + "\n").utf8)
    }

    /// XML attribute and text escaping as the JUnit schema's readers need it, written out again here
    /// so that the writer is checked against a second spelling: the five replacements, CR (and in an
    /// attribute tab and LF) as references, and what XML 1.0 cannot carry as `[U+XXXX]`.
    private static func escaped(_ text: String, attribute: Bool = true) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\t" where attribute: result += "&#9;"
            case "\n" where attribute: result += "&#10;"
            case "\r": result += "&#13;"
            default:
                let forbidden =
                    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n")
                    || (scalar.value >= 0xFFFE && scalar.value <= 0xFFFF)
                if forbidden {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "[U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func writeJUnit(_ report: ConversionReport, to output: inout Data) throws {
        let totals = report.totals
        let failures = totals.failed + totals.warning
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(totals.items)\" failures=\"\(failures)\" errors=\"0\""
        xml += "<testsuites name=\"docmigrate convert\" \(counts)>\n"
        xml += "  <testsuite name=\"convert to \(escaped(report.target))\" \(counts) skipped=\"\(totals.skipped)\">\n"
        try report.forEachItem { item in
            xml +=
                "    <testcase classname=\"convert.\(escaped(report.target))\" name=\"\(escaped(item.input.description))\">\n"
            switch item.status {
            case .failed:
                let error = item.error
                xml +=
                    "      <failure type=\"\(escaped(error?.code ?? "convert.failed"))\" "
                    + "message=\"\(escaped(error?.message ?? ""))\">"
                    + "\(escaped(error?.description ?? "", attribute: false))</failure>\n"
            case .warning:
                let text = item.warnings.map(\.description).joined(separator: "\n")
                xml +=
                    "      <failure type=\"\(escaped(item.warnings.first?.code ?? "convert.warning"))\" "
                    + "message=\"lossy conversion\">\(escaped(text, attribute: false))</failure>\n"
            case .skipped:
                xml += "      <skipped message=\"\(escaped(item.error?.message ?? ""))\"/>\n"
            default:
                break
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        output.append(contentsOf: xml.utf8)
    }
}
