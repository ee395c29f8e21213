/// A way two JSON documents may differ that a rule can accept as equal.
///
/// By default the JSON comparison reports both, with their own causes (`json.key-order-only` or
/// `json.key-order`, and `json.number-spelling`), because a format can depend on them; a rule that
/// lists a variation drops those differences. Whitespace and the spelling of string escapes
/// (`"\u0041"` and `"A"`) are never differences. Manifests store the `rawValue`.
public enum JSONVariation: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    /// Object members in a different order.
    case keyOrder = "key-order"
    /// A number spelled differently with the same exact value (`1.0` and `1`, `1e2` and `100`, `-0` and `0`).
    case numberSpelling = "number-spelling"

    public static func < (left: JSONVariation, right: JSONVariation) -> Bool {
        allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
    }
}
