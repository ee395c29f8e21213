import Formats

/// How two contents are compared: a plain value that manifests store by stable names.
///
/// Like a snapshot-testing strategy, a rule is data, not code: `.bytes`, `.text(normalisations:)`,
/// `.json(accepting:)`, `.csv(keyColumn:)`, `.semantic(codec:)`, `.ignore` and `.redact`. `Comparator` turns a rule
/// into
/// the matching comparison. In JSON a rule is an object such as
/// `{"rule": "text", "normalisations": ["line-endings"]}`, and a rule without parameters may also be
/// written as its bare name (`"bytes"`); a CSV rule with a key column is `{"rule": "csv", "key": "id"}`.
/// On a command line a rule is written `text:line-endings,byte-order-mark` or `csv:id` (see `init?(_:)`).
public struct ComparisonRule: Hashable, Sendable {
    /// Which comparison a rule asks for; the `rawValue` is the stable name.
    public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
        /// Byte for byte.
        case bytes
        /// As UTF-8 text, after the rule's normalisations, with causes named.
        case text
        /// As JSON values (RFC 8259), by key path.
        case json
        /// As delimited-text tables (RFC 4180), by row and column; rows optionally paired by a key column.
        case csv
        /// Through a codec's own comparison of two snapshots.
        case semantic
        /// Not compared at all, not even whether the member exists.
        case ignore
        /// Only whether the member exists; its contents are never compared nor shown (for secrets).
        case redact
    }

    /// Which comparison.
    public let kind: Kind
    /// For `.text`: the normalisations applied to both sides first, in their canonical order, without repeats.
    public let normalisations: [TextNormalisation]
    /// For `.json`: the variations accepted as equal, in their canonical order, without repeats.
    public let acceptedVariations: [JSONVariation]
    /// For `.semantic`: the identifier of the codec; nil means the codec the caller compares with.
    public let codec: String?
    /// For `.csv`: the column whose text pairs rows; nil pairs rows by position.
    public let keyColumn: String?

    private init(
        kind: Kind, normalisations: [TextNormalisation] = [], acceptedVariations: [JSONVariation] = [],
        codec: String? = nil,
        keyColumn: String? = nil
    ) {
        self.kind = kind
        self.normalisations = Array(Set(normalisations)).sorted()
        self.acceptedVariations = Array(Set(acceptedVariations)).sorted()
        self.codec = codec
        self.keyColumn = keyColumn
    }

    /// Byte for byte: the first differing offset, both lengths, a hex window and both hashes.
    public static var bytes: ComparisonRule { ComparisonRule(kind: .bytes) }
    /// As UTF-8 text with no normalisation: any difference counts, and its cause is named when one can be.
    public static var text: ComparisonRule { ComparisonRule(kind: .text) }
    /// As JSON values; key order and number spelling count as differences (with their own causes).
    public static var json: ComparisonRule { ComparisonRule(kind: .json) }
    /// As delimited-text tables with rows paired by position.
    public static var csv: ComparisonRule { ComparisonRule(kind: .csv) }
    /// Through the codec the caller compares with (a manifest's format codec).
    public static var semantic: ComparisonRule { ComparisonRule(kind: .semantic) }
    /// Not compared, not even for presence.
    public static var ignore: ComparisonRule { ComparisonRule(kind: .ignore) }
    /// Compared for presence only; the contents are never read into a report.
    public static var redact: ComparisonRule { ComparisonRule(kind: .redact) }

    /// As UTF-8 text after applying `normalisations` to both sides.
    public static func text(normalisations: [TextNormalisation]) -> ComparisonRule {
        ComparisonRule(kind: .text, normalisations: normalisations)
    }

    /// As JSON values, accepting the listed variations as equal.
    public static func json(accepting variations: [JSONVariation]) -> ComparisonRule {
        ComparisonRule(kind: .json, acceptedVariations: variations)
    }

    /// As delimited-text tables, rows paired by the text of the column named `keyColumn` (by position when nil).
    public static func csv(keyColumn: String?) -> ComparisonRule {
        ComparisonRule(kind: .csv, keyColumn: keyColumn)
    }

    /// Through the codec named `codec` in the comparator's registry.
    public static func semantic(codec: String) -> ComparisonRule {
        ComparisonRule(kind: .semantic, codec: codec)
    }
}

