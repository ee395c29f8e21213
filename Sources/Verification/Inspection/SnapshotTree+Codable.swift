import Foundation

/// The JSON form of a tree: every node an object whose `type` names its kind, so that no reader has to
/// guess whether `"42"` was a string or a number (Documentation/json-schemas.md lists every field).
///
/// | `type` | other members |
/// | --- | --- |
/// | `string`, `number` | `value`: a string (a number keeps its exact Swift spelling) |
/// | `bool` | `value`: `true` or `false` |
/// | `null` | none |
/// | `data` | `byteCount`, `sha256` (hex), `prefix` (hex of the first 16 bytes) |
/// | `date` | `value` (ISO 8601, UTC, milliseconds), `timeIntervalSinceReferenceDate` (exact) |
/// | `uuid`, `url` | `value`: a string |
/// | `array`, `set` | `elements`: nodes (a set's sorted) |
/// | `dictionary` | `entries`: `{"key": node, "value": node}` objects, sorted by key |
/// | `object` | `typeName`, `fields`: `{"name": …, "value": node}` objects in declaration order |
/// | `enum` | `typeName`, `case`, `fields` |
/// | `opaque`, `cycle`, `truncated` | `typeName` |
extension SnapshotTree: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, value, byteCount, sha256, prefix, timeIntervalSinceReferenceDate, elements, entries, typeName, fields
        case caseName = "case"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let string):
            try container.encode("string", forKey: .type)
            try container.encode(string, forKey: .value)
        case .number(let number):
            try container.encode("number", forKey: .type)
            try container.encode(number, forKey: .value)
        case .bool(let bool):
            try container.encode("bool", forKey: .type)
            try container.encode(bool, forKey: .value)
        case .null:
            try container.encode("null", forKey: .type)
        case .data(let summary):
            try container.encode("data", forKey: .type)
            try container.encode(summary.byteCount, forKey: .byteCount)
            try container.encode(summary.sha256, forKey: .sha256)
            try container.encode(summary.prefix, forKey: .prefix)
        case .date(let date):
            try container.encode("date", forKey: .type)
            try container.encode(Self.iso8601(date), forKey: .value)
            try container.encode(date.timeIntervalSinceReferenceDate, forKey: .timeIntervalSinceReferenceDate)
        case .uuid(let uuid):
            try container.encode("uuid", forKey: .type)
            try container.encode(uuid.uuidString, forKey: .value)
        case .url(let url):
            try container.encode("url", forKey: .type)
            try container.encode(url, forKey: .value)
        case .array(let elements):
            try container.encode("array", forKey: .type)
            try container.encode(elements, forKey: .elements)
        case .set(let elements):
            try container.encode("set", forKey: .type)
            try container.encode(elements, forKey: .elements)
        case .dictionary(let entries):
            try container.encode("dictionary", forKey: .type)
            try container.encode(entries, forKey: .entries)
        case .object(let typeName, let fields):
            try container.encode("object", forKey: .type)
            try container.encode(typeName, forKey: .typeName)
            try container.encode(fields, forKey: .fields)
        case .enumeration(let typeName, let caseName, let fields):
            try container.encode("enum", forKey: .type)
            try container.encode(typeName, forKey: .typeName)
            try container.encode(caseName, forKey: .caseName)
            try container.encode(fields, forKey: .fields)
        case .opaque(let typeName):
            try container.encode("opaque", forKey: .type)
            try container.encode(typeName, forKey: .typeName)
        case .cycle(let typeName):
            try container.encode("cycle", forKey: .type)
            try container.encode(typeName, forKey: .typeName)
        case .truncated(let typeName):
            try container.encode("truncated", forKey: .type)
            try container.encode(typeName, forKey: .typeName)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "string": self = .string(try container.decode(String.self, forKey: .value))
        case "number": self = .number(try container.decode(String.self, forKey: .value))
        case "bool": self = .bool(try container.decode(Bool.self, forKey: .value))
        case "null": self = .null
        case "data":
            self = .data(
                DataSummary(
                    byteCount: try container.decode(Int.self, forKey: .byteCount),
                    sha256: try container.decode(String.self, forKey: .sha256),
                    prefix: try container.decode(String.self, forKey: .prefix)))
        case "date":
            self = .date(
                Date(
                    timeIntervalSinceReferenceDate: try container.decode(
                        Double.self, forKey: .timeIntervalSinceReferenceDate)))
        case "uuid":
            let text = try container.decode(String.self, forKey: .value)
            guard let uuid = UUID(uuidString: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .value, in: container, debugDescription: "'\(text)' is not a UUID")
            }
            self = .uuid(uuid)
        case "url": self = .url(try container.decode(String.self, forKey: .value))
        case "array": self = .array(try container.decode([SnapshotTree].self, forKey: .elements))
        case "set": self = .set(try container.decode([SnapshotTree].self, forKey: .elements))
        case "dictionary": self = .dictionary(try container.decode([Entry].self, forKey: .entries))
        case "object":
            self = .object(
                typeName: try container.decode(String.self, forKey: .typeName),
                fields: try container.decode([Field].self, forKey: .fields))
        case "enum":
            self = .enumeration(
                typeName: try container.decode(String.self, forKey: .typeName),
                caseName: try container.decode(String.self, forKey: .caseName),
                fields: try container.decode([Field].self, forKey: .fields))
        case "opaque": self = .opaque(typeName: try container.decode(String.self, forKey: .typeName))
        case "cycle": self = .cycle(typeName: try container.decode(String.self, forKey: .typeName))
        case "truncated": self = .truncated(typeName: try container.decode(String.self, forKey: .typeName))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown snapshot node type '\(type)'")
        }
    }
}
