import Verification

/// One `review` at a terminal or a pipe: each pending item is shown, then an answer is read and acted on.
struct ReviewSession {
    /// An answer to the prompt.
    enum Answer {
        case accept, reject, skip, quit
    }

    var items: [PendingSelection.Item]
    var input: VerbContext.Input
    var output: CommandOutput
    private(set) var counts = (accepted: 0, rejected: 0, skipped: 0)

    init(items: [PendingSelection.Item], input: VerbContext.Input, output: CommandOutput) {
        self.items = items
        self.input = input
        self.output = output
    }

    /// Shows every item and, unless `listingOnly`, asks about each, then prints the counts.
    ///
    /// Throws what accepting or rejecting an item throws; the items decided before it stay decided.
    mutating func run(listingOnly: Bool) throws {
        if listingOnly {
            for (position, item) in items.enumerated() { show(item, number: position + 1) }
            return
        }
        try ask()
        let (accepted, rejected, skipped) = counts
        output.standardOutput.write("\(accepted) accepted, \(rejected) rejected, \(skipped) skipped\n")
    }

    private mutating func ask() throws {
        for (position, item) in items.enumerated() {
            show(item, number: position + 1)
            guard let answer = readAnswer() else {
                // The end of input quits, so a closed pipe never loops.
                output.standardOutput.write("\n")
                counts.skipped += items.count - position
                return
            }
            switch answer {
            case .accept:
                try item.apply(.accept)
                counts.accepted += 1
                output.standardOutput.write("accepted  \(item.entry.path)\n")
            case .reject:
                try item.apply(.reject)
                counts.rejected += 1
                output.standardOutput.write("rejected  \(item.entry.path)\n")
            case .skip:
                counts.skipped += 1
                output.standardOutput.write("skipped   \(item.entry.path)\n")
            case .quit:
                counts.skipped += items.count - position
                return
            }
        }
    }

    /// Prompts until an answer is understood; nil at the end of input.
    private func readAnswer() -> Answer? {
        while true {
            output.standardOutput.write("[a]ccept / [r]eject / [s]kip / [q]uit? ")
            guard let line = input.readLine() else { return nil }
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "a", "accept": return .accept
            case "r", "reject": return .reject
            case "s", "skip": return .skip
            case "q", "quit": return .quit
            default: output.standardOutput.write("Answer a, r, s or q.\n")
            }
        }
    }

    /// One pending item as `review` shows it: its path, who made it, why, and the explained difference.
    private func show(_ item: PendingSelection.Item, number: Int) {
        let entry = item.entry
        let maker = entry.route.map { " (from \($0))" } ?? " (from the conversion)"
        var lines = ["[\(number)/\(items.count)] \(entry.path)" + maker]
        lines.append("  " + entry.summary)
        if let difference = entry.difference {
            let rendered = DifferenceRenderer().render(difference).trimmingCharacters(in: .newlines)
            lines += rendered.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        output.standardOutput.write(lines.joined(separator: "\n") + "\n")
    }
}
