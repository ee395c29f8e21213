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
                    "rule", valueName: "glob=rule", abstract: "Compare files whose relative path matches the glob under this rule.",
                    discussion: "Repeatable; the first match wins. Example: --rule 'metadata.json=json:key-order'.", isRepeatable: true),
                .option("fallback", valueName: "rule", abstract: "The rule for every file no --rule matches, instead of detection."),
                .flag("semantic", abstract: "Compare documents a registered codec reads through that codec."),
                .option("format", abstract: "How to print the differences.", default: "text", allowedValues: ["text", "json"]),
                .option("limit", valueName: "count", abstract: "The most differences shown under one node in text.", default: "20"),
                .flag("quiet", short: "q", abstract: "Print nothing; only the exit status tells."),
            ]),
        run: runDiff)

    @Sendable
    static func runDiff(_ context: VerbContext) async throws -> ExitCode {
        let arguments = context.arguments
        let codecs = context.tool.codecs
        let expectedPath = arguments.value("expected") ?? ""
        let actualPath = arguments.value("actual") ?? ""
        let memberRules = try arguments.values("rule").map { try memberRule(from: $0, codecs: codecs) }
        let fallback = try arguments.value("fallback").map { try rule(from: $0, option: "--fallback", codecs: codecs) }
        guard let limitText = arguments.value("limit"), let limit = Int(limitText), limit > 0 else {
            throw UsageError("--limit takes a positive whole number, not '\(arguments.value("limit") ?? "")'", code: "usage.invalid-value")
        }

        for path in [expectedPath, actualPath] where DocumentComparison.itemType(atPath: path) == nil {
            let error = ComparisonError(code: "comparison.missing", message: "there is no file or folder here", file: path)
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }
        let comparison = DocumentComparison(
            memberRules: memberRules, fallback: fallback, isSemantic: arguments.flag("semantic"), codecs: codecs)
        let difference: Difference?
        do {
            difference = try comparison.compare(expectedAt: URL(fileURLWithPath: expectedPath), actualAt: URL(fileURLWithPath: actualPath))
        } catch let error as any LocatedError {
            context.output.standardError.write("Error: \(error)\n")
            return .couldNotProceed
        }

        let exitCode: ExitCode = difference == nil ? .success : .failure
        if arguments.flag("quiet") { return exitCode }
        if arguments.value("format") == "json" {
            let report = DiffReport(expected: expectedPath, actual: actualPath, difference: difference)
            context.output.standardOutput.write(String(decoding: try report.json(), as: UTF8.self))
        } else if let difference {
            context.output.standardOutput.write("--- \(expectedPath)\n+++ \(actualPath)\n" + DifferenceRenderer(childLimit: limit).render(difference))
        }
        return exitCode
    }

    /// `GLOB=RULE`, split at the last `=` (rules never hold one; globs rarely do).
    static func memberRule(from text: String, codecs: CodecRegistry) throws -> MemberRule {
        guard let separator = text.lastIndex(of: "="), separator != text.startIndex else {
            throw UsageError("--rule takes GLOB=RULE, such as 'metadata.json=json:key-order', not '\(text)'", code: "usage.invalid-value")
        }
        let pattern = String(text[..<separator])
        let parsed = try rule(from: String(text[text.index(after: separator)...]), option: "--rule", codecs: codecs)
        do {
            return try MemberRule(pattern, parsed)
        } catch let error as ComparisonError {
            throw UsageError("--rule: \(error.message)", code: "usage.invalid-value")
        }
    }

    /// A rule in its command-line form; a semantic rule must name a registered codec.
    static func rule(from text: String, option: String, codecs: CodecRegistry) throws -> ComparisonRule {
        guard let rule = ComparisonRule(text) else {
            throw UsageError(
                "\(option): '\(text)' is not a rule; write bytes, text[:NORMALISATIONS], json[:VARIATIONS], semantic:CODEC, ignore or redact",
                code: "usage.invalid-value")
        }
        if rule.kind == .semantic && rule.codec.flatMap(codecs.codec(identifier:)) == nil {
            let names = codecs.codecs.map(\.identifier).joined(separator: ", ")
            throw UsageError(
                "\(option): a semantic rule names a registered codec, as semantic:CODEC (registered: \(names.isEmpty ? "none" : names))",
                code: "usage.invalid-value")
        }
        return rule
    }
}

/// The JSON form of a `diff` run: the versioned schema `docmigrate.diff`.
struct DiffReport: Encodable {
    static let schema = "docmigrate.diff"
    static let schemaVersion = 1

    var expected: String
    var actual: String
    var difference: Difference?

    private enum CodingKeys: String, CodingKey {
        case schema, schemaVersion, expected, actual, difference
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schema, forKey: .schema)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(expected, forKey: .expected)
        try container.encode(actual, forKey: .actual)
        // `null` rather than a missing key: "equal" is stated, not implied.
        try container.encode(difference, forKey: .difference)
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

/// `diff`'s comparison: the `Comparator` with explicit rules, plus a rule per file from its detected type.
///
/// Detection only matters where contents differ (text and JSON rules without normalisations find no
/// difference in equal bytes), so the comparator runs with `bytes` for every file no explicit rule
/// covers, and explains each of the few members that differ under its detected rule (the comparator's
/// `refinedRule`, asked while their bytes are in memory). That keeps the per-path cost of the walk at
/// the explicit rules alone, instead of one glob per known extension.
struct DocumentComparison: Sendable {
    var memberRules: [MemberRule]
    var fallback: ComparisonRule?
    var isSemantic: Bool
    var codecs: CodecRegistry

