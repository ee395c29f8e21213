extension VerificationReport {
    /// Whether the text report may use colour: only on a terminal, and never when `NO_COLOR` is set to
    /// anything non-empty (https://no-color.org).
    public static func wantsColour(environment: [String: String], standardOutputIsTerminal: Bool) -> Bool {
        standardOutputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The text report, with ANSI colours when `colour` is true: `ok` green, `FAIL` red, expected and
    /// actual lines of differences red and green, and the totals bold.
    ///
    /// Without colour this is exactly `text(childLimit:)`; colour only adds escape sequences around parts
    /// of lines, so what is read is the same either way.
    public func text(childLimit: Int = 20, colour: Bool) -> String {
        let plain = text(childLimit: childLimit)
        guard colour else { return plain }
        var lines = plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The text ends with a newline, so the last element is empty and the totals are just before it.
        let totalsIndex = lines.count - 2
        for index in lines.indices where !lines[index].isEmpty {
            let line = lines[index]
            if index == totalsIndex {
                lines[index] = TerminalColour.bold + line + TerminalColour.reset
            } else if line.hasPrefix("ok    ") {
                lines[index] = TerminalColour.green + "ok" + TerminalColour.reset + String(line.dropFirst(2))
            } else if line.hasPrefix("FAIL  ") {
                lines[index] = TerminalColour.red + "FAIL" + TerminalColour.reset + String(line.dropFirst(4))
            } else {
                let body = String(line.drop { $0 == " " })
                let indent = String(line.prefix(line.count - body.count))
                if body.hasPrefix("expected") {
                    lines[index] = indent + TerminalColour.red + body + TerminalColour.reset
                } else if body.hasPrefix("actual") {
                    lines[index] = indent + TerminalColour.green + body + TerminalColour.reset
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The ANSI escape sequences the text report uses.
enum TerminalColour {
    static let red = "\u{1B}[31m"
    static let green = "\u{1B}[32m"
    static let bold = "\u{1B}[1m"
    static let reset = "\u{1B}[0m"
}
