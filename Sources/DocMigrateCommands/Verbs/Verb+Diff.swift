import Comparison
import DocumentPlatform
import Foundation
import SystemSeam
import Verification

extension Verb {
    /// `docmigrate diff`: compares two files, packages or folders of documents with the verifier's comparators.
    public static let diff = Verb(
        description: VerbDescription(
            name: "diff",
            abstract: "Compare two files, packages or folders of documents and explain every difference.",
            discussion: """
                EXPECTED is the reference side, ACTUAL the side under test; folders are compared member by \
                member, recursively (added, removed, renamed and changed members). Each file is compared under \
                the first --rule whose glob matches its path relative to the folder (its name, for two single \
                files), else under --fallback, else under the rule its type calls for. The type comes from the \
                filename extension alone (a declared type with that extension, then a registered codec's type \
                whose identifier ends in it): with --semantic, a type a registered codec reads is compared \
                through that codec (semantic:CODEC; such packages are compared whole, and so are EXPECTED and \
                ACTUAL themselves when they are such packages); otherwise a type conforming to public.json is \
                compared as json, one conforming to public.text (or read by a codec of text) as text, and \
                anything else as bytes. Contents are compared only where their SHA-256 differs. Rules are \
                written bytes, text[:NORMALISATIONS], json[:VARIATIONS], semantic:CODEC, ignore or redact. \
                Output: nothing when the two sides are equal, as with diff and cmp; otherwise the two paths \
                and the explained differences. --format json always prints the versioned schema docmigrate.diff \
                (schemaVersion 1): expected, actual, and difference (the whole tree, or null when equal); see \
                Documentation/json-schemas.md. Exit status: 0 equal, 1 different, 2 when an input is missing \
                or unreadable, 64 for a bad command line.
                """,
            arguments: [
                ArgumentDescription("expected", abstract: "The expected side: a file, package or folder."),
                ArgumentDescription("actual", abstract: "The actual side, of the same kind."),
            ],
            options: [
                .option(
                    "rule", valueName: "glob=rule",
                    abstract: "Compare files whose relative path matches the glob under this rule.",
                    discussion: "Repeatable; the first match wins. Example: --rule 'metadata.json=json:key-order'.",
                    isRepeatable: true),
                .option(
                    "fallback", valueName: "rule",
                    abstract: "The rule for every file no --rule matches, instead of detection."),
                .flag("semantic", abstract: "Compare documents a registered codec reads through that codec."),
                .option(
                    "format", abstract: "How to print the differences.",
                    default: PrintFormat.text, values: PrintFormat.self),
                .option(
                    "limit", valueName: "count", abstract: "The most differences shown under one node in text.",
                    default: "20"),
                .flag("quiet", short: "q", abstract: "Print nothing; only the exit status tells."),
            ]),
        run: runDiff)

    @Sendable
    static func runDiff(_ context: VerbContext) async throws -> ExitCode {
        let options = try DiffOptions(context.arguments, codecs: context.tool.codecs)
        let difference: Difference?
        do {
            difference = try options.comparison.compare(
                expectedPath: options.expectedPath, actualPath: options.actualPath)
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        if !options.isQuiet { try options.write(difference, to: context.output) }
        return difference == nil ? .success : .failure
    }
}

/// The options of one `diff` run, checked: the two sides, the comparison their rules make, and how to print it.
struct DiffOptions {
    var expectedPath: String
    var actualPath: String
    var comparison: DocumentComparison
    var format: PrintFormat
    var limit: Int
    var isQuiet: Bool

    init(_ arguments: ParsedArguments, codecs: CodecRegistry) throws {
        expectedPath = arguments.value("expected") ?? ""
        actualPath = arguments.value("actual") ?? ""
        let memberRules = try arguments.values("rule").map { try Self.memberRule(from: $0, codecs: codecs) }
        let fallback = try arguments.value("fallback").map {
            try Self.rule(from: $0, option: "--fallback", codecs: codecs)
        }
        guard let limitText = arguments.value("limit"), let limit = Int(limitText), limit > 0 else {
            let text = arguments.value("limit") ?? ""
            throw UsageError("--limit takes a positive whole number, not '\(text)'", code: .invalidValue)
        }
        self.limit = limit
        comparison = DocumentComparison(
            memberRules: memberRules, fallback: fallback, isSemantic: arguments.flag("semantic"), codecs: codecs)
        format = arguments.value("format", as: PrintFormat.self) ?? .text
        isQuiet = arguments.flag("quiet")
    }

    /// Prints the difference in the chosen format: the JSON report always, the text only when there is one.
    func write(_ difference: Difference?, to output: CommandOutput) throws {
        switch format {
        case .json:
            let report = DiffReport(expected: expectedPath, actual: actualPath, difference: difference)
            output.standardOutput.write(String(decoding: try report.json(), as: UTF8.self))
        case .text:
            guard let difference else { return }
            let rendered = DifferenceRenderer(childLimit: limit).render(difference)
            output.standardOutput.write("--- \(expectedPath)\n+++ \(actualPath)\n" + rendered)
        }
    }

    /// `GLOB=RULE`, split at the last `=` (rules never hold one; globs rarely do).
    static func memberRule(from text: String, codecs: CodecRegistry) throws -> MemberRule {
        guard let separator = text.lastIndex(of: "="), separator != text.startIndex else {
            throw UsageError(
                "--rule takes GLOB=RULE, such as 'metadata.json=json:key-order', not '\(text)'", code: .invalidValue)
        }
        let pattern = String(text[..<separator])
        let parsed = try rule(from: String(text[text.index(after: separator)...]), option: "--rule", codecs: codecs)
        do {
            return try MemberRule(pattern, parsed)
        } catch let error as ComparisonError {
            throw UsageError("--rule: \(error.message)", code: .invalidValue)
        }
    }

    /// A rule in its command-line form; a semantic rule must name a registered codec.
    static func rule(from text: String, option: String, codecs: CodecRegistry) throws -> ComparisonRule {
        guard let rule = ComparisonRule(text) else {
            throw UsageError(
                "\(option): '\(text)' is not a rule; write bytes, text[:NORMALISATIONS], json[:VARIATIONS], "
                    + "semantic:CODEC, ignore or redact",
                code: .invalidValue)
        }
        if rule.kind == .semantic && rule.codec.flatMap(codecs.codec(identifier:)) == nil {
            let names = codecs.codecs.map(\.identifier).joined(separator: ", ")
            throw UsageError(
                "\(option): a semantic rule names a registered codec, as semantic:CODEC (registered: "
                    + "\(names.isEmpty ? "none" : names))",
                code: .invalidValue)
        }
        return rule
    }
}