    func compare(expectedAt expected: URL, actualAt actual: URL) throws -> Difference? {
        let expectedType = Self.itemType(atPath: expected.path)
        let actualType = Self.itemType(atPath: actual.path)
        if expectedType == .typeRegular && actualType == .typeRegular {
            let name = actual.lastPathComponent
            let rule = memberRules.first { $0.glob.matches(name) }?.rule ?? fallback ?? detectedRule(for: name, isFolder: false)
            return try Comparator(rules: ComparisonRules(fallback: rule), codecs: codecs).compare(expectedAt: expected, actualAt: actual)
        }
        if expectedType == .typeDirectory && actualType == .typeDirectory && isSemantic && fallback == nil {
            // A folder is detected by its extension only, as a member would be.
            let detection = ContentTypeDetector(codecs: codecs).detect(at: actual)
            if let codec = detection.codec {
                return SemanticComparator(codec: codec, contentType: detection.contentType)
                    .compare(expected: try FileWrapper(url: expected), actual: try FileWrapper(url: actual))
            }
        }
        let rules = ComparisonRules(memberRules + semanticMemberRules(), fallback: fallback ?? .bytes)
        var comparator = Comparator(rules: rules, codecs: codecs)
        if fallback == nil { comparator.refinedRule = { [self] path in refinedRule(for: path) } }
        return try comparator.compare(expectedAt: expected, actualAt: actual)
    }

    /// The kind of the item at `path`, not following a final link, or nil when nothing can be found there.
    ///
    /// As `FileManager.attributesOfItem` answers, which also looks up the owner's and group's names in
    /// /etc/passwd and /etc/group (and asks nscd) on every call: four calls were a visible part of
    /// comparing two small folders. Where the lstat seam exists, one lstat answers; errors other than a
    /// missing item, and kinds other than file, folder and link, still go to Foundation.
    static func itemType(atPath path: String) -> FileAttributeType? {
        #if !canImport(Darwin)
        if let status = try? FileDescriptor.status(atPath: path) {
            switch status.kind {
            case .regular: return .typeRegular
            case .directory: return .typeDirectory
            case .symbolicLink: return .typeSymbolicLink
            case .other: break
            }
        }
        #endif
        return (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    /// The rule a file's type calls for, by its extension alone (the order is in the verb's discussion).
    func detectedRule(for path: String, isFolder: Bool) -> ComparisonRule {
        let candidates = ContentTypeDetector(codecs: codecs).extensionCandidates((path as NSString).pathExtension, isFolder: isFolder)
        if isSemantic {
            for type in candidates {
                if let codec = codecs.codec(reading: type) { return .semantic(codec: codec.identifier) }
            }
        }
        guard let type = candidates.first else { return .bytes }
        if type.conforms(to: .json) { return .json }
        if type.conforms(to: .text) { return .text }
        if let codec = codecs.codec(reading: type), codec.readableContentTypes.contains(where: { $0.conforms(to: .text) }) {
            return .text
        }
        return .bytes
    }

    /// With `--semantic`, one rule per extension a codec reads, so that its packages are compared whole.
    private func semanticMemberRules() -> [MemberRule] {
        guard isSemantic && fallback == nil else { return [] }
        let detector = ContentTypeDetector(codecs: codecs)
        var rules: [MemberRule] = []
        var seen: Set<String> = []
        for codec in codecs.codecs {
            for name in detector.filenameExtensions(readBy: codec) where seen.insert(name).inserted {
                // Either kind of item may carry the extension; a package is the case that needs the rule.
                let folderRule = detectedRule(for: "x." + name, isFolder: true)
                let rule = folderRule.kind == .semantic ? folderRule : detectedRule(for: "x." + name, isFolder: false)
                guard rule.kind == .semantic, let glob = try? Glob("**/*." + Self.caseInsensitivePattern(name)) else { continue }
                rules.append(MemberRule(glob: glob, rule: rule))
            }
        }
        return rules
    }

    /// `[nN][oO]…`: extensions match whatever their case, as detection does.
    private static func caseInsensitivePattern(_ text: String) -> String {
        text.map { character in
            let lower = character.lowercased(), upper = character.uppercased()
            if lower != upper { return "[\(lower)\(upper)]" }
            return character.isLetter || character.isNumber ? String(character) : "\\" + String(character)
        }.joined()
    }

    /// The rule a member the first pass found different as bytes is explained under, or nil to keep `bytes`.
    ///
    /// A member an explicit `--rule` covers keeps the rule it was given, even `bytes`.
    func refinedRule(for path: String) -> ComparisonRule? {
        let rule = detectedRule(for: path, isFolder: false)
        if rule.kind == .bytes || memberRules.contains(where: { $0.glob.matches(path) }) { return nil }
        return rule
    }
}
