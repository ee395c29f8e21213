import DocumentCodecs
import DocumentPlatform
import Formats
import Foundation
import SystemSeam

/// Two documents compared as `docmigrate diff` compares them: the `Comparator` with explicit rules, plus a rule per
/// file from its detected type.
///
/// Detection only matters where contents differ (text and JSON rules without normalisations find no
/// difference in equal bytes), so the comparator runs with `bytes` for every file no explicit rule
/// covers, and explains each of the few members that differ under its detected rule (the comparator's
/// `refinedRule`, asked while their bytes are in memory). That keeps the per-path cost of the walk at
/// the explicit rules alone, instead of one glob per known extension.
public struct DocumentComparison: Sendable {
    /// Rules for members whose path matches a glob, first match wins; they win over detection.
    public var memberRules: [MemberRule]
    /// The rule for everything no member rule covers, instead of detection.
    public var fallback: ComparisonRule?
    /// Whether a file or package a codec reads is compared by that codec's semantic comparison.
    public var isSemantic: Bool
    /// The codecs detection and semantic rules draw on.
    public var codecs: CodecRegistry

    public init(
        memberRules: [MemberRule] = [], fallback: ComparisonRule? = nil, isSemantic: Bool = false, codecs: CodecRegistry
    ) {
        self.memberRules = memberRules
        self.fallback = fallback
        self.isSemantic = isSemantic
        self.codecs = codecs
    }

    /// The difference between the items at two paths as the user named them, or nil when the rules find none.
    ///
    /// - Throws: a ``ComparisonError`` naming the first path where nothing is found, before anything is read;
    ///   otherwise what ``compare(expectedAt:actualAt:)`` throws.
    public func compare(expectedPath: String, actualPath: String) throws -> Difference? {
        for path in [expectedPath, actualPath] where Self.itemType(atPath: path) == nil {
            throw ComparisonError(code: .missing, message: "there is no file or folder here", file: path)
        }
        return try compare(expectedAt: URL(fileURLWithPath: expectedPath), actualAt: URL(fileURLWithPath: actualPath))
    }

    /// The difference between the items at two paths (files, packages or folders), or nil when the rules find none.
    public func compare(expectedAt expected: URL, actualAt actual: URL) throws -> Difference? {
        let expectedType = Self.itemType(atPath: expected.path)
        let actualType = Self.itemType(atPath: actual.path)
        if expectedType == .typeRegular && actualType == .typeRegular {
            let name = actual.lastPathComponent
            let rule =
                memberRules.first { $0.glob.matches(name) }?.rule ?? fallback
                ?? detectedRule(for: name, isFolder: false)
            return try Comparator(rules: ComparisonRules(fallback: rule), codecs: codecs).compare(
                expectedAt: expected, actualAt: actual)
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
    public static func itemType(atPath path: String) -> FileAttributeType? {
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
        let candidates = ContentTypeDetector(codecs: codecs).extensionCandidates(
            (path as NSString).pathExtension, isFolder: isFolder)
        if isSemantic {
            for type in candidates {
                if let codec = codecs.codec(reading: type) { return .semantic(codec: codec.identifier) }
            }
        }
        guard let type = candidates.first else { return .bytes }
        if type.conforms(to: .json) { return .json }
        if type.conforms(to: .text) { return .text }
        if let codec = codecs.codec(reading: type),
            codec.readableContentTypes.contains(where: { $0.conforms(to: .text) })
        {
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
                guard rule.kind == .semantic, let glob = try? Glob("**/*." + Self.caseInsensitivePattern(name)) else {
                    continue
                }
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
