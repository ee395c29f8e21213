/// One line of a manifest's member rules: members whose path matches `glob` are compared under `rule`.
public struct MemberRule: Hashable, Sendable, Codable {
    /// The pattern a member's relative path must match.
    public var glob: Glob
    /// The rule for the members it matches.
    public var rule: ComparisonRule

    public init(glob: Glob, rule: ComparisonRule) {
        self.glob = glob
        self.rule = rule
    }

    /// A rule for `pattern`; throws `ComparisonError` when the pattern is malformed.
    public init(_ pattern: String, _ rule: ComparisonRule) throws {
        self.init(glob: try Glob(pattern), rule: rule)
    }
}

/// The rules of a comparison: member rules tried in order (the first match wins), then a fallback.
public struct ComparisonRules: Hashable, Sendable, Codable {
    /// The member rules, in the order they are tried.
    public var members: [MemberRule]
    /// The rule for a path that no member rule matches; `.bytes` unless a manifest says otherwise.
    public var fallback: ComparisonRule

    public init(_ members: [MemberRule] = [], fallback: ComparisonRule = .bytes) {
        self.members = members
        self.fallback = fallback
    }

    /// The rule for the member at `path` (relative, `/`-separated).
    public func rule(for path: String) -> ComparisonRule {
        members.first { $0.glob.matches(path) }?.rule ?? fallback
    }
}
