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
            arguments: [
                ArgumentDescription(
                    "glob", abstract: "Review only pending items matching this glob.", isOptional: true,
                    isRepeatable: true)
            ],
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
            arguments: [
                ArgumentDescription(
                    "glob", abstract: "Accept only pending items matching this glob.", isOptional: true,
                    isRepeatable: true)
            ],
            options: corpusOptions),
        run: { context in try decide(context, .accept) })

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
            arguments: [
                ArgumentDescription(
                    "glob", abstract: "Reject only pending items matching this glob.", isOptional: true,
                    isRepeatable: true)
            ],
            options: corpusOptions),
        run: { context in try decide(context, .reject) })

    private static var corpusOptions: [OptionDescription] {
        [
            .option(
                "corpus", valueName: "path",
                abstract: "A corpus folder, or a folder of corpora (default: GoldenFiles).", default: "GoldenFiles",
                isRepeatable: true)
        ]
    }

    /// The pending items of the corpora the context names that match its globs.
    private static func pendingSelection(_ context: VerbContext) throws -> PendingSelection {
        try PendingSelection(
            corpusPaths: context.arguments.values("corpus"), patterns: context.arguments.values("glob"))
    }

    private static func decide(_ context: VerbContext, _ decision: PendingDecision) throws -> ExitCode {
        let output = context.output
        let selection: PendingSelection
        do {
            selection = try pendingSelection(context)
            try selection.apply(decision) { item in
                output.standardOutput.write("\(decision == .accept ? "accepted" : "rejected")  \(item.entry.path)\n")
            }
        } catch let error as any LocatedError {
            output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        if selection.items.isEmpty && selection.unmatchedPatterns.isEmpty {
            output.standardOutput.write("nothing is pending\n")
        }
        for pattern in selection.unmatchedPatterns {
            output.standardError.write("Error: no pending item matches '\(pattern)'\n")
        }
        return selection.unmatchedPatterns.isEmpty ? .success : .failure
    }

    @Sendable
    static func runReview(_ context: VerbContext) async throws -> ExitCode {
        do {
            let selection = try pendingSelection(context)
            for pattern in selection.unmatchedPatterns {
                context.output.standardError.write("Error: no pending item matches '\(pattern)'\n")
            }
            guard !selection.items.isEmpty else {
                context.output.standardOutput.write("nothing is pending\n")
                return .success
            }
            var session = ReviewSession(items: selection.items, input: context.input, output: context.output)
            try session.run(listingOnly: context.arguments.flag("list"))
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        return .success
    }
}