extension ComparisonRule: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, normalisations, accepting, codec, key
    }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            guard let kind = Kind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    in: single,
                    debugDescription:
                        "unknown comparison rule '\(name)'; expected one of "
                        + "\(Kind.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            self.init(kind: kind)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(Kind.self, forKey: .rule)
        let normalisations = try container.decodeIfPresent([TextNormalisation].self, forKey: .normalisations) ?? []
        let accepted = try container.decodeIfPresent([JSONVariation].self, forKey: .accepting) ?? []
        let codec = try container.decodeIfPresent(String.self, forKey: .codec)
        let key = try container.decodeIfPresent(String.self, forKey: .key)
        if !normalisations.isEmpty && kind != .text {
            throw DecodingError.dataCorruptedError(
                forKey: .normalisations, in: container, debugDescription: "only a text rule takes normalisations")
        }
        if !accepted.isEmpty && kind != .json {
            throw DecodingError.dataCorruptedError(
                forKey: .accepting, in: container, debugDescription: "only a json rule accepts variations")
        }
        if codec != nil && kind != .semantic {
            throw DecodingError.dataCorruptedError(
                forKey: .codec, in: container, debugDescription: "only a semantic rule names a codec")
        }
        if key != nil && kind != .csv {
            throw DecodingError.dataCorruptedError(
                forKey: .key, in: container, debugDescription: "only a csv rule names a key column")
        }
        if key == "" {
            throw DecodingError.dataCorruptedError(
                forKey: .key, in: container, debugDescription: "a csv rule's key column has a name")
        }
        self.init(
            kind: kind, normalisations: normalisations, acceptedVariations: accepted, codec: codec, keyColumn: key)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .rule)
        if !normalisations.isEmpty { try container.encode(normalisations, forKey: .normalisations) }
        if !acceptedVariations.isEmpty { try container.encode(acceptedVariations, forKey: .accepting) }
        try container.encodeIfPresent(codec, forKey: .codec)
        try container.encodeIfPresent(keyColumn, forKey: .key)
    }
}

extension ComparisonRule: LosslessStringConvertible {
    /// Reads the command-line form: a kind's name, then optionally `:` and comma-separated parameters —
    /// `text:line-endings,byte-order-mark`, `json:key-order`, `csv:id` (the key column: everything after the
    /// colon, commas included), `semantic:notebook`; nil for anything else.
    public init?(_ description: String) {
        let parts = description.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kind = Kind(rawValue: String(parts[0])) else { return nil }
        if kind == .csv {
            guard parts.count > 1 else {
                self.init(kind: .csv)
                return
            }
            guard !parts[1].isEmpty else { return nil }
            self.init(kind: .csv, keyColumn: String(parts[1]))
            return
        }
        let parameters =
            parts.count > 1 ? parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : []
        if parts.count > 1 && parameters.contains(where: \.isEmpty) { return nil }
        switch kind {
        case .text:
            let normalisations = parameters.compactMap(TextNormalisation.init(rawValue:))
            guard normalisations.count == parameters.count else { return nil }
            self.init(kind: .text, normalisations: normalisations)
        case .json:
            let variations = parameters.compactMap(JSONVariation.init(rawValue:))
            guard variations.count == parameters.count else { return nil }
            self.init(kind: .json, acceptedVariations: variations)
        case .semantic:
            guard parameters.count <= 1 else { return nil }
            self.init(kind: .semantic, codec: parameters.first)
        case .bytes, .ignore, .redact, .csv:
            guard parameters.isEmpty else { return nil }
            self.init(kind: kind)
        }
    }

    /// The command-line form, which `init?(_:)` reads back.
    public var description: String {
        let parameters: [String]
        switch kind {
        case .text: parameters = normalisations.map(\.rawValue)
        case .json: parameters = acceptedVariations.map(\.rawValue)
        case .semantic: parameters = codec.map { [$0] } ?? []
        case .csv: parameters = keyColumn.map { [$0] } ?? []
        case .bytes, .ignore, .redact: parameters = []
        }
        return parameters.isEmpty ? kind.rawValue : kind.rawValue + ":" + parameters.joined(separator: ",")
    }
}
