import Foundation

/// `--jobs`, declared once for every verb that runs work in parallel.
enum JobsOption {
    /// The option, with the verb's own words for what runs at once.
    static func description(_ abstract: String) -> OptionDescription {
        .option("jobs", short: "j", valueName: "count", abstract: abstract)
    }

    /// The count given, or nil when the option is absent; a usage error for anything but a positive whole number.
    static func value(_ arguments: ParsedArguments) throws -> Int? {
        guard let text = arguments.value("jobs") else { return nil }
        guard let count = Int(text), count > 0 else {
            throw UsageError("--jobs takes a positive whole number, not '\(text)'", code: .invalidValue)
        }
        return count
    }
}

/// `--report FORMAT:PATH`, declared once for every verb that writes reports.
enum ReportOption {
    /// The option; `abstract` names the verb's formats in its own words.
    static func description(_ abstract: String) -> OptionDescription {
        .option("report", valueName: "format:path", abstract: abstract, isRepeatable: true)
    }

    /// The destinations given, in command-line order; a usage error for a value that is not FORMAT:PATH.
    static func destinations(_ arguments: ParsedArguments, formats: [String]) throws -> [ReportDestination] {
        try arguments.values("report").map { value in
            guard let destination = ReportDestination(value, formats: formats) else {
                throw UsageError(
                    "--report takes FORMAT:PATH with FORMAT one of \(formats.joined(separator: ", ")), not '\(value)'",
                    code: .invalidValue)
            }
            return destination
        }
    }

    /// Writes each report that `render` makes; false when one could not be written (the error is printed).
    ///
    /// A file goes to a temporary sibling that replaces it at the end; CI steps name report paths in
    /// folders that do not exist yet (`reports/verify.xml`), so those are made.
    static func write(
        _ destinations: [ReportDestination], to output: CommandOutput, render: (String) throws -> Data
    ) -> Bool {
        for destination in destinations {
            do {
                let data = try render(destination.format)
                if destination.isStandardOutput {
                    output.standardOutput.write(String(decoding: data, as: UTF8.self))
                } else {
                    let url = URL(fileURLWithPath: destination.path)
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url, options: .atomic)
                }
            } catch {
                output.standardError.write(
                    "Error: \(destination.path): the report could not be written: \(error.localizedDescription)\n")
                return false
            }
        }
        return true
    }
}
