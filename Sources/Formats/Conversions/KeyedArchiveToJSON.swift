import DocumentCodecs

/// A keyed archive as JSON, for reading and migration: the tree in the scheme of `KeyedArchiveRendering`.
///
/// Lossless for trees as the decoder makes them: classes other than a kind's usual one, references,
/// inline fields, data (base64 in `{"$data": …}`) and exact dates (`{"$date": ISO-8601, "$time": seconds}`)
/// are all spelled out. Reals always show a fraction or an exponent (`2.0`), so they stay apart from
/// integers; NaN and the infinities, which JSON lacks, are `{"$real": "nan"}`, `"+infinity"`, `"-infinity"`.
/// Written as `JSONEncoder` writes with `.prettyPrinted` (keys in the order above, not sorted).
/// Throws `keyed-archive.too-deep` for a tree nested past the cap.
public struct KeyedArchiveToJSON: SnapshotConversion {
    public typealias Source = KeyedArchiveCodec
    public typealias Target = JSONCodec

    public init() {}

    public func convert(_ snapshot: KeyedArchiveDocument) throws -> JSONDocument {
        JSONDocument(
            value: Self.json(try KeyedArchiveRendering.render(snapshot.archive)),
            style: JSONWritingStyle(prettyPrinted: true))
    }

    static func json(_ node: KeyedArchiveRendering.Node) -> JSONValue {
        switch node {
        case .nilReference: return .null
        case .string(let string): return .string(string)
        case .integer(let integer): return number(String(integer))
        case .real(let real):
            guard real.isFinite else {
                return .object([
                    JSONMember(key: "$real", value: .string(real.isNaN ? "nan" : real > 0 ? "+infinity" : "-infinity"))
                ])
            }
            var text = "\(real)"
            if !text.contains(".") && !text.contains("e") { text += ".0" }
            return number(text)
        case .boolean(let boolean): return .bool(boolean)
        case .data(let data): return .string(data.base64EncodedString())
        case .date(let seconds):
            return KeyedArchiveRendering.iso8601(secondsSinceReferenceDate: seconds).map(JSONValue.string) ?? .null
        case .array(let elements): return .array(elements.map(json))
        case .object(let members): return .object(members.map { JSONMember(key: $0.0, value: json($0.1)) })
        }
    }

    private static func number(_ text: String) -> JSONValue {
        // Swift prints every finite Double and Int128 in JSON's number grammar, so the parse cannot fail.
        JSONNumber(text).map(JSONValue.number) ?? .string(text)
    }
}
