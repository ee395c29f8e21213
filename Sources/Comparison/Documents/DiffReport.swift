import Foundation

/// The JSON form of a document comparison (`docmigrate diff --format json`): the versioned schema `docmigrate.diff`.
public struct DiffReport: Encodable, Sendable {
    /// The schema name every diff report carries.
    public static let schema = "docmigrate.diff"
    /// The schema version; raised when a field changes meaning.
    public static let schemaVersion = 1

    /// The expected side as the user named it.
    public var expected: String
    /// The actual side as the user named it.
    public var actual: String
    /// The explained difference; nil when the sides are equal under the rules.
    public var difference: Difference?

    public init(expected: String, actual: String, difference: Difference?) {
        self.expected = expected
        self.actual = actual
        self.difference = difference
    }

    private enum CodingKeys: String, CodingKey {
        case schema, schemaVersion, expected, actual, difference
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schema, forKey: .schema)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(expected, forKey: .expected)
        try container.encode(actual, forKey: .actual)
        // `null` rather than a missing key: "equal" is stated, not implied.
        try container.encode(difference, forKey: .difference)
    }

    /// The report as pretty-printed JSON with sorted keys and a final newline.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
