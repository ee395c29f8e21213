import DocumentCodecs
import DocumentPlatform
import Foundation

extension ConversionReport {
    /// The report formats `--report FORMAT:PATH` takes.
    public static let formats = ["text", "json", "junit"]

    /// The report in `format` (one of `formats`).
    public func render(format: String) throws -> Data {
        switch format {
        case "text": return Data(text().utf8)
        case "json": return try json()
        case "junit": return Data(junit().utf8)
        default: throw ConversionError(code: "report.unknown-format", message: "unknown report format '\(format)'")
        }
    }

    /// JSON with sorted keys, one stable shape (paths in `ItemPath`'s bytes-safe form, error codes, never only messages).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Reads a report written by `json()`.
    public static func decode(json data: Data) throws -> ConversionReport {
        try JSONDecoder().decode(ConversionReport.self, from: data)
    }

    /// Human text: one line per item that is not simply converted, then the totals.
    public func text() -> String {
        var lines: [String] = []
        for item in items {
            switch item.status {
            case .converted, .resumed:
                continue
            case .planned:
                lines.append("plan     \(item.input) → \(item.output.map(\.description) ?? "?") (\(item.sourceType ?? "?") via \(item.route.joined(separator: " → ")))")
            case .skipped:
                lines.append("skipped  \(item.input): \(item.error.map { "\($0.message) [\($0.code)]" } ?? "")")
            case .warning:
                for warning in item.warnings { lines.append("warning  \(item.input): \(warning)") }
            case .failed:
                lines.append("FAILED   \(item.error.map(\.description) ?? item.input.description)")
            }
        }
        let totals = self.totals
        var summary = "\(totals.items) item\(totals.items == 1 ? "" : "s"): \(totals.converted) converted"
        if totals.resumed > 0 { summary += ", \(totals.resumed) already done" }
        if totals.warning > 0 { summary += ", \(totals.warning) with warnings" }
        summary += ", \(totals.skipped) skipped, \(totals.failed) failed"
        if totals.planned > 0 { summary += ", \(totals.planned) planned (dry run: nothing written)" }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// JUnit XML: one test case per item (class name = the target), failures with the error, skips with the reason.
    public func junit() -> String {
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
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"docmigrate convert\" tests=\"\(totals.items)\" failures=\"\(failures)\" skipped=\"\(totals.skipped)\">\n"
        xml += "  <testsuite name=\"convert to \(escaped(target))\" tests=\"\(totals.items)\" failures=\"\(failures)\" skipped=\"\(totals.skipped)\">\n"
        for item in items {
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
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }
}
