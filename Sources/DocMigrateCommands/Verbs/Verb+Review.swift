import Comparison
import Verification

extension Verb {
    /// `docmigrate review`: shows each pending output's explained difference and asks whether to accept it.
    public static let review = Verb(
        description: VerbDescription(
            name: "review",
            abstract: "Review pending outputs: accept, reject or skip each.",
            discussion: """
                For each pending item (see 'docmigrate verify --record failed') the explained difference \\
                is shown, then a line is read from standard input: a (accept: the pending output replaces \\
                the golden atomically; for a round-trip case the golden is the input document itself), r \\
                (reject: the pending output is discarded), s (skip) or q (quit). Answers are read line by \\
                line, from a terminal or a pipe alike; the end of input quits. --list only prints the \\
                pending items. A GLOB matches 'corpus/golden' or the golden's path inside its corpus.
                """,
            arguments: [ArgumentDescription("glob", abstract: "Review only pending items matching this glob.", isOptional: true, isRepeatable: true)],
            options: corpusOptions + [.flag("list", abstract: "Only list the pending items and their differences.")]),
        run: runReview)

    /// `docmigrate accept`: replaces goldens with their pending outputs.
    public static let accept = Verb(
        description: VerbDescription(
            name: "accept",
            abstract: "Replace goldens with their pending outputs.",
            discussion: """
                Each pending item matching a GLOB (every item when none is given) replaces its golden \\
                atomically, then leaves the pending area. A GLOB matches 'corpus/golden' or the golden's \\
                path inside its corpus. Exit status 1 when a GLOB matches nothing.
                """,
            arguments: [ArgumentDescription("glob", abstract: "Accept only pending items matching this glob.", isOptional: true, isRepeatable: true)],
            options: corpusOptions),
        run: { context in try decide(context, accepting: true) })

    /// `docmigrate reject`: discards pending outputs.
    public static let reject = Verb(
        description: VerbDescription(
            name: "reject",
            abstract: "Discard pending outputs; goldens stay as they are.",
            discussion: """
                Each pending item matching a GLOB (every item when none is given) is deleted. A GLOB \\
                matches 'corpus/golden' or the golden's path inside its corpus. Exit status 1 when a \\
                GLOB matches nothing.
                """,
            arguments: [ArgumentDescription("glob", abstract: "Reject only pending items matching this glob.", isOptional: true, isRepeatable: true)],
            options: corpusOptions),
        run: { context in try decide(context, accepting: false) })

    private static var corpusOptions: [OptionDescription] {
        [.option(
            "corpus", valueName: "path", abstract: "A corpus folder, or a folder of corpora (default: GoldenFiles).", default: "GoldenFiles",
            isRepeatable: true)]
    }

    /// The pending items of the corpora the context names that match its globs, each with its area.
    private static func pendingItems(_ context: VerbContext) throws -> (items: [(PendingArea, PendingEntry)], unmatched: [String]) {
        let patterns = context.arguments.values("glob")
        let globs = try patterns.map { try Glob($0) }
        var items: [(PendingArea, PendingEntry)] = []
        for path in context.arguments.values("corpus") {
            for folder in try GoldenCorpus.folders(at: URL(fileURLWithPath: path)) {
                let area = PendingArea(corpusFolder: folder)
                items += try area.entries().map { (area, $0) }
            }
        }
        items.sort { $0.1.path.utf8.lexicographicallyPrecedes($1.1.path.utf8) }
        guard !globs.isEmpty else { return (items, []) }
        func matches(_ glob: Glob, _ entry: PendingEntry) -> Bool { glob.matches(entry.path) || glob.matches(entry.golden) }
        let unmatched = zip(patterns, globs).filter { _, glob in !items.contains { matches(glob, $0.1) } }.map(\.0)
        return (items.filter { item in globs.contains { matches($0, item.1) } }, unmatched)
    }

    private static func decide(_ context: VerbContext, accepting: Bool) throws -> ExitCode {
        let found: (items: [(PendingArea, PendingEntry)], unmatched: [String])
        do {
            found = try pendingItems(context)
            for (area, entry) in found.items {
                if accepting { try area.accept(entry) } else { try area.reject(entry) }
                context.output.standardOutput.write("\(accepting ? "accepted" : "rejected")  \(entry.path)\n")
            }
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        if found.items.isEmpty && found.unmatched.isEmpty { context.output.standardOutput.write("nothing is pending\n") }
        for pattern in found.unmatched { context.output.standardError.write("Error: no pending item matches '\(pattern)'\n") }
        return found.unmatched.isEmpty ? .success : .failure
    }

    @Sendable
    static func runReview(_ context: VerbContext) async throws -> ExitCode {
        let items: [(PendingArea, PendingEntry)]
        do {
            let found = try pendingItems(context)
            for pattern in found.unmatched { context.output.standardError.write("Error: no pending item matches '\(pattern)'\n") }
            items = found.items
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        guard !items.isEmpty else {
            context.output.standardOutput.write("nothing is pending\n")
            return .success
        }
        let out = context.output.standardOutput
        var counts = (accepted: 0, rejected: 0, skipped: 0)
        reviewing: for (position, (area, entry)) in items.enumerated() {
            out.write(describe(entry, number: position + 1, of: items.count))
            if context.arguments.flag("list") { continue }
            answering: while true {
                out.write("[a]ccept / [r]eject / [s]kip / [q]uit? ")
                guard let line = context.input.readLine() else {
                    // The end of input quits, so a closed pipe never loops.
                    out.write("\n")
                    counts.skipped += items.count - position
                    break reviewing
                }
                do {
                    switch line.trimmingCharacters(in: .whitespaces).lowercased() {
                    case "a", "accept":
                        try area.accept(entry)
                        counts.accepted += 1
                        out.write("accepted  \(entry.path)\n")
                    case "r", "reject":
                        try area.reject(entry)
                        counts.rejected += 1
                        out.write("rejected  \(entry.path)\n")
                    case "s", "skip":
                        counts.skipped += 1
                        out.write("skipped   \(entry.path)\n")
                    case "q", "quit":
                        counts.skipped += items.count - position
                        break reviewing
                    default:
                        out.write("Answer a, r, s or q.\n")
                        continue answering
                    }
                } catch let error as any LocatedError {
                    context.output.standardError.write("Error: \(error)\n")
                    return .couldNotProceed
                }
                break answering
            }
        }
        if !context.arguments.flag("list") {
            out.write("\(counts.accepted) accepted, \(counts.rejected) rejected, \(counts.skipped) skipped\n")
        }
        return .success
    }

    /// One pending item as `review` shows it: its path, who made it, why, and the explained difference.
    private static func describe(_ entry: PendingEntry, number: Int, of count: Int) -> String {
        var lines = ["[\(number)/\(count)] \(entry.path)" + (entry.route.map { " (from \($0))" } ?? " (from the conversion)")]
        lines.append("  " + entry.summary)
        if let difference = entry.difference {
            let rendered = DifferenceRenderer().render(difference).trimmingCharacters(in: .newlines)
            lines += rendered.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
