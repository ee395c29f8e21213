/// Where a run writes one of its reports: a format and a file, `-` meaning standard output.
///
/// `verify`, `convert` and `merge-reports` take these as `--report FORMAT:PATH`; the value is checked
/// against the formats the verb's report can be written in when it is made.
public struct ReportDestination: Sendable, Hashable {
    /// The report format: `text`, `json`, `junit`, …, as the verb's report names it.
    public var format: String
    /// The file to write, as the user named it; `-` for standard output.
    public var path: String

    public init(format: String, path: String) {
        self.format = format
        self.path = path
    }

    /// Parses `FORMAT:PATH`; nil when the format is not one of `formats` or the path is empty.
    public init?(_ word: String, formats: [String]) {
        let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, formats.contains(parts[0]), !parts[1].isEmpty else { return nil }
        self.init(format: parts[0], path: parts[1])
    }

    /// Whether the report goes to standard output rather than to a file.
    public var isStandardOutput: Bool { path == "-" }
}
