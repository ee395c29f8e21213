import DocumentCodecs

/// JSON as a property list: objects become dictionaries (member order kept), arrays arrays, strings
/// strings, `true`/`false` booleans.
///
/// A number written without a fraction or an exponent whose value lies in −2^63 … 2^64 − 1 becomes
/// an integer (`-0` is the integer 0). Every other number becomes a real: the `Double` nearest to its
/// exact decimal value (so `1.0` and `1e2` are reals, and `18446744073709551616` becomes the real
/// 1.8446744073709552e19); a number beyond the range of a `Double` is refused with
/// `conversion.json-to-plist.number-out-of-range` rather than becoming infinity. `null` has no
/// property-list form: `conversion.json-to-plist.null`, at its key path. With the tagged encoding
/// (``PropertyListToJSON/Encoding``) the tagged objects become data, dates, UIDs and reals again, and
/// a malformed tag is `conversion.json-to-plist.bad-tag`. The result is an XML property list
/// unless ``format`` says otherwise.
public struct JSONToPropertyList: SnapshotConversion {
    public typealias Source = JSONCodec
    public typealias Target = PropertyListCodec

    /// How tagged objects are read: plain objects (`strict`) or data, dates, UIDs and reals (`tagged`).
    public var encoding: PropertyListToJSON.Encoding
    /// The form the converted document is written in.
    public var format: PropertyListDocument.Format

    /// The plain conversion, to an XML property list.
    public init() {
        encoding = .strict
        format = .xml
    }

    /// A conversion with the given encoding, to the given form.
    public init(encoding: PropertyListToJSON.Encoding, format: PropertyListDocument.Format = .xml) {
        self.encoding = encoding
        self.format = format
    }

    public func convert(_ document: JSONDocument) throws -> PropertyListDocument {
        PropertyListDocument(value: try Self.value(from: document.value, encoding: encoding), format: format)
    }

    /// The property-list value of a JSON value.
    public static func value(
        from json: JSONValue, encoding: PropertyListToJSON.Encoding = .strict
    ) throws -> PropertyListValue {
        try value(from: json, encoding: encoding, path: "$")
    }

    private static func value(
        from json: JSONValue, encoding: PropertyListToJSON.Encoding, path: String
    ) throws -> PropertyListValue {
        switch json {
        case .object(let members):
            if encoding == .tagged, members.count == 1, PropertyListToJSON.Encoding.tags.contains(members[0].key) {
                return try untagged(members[0], path: path)
            }
            return .dictionary(
                try members.map { member in
                    PropertyListEntry(
                        key: member.key,
                        value: try value(
                            from: member.value, encoding: encoding,
                            path: path + KeyPathWriter.component(key: member.key)))
                })
        case .array(let elements):
            return .array(
                try elements.enumerated().map {
                    try value(from: $1, encoding: encoding, path: path + KeyPathWriter.component(index: $0))
                })
        case .string(let text):
            return .string(text)
        case .number(let number):
            return try value(of: number, path: path)
        case .bool(let flag):
            return .boolean(flag)
        case .null:
            throw CodecError(
                code: .conversion(.jsonToPlistNull), message: "a property list has no null", location: .keyPath(path))
        }
    }

    private static func value(of number: JSONNumber, path: String) throws -> PropertyListValue {
        let text = number.text
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int128(text),
            integer >= Int128(Int64.min), integer <= Int128(UInt64.max)
        {
            return .integer(integer)
        }
        guard let real = Double(text), real.isFinite else {
            throw CodecError(
                code: .conversion(.jsonToPlistNumberOutOfRange),
                message: "the number \(text) is beyond the range of a property-list real", location: .keyPath(path))
        }
        return .real(real)
    }

    private static func untagged(_ member: JSONMember, path: String) throws -> PropertyListValue {
        let tags = PropertyListToJSON.Encoding.self
        let inner = path + KeyPathWriter.component(key: member.key)
        func bad(_ expectation: String) -> CodecError {
            CodecError(
                code: .conversion(.jsonToPlistBadTag), message: "a \(member.key) object holds \(expectation)",
                location: .keyPath(inner))
        }
        func real(_ payload: JSONValue) throws -> Double {
            switch payload {
            case .number(let number):
                switch try? value(of: number, path: inner) {
                case .real(let value)?: return value
                case .integer(let integer)?:
                    guard let exact = Double(exactly: integer) else {
                        throw bad("\(number.text), which is not exactly a real")
                    }
                    return exact
                default: throw bad("a number beyond the range of a real")
                }
            case .string("nan"): return .nan
            case .string("inf"): return .infinity
            case .string("-inf"): return -.infinity
            default: throw bad("\(payload.typeName) instead of a number or \"nan\", \"inf\", \"-inf\"")
            }
        }
        switch (member.key, member.value) {
        case (tags.dataTag, .string(let text)):
            guard let data = Data(base64Encoded: text) else { throw bad("text that is not base64") }
            return .data(data)
        case (tags.dateTag, let payload):
            return .date(secondsSinceReferenceDate: try real(payload))
        case (tags.uidTag, .number(let number)):
            guard let uid = UInt32(number.text) else { throw bad("\(number.text), not a UID from 0 to 4294967295") }
            return .uid(uid)
        case (tags.realTag, .string):
            let value = try real(member.value)
            guard !value.isFinite else { throw bad("a finite number; finite reals are plain numbers") }
            return .real(value)
        case (tags.dictionaryTag, .object(let members)):
            return .dictionary(
                try members.map { inside in
                    PropertyListEntry(
                        key: inside.key,
                        value: try value(
                            from: inside.value, encoding: .tagged,
                            path: inner + KeyPathWriter.component(key: inside.key)))
                })
        default:
            throw bad("\(member.value.typeName), which is not what the tag takes")
        }
    }
}
