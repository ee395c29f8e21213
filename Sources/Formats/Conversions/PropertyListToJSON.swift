import DocumentCodecs

/// A property list as JSON: dictionaries become objects (key order kept), arrays arrays, strings,
/// integers (all 64-bit and unsigned 64-bit values, written in decimal), reals (the shortest
/// spelling that reads back to the same `Double`) and booleans their JSON counterparts.
///
/// JSON has no data, date or UID, and no NaN or infinity. By default (the registered conversion)
/// such a value is an error naming its key path, never dropped or guessed:
/// `conversion.plist-to-json.data`, `conversion.plist-to-json.date`, `conversion.plist-to-json.uid`,
/// `conversion.plist-to-json.non-finite-real`. A library user who wants them carried across asks for
/// ``Encoding/tagged``, a documented lossless encoding that ``JSONToPropertyList`` reads back.
/// The JSON document is written compact, as `JSONEncoder` writes it with no options.
public struct PropertyListToJSON: SnapshotConversion {
    public typealias Source = PropertyListCodec
    public typealias Target = JSONCodec

    /// How values JSON has no type for are treated.
    public var encoding: Encoding

    /// The strict conversion: a value JSON cannot hold is an error.
    public init() {
        encoding = .strict
    }

    /// A conversion with the given encoding.
    public init(encoding: Encoding) {
        self.encoding = encoding
    }

    public func convert(_ document: PropertyListDocument) throws -> JSONDocument {
        JSONDocument(value: try Self.json(from: document.value, encoding: encoding))
    }

    /// The JSON value of a property-list value.
    public static func json(from value: PropertyListValue, encoding: Encoding = .strict) throws -> JSONValue {
        try json(from: value, encoding: encoding, path: "$")
    }

    private static func json(from value: PropertyListValue, encoding: Encoding, path: String) throws -> JSONValue {
        func tagged(_ tag: String, _ payload: JSONValue) -> JSONValue {
            .object([JSONMember(key: tag, value: payload)])
        }
        func refuse(_ code: FormatConversionErrorCode, _ tag: String, _ what: String) -> CodecError {
            CodecError(
                code: .conversion(code),
                message:
                    "JSON has no type for \(what); convert with the tagged encoding to carry it as {\"$\(tag)\": …}",
                location: .keyPath(path))
        }
        switch value {
        case .dictionary(let entries):
            let members = try entries.map { entry in
                JSONMember(
                    key: entry.key,
                    value: try json(
                        from: entry.value, encoding: encoding, path: path + KeyPathWriter.component(key: entry.key)))
            }
            if encoding == .tagged, members.count == 1, Encoding.tags.contains(members[0].key) {
                return tagged(Encoding.dictionaryTag, .object(members))
            }
            return .object(members)
        case .array(let elements):
            return .array(
                try elements.enumerated().map {
                    try json(from: $1, encoding: encoding, path: path + KeyPathWriter.component(index: $0))
                })
        case .string(let text):
            return .string(text)
        case .integer(let integer):
            guard let number = JSONNumber("\(integer)") else {
                throw refuse(.plistToJSONInteger, "integer", "the integer \(integer)")
            }
            return .number(number)
        case .real(let real):
            if real.isFinite, let number = number(real) { return .number(number) }
            guard encoding == .tagged else { throw refuse(.plistToJSONNonFiniteReal, "real", "the real \(real)") }
            return tagged(Encoding.realTag, .string(nonFiniteName(real)))
        case .boolean(let flag):
            return .bool(flag)
        case .date(let seconds):
            guard encoding == .tagged else { throw refuse(.plistToJSONDate, "date", "a date") }
            if seconds.isFinite, let number = number(seconds) { return tagged(Encoding.dateTag, .number(number)) }
            return tagged(Encoding.dateTag, .string(nonFiniteName(seconds)))
        case .data(let data):
            guard encoding == .tagged else { throw refuse(.plistToJSONData, "data", "data (\(data.count) bytes)") }
            return tagged(Encoding.dataTag, .string(data.base64EncodedString()))
        case .uid(let uid):
            guard encoding == .tagged else { throw refuse(.plistToJSONUID, "uid", "a keyed-archive UID") }
            guard let number = JSONNumber("\(uid)") else { throw refuse(.plistToJSONUID, "uid", "the UID \(uid)") }
            return tagged(Encoding.uidTag, .number(number))
        }
    }
}
