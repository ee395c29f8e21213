import DocumentCodecs
import DocumentPlatform
import Formats
import Foundation

/// Compares two files, packages or folders under rules and explains every difference as a `Difference` tree.
///
/// The entry point the verifier, `docmigrate diff` and the batch converter share. A single file is
/// compared under the rule its name matches; a package or folder member by member: members added,
/// removed, renamed (paired by identical SHA-256, empty files excepted) and changed in kind, then each
/// member present on both sides under the rule of the first `MemberRule` whose glob matches its path.
/// Two files on disk are compared byte by byte in step, on several threads, stopping at the first
/// difference (bytes already in memory are compared directly); single files of different sizes differ
/// without being read, and in folders, which are listed without sizes, two files larger than one chunk
/// are told apart by size after it. A file is loaded, and hashed for the evidence, only when it differs; renames are
/// paired by hashing only the added and removed files. A folder whose path matches an `ignore`, `redact` or `semantic`
/// rule is taken whole. Member
/// differences are sorted by byte-wise path.
public struct Comparator: Sendable {
    /// The member rules and the fallback rule.
    public var rules: ComparisonRules
    /// The codecs `semantic` rules look up by identifier.
    public var codecs: CodecRegistry
    /// The codec a `semantic` rule without a codec of its own uses (a manifest's format codec).
    public var defaultCodec: String?
    /// How byte differences are shown.
    public var byteComparator: ByteComparator
    /// For a member whose bytes differ under a `bytes` rule, the rule to explain its contents under instead.
    ///
    /// Given the member's path; nil (or `bytes`) keeps the byte difference. `docmigrate diff` compares
    /// every file as bytes and explains the few that differ under the rule their type calls for. Asking
    /// here, while a differing file's bytes are in memory and on the comparison's threads, spares reading
    /// it again and hashing it for byte evidence that would be thrown away. A member the rule then finds
    /// equal is no difference. Members that nest below a removed, added, unreadable or changed folder are
    /// not asked about: they keep their byte differences.
    package var refinedRule: (@Sendable (String) -> ComparisonRule?)?

    public init(
        rules: ComparisonRules = ComparisonRules(), codecs: CodecRegistry = CodecRegistry(),
        defaultCodec: String? = nil,
        byteComparator: ByteComparator = ByteComparator()
    ) {
        self.rules = rules
        self.codecs = codecs
        self.defaultCodec = defaultCodec
        self.byteComparator = byteComparator
    }

    // MARK: Contents

    /// The difference between two contents under `rule`, or nil when the rule finds none.
    ///
    /// `name` (a file name or member path) picks a content type for a `semantic` rule. Throws
    /// `ComparisonError` (`comparison.unknown-codec`) when a semantic rule names no codec the registry knows.
    public func compare(expected: Data, actual: Data, rule: ComparisonRule, name: String = "") throws -> Difference? {
        switch rule.kind {
        case .ignore, .redact:
            return nil
        case .bytes:
            return byteComparator.compare(expected: expected, actual: actual)
        case .text:
            return TextComparator(normalisations: rule.normalisations).compare(expected: expected, actual: actual)
        case .json:
            return JSONComparator(accepting: rule.acceptedVariations).compare(expected: expected, actual: actual)
        case .csv:
            // A `.tsv` name says tab; otherwise each side's first record picks its delimiter.
            let candidates: [CSVDialect] =
                (name as NSString).pathExtension.lowercased() == "tsv" ? [.tab] : [.comma, .tab, .semicolon]
            return CSVComparator(keyColumn: rule.keyColumn, delimiterCandidates: candidates).compare(
                expected: expected, actual: actual)
        case .semantic:
            if expected == actual { return nil }
            return try semanticComparator(for: rule, name: name).compare(
                expected: FileWrapper(regularFileWithContents: expected),
                actual: FileWrapper(regularFileWithContents: actual))
        }
    }

    func semanticComparator(for rule: ComparisonRule, name: String) throws -> SemanticComparator {
        guard let identifier = rule.codec ?? defaultCodec else {
            throw ComparisonError(
                code: .unknownCodec, message: "a semantic rule names no codec and the comparison has no default codec")
        }
        guard let codec = codecs.codec(identifier: identifier) else {
            throw ComparisonError(
                code: .unknownCodec, message: "a semantic rule names the codec '\(identifier)', which is not registered"
            )
        }
        let fileExtension = (name as NSString).pathExtension
        let byExtension = fileExtension.isEmpty ? nil : UTType(filenameExtension: fileExtension)
        let contentType =
            byExtension.flatMap { type in codec.readableContentTypes.contains { type.conforms(to: $0) } ? type : nil }
            ?? codec.readableContentTypes.first ?? .data
        return SemanticComparator(codec: codec, contentType: contentType)
    }
}
