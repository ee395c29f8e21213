import DocumentCodecs

/// Lays a `KeyedArchiveValue` tree out as `NSKeyedArchiver` does.
///
/// The layout follows swift-corelibs-foundation's `NSKeyedArchiver` on Linux, checked against its
/// output: an object gets its UID when the archiver meets it (pre-order), its fields are encoded in
/// order (a dictionary's keys all before its values), its class dictionary is appended after its
/// fields the first time the class is met, and equal inline strings, numbers and data share one UID.
/// Dictionaries are written `$class` first, then the fields; the archive as `$version`, `$objects`,
/// `$archiver`, `$top`, the order of Apple's own archive in CPython's test data (order is lost in XML,
/// which sorts keys, and Apple's binary order is hash order, which no writer can promise).
struct KeyedArchiveEncoder {
    private let maximumDepth: Int
    private var objects: [PropertyListValue] = [.string("$null")]
    private var scalars: [PropertyListValue: UInt32] = [:]
    private var classes: [KeyedArchiveClass: UInt32] = [:]
    private var ordinals: [UInt32] = []

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    mutating func encode(_ archive: KeyedArchive) throws -> PropertyListValue {
        let top = try encodeFields(archive.top, path: "", depth: 0)
        return .dictionary([
            PropertyListEntry(key: "$version", value: .integer(KeyedArchive.version)),
            PropertyListEntry(key: "$objects", value: .array(objects)),
            PropertyListEntry(key: "$archiver", value: .string(archive.archiver)),
            PropertyListEntry(key: "$top", value: .dictionary(top)),
        ])
    }

    private mutating func encodeFields(
        _ fields: [KeyedArchiveField], path: String, depth: Int
    ) throws -> [PropertyListEntry] {
        var entries: [PropertyListEntry] = []
        entries.reserveCapacity(fields.count)
        for field in fields {
            let fieldPath = path.isEmpty ? field.key : path + "." + field.key
            entries.append(
                PropertyListEntry(
                    key: field.key, value: try encodeField(field.value, path: fieldPath, depth: depth + 1)))
        }
        return entries
    }

    private mutating func encodeField(
        _ value: KeyedArchiveFieldValue, path: String, depth: Int
    ) throws -> PropertyListValue {
        guard depth <= maximumDepth else {
            throw KeyedArchiveDecoder.error(.tooDeep, "the tree nests more than \(maximumDepth) deep", at: path)
        }
        switch value {
        case .object(let object): return .uid(try encodeObject(object, path: path, depth: depth + 1))
        case .value(let plain): return plain
        case .array(let elements):
            var values: [PropertyListValue] = []
            for (index, element) in elements.enumerated() {
                values.append(try encodeField(element, path: "\(path)[\(index)]", depth: depth + 1))
            }
            return .array(values)
        case .dictionary(let fields):
            return .dictionary(try encodeFields(fields, path: path, depth: depth))
        }
    }

    private mutating func encodeObject(_ value: KeyedArchiveValue, path: String, depth: Int) throws -> UInt32 {
        guard depth <= maximumDepth else {
            throw KeyedArchiveDecoder.error(.tooDeep, "the tree nests more than \(maximumDepth) deep", at: path)
        }
        switch value {
        case .nilReference: return 0
        case .string(let string): return try intern(.string(string), path: path)
        case .integer(let integer): return try intern(.integer(integer), path: path)
        case .real(let real): return try intern(.real(real), path: path)
        case .boolean(let boolean): return try intern(.boolean(boolean), path: path)
        case .data(let data): return try intern(.data(data), path: path)
        case .reference(let number):
            guard number >= 0, number < ordinals.count else {
                throw KeyedArchiveDecoder.error(
                    .danglingReference, "reference \(number) names no object met before it (\(ordinals.count) so far)",
                    at: path)
            }
            return ordinals[number]
        default:
            break
        }
        guard let type = value.archivedClass else {
            throw KeyedArchiveDecoder.error(.malformedObject, "this value has no class to archive it with", at: path)
        }
        let uid = try append(.string("$null"), path: path)
        ordinals.append(uid)
        var fields: [PropertyListEntry] = []
        func references(_ key: String, _ elements: [KeyedArchiveValue]) throws -> PropertyListEntry {
            var uids: [PropertyListValue] = []
            for (index, element) in elements.enumerated() {
                uids.append(.uid(try encodeObject(element, path: "\(path).\(key)[\(index)]", depth: depth + 1)))
            }
            return PropertyListEntry(key: key, value: .array(uids))
        }
        switch value {
        case .mutableString(let string, _): fields = [PropertyListEntry(key: "NS.string", value: .string(string))]
        case .mutableData(let data, _): fields = [PropertyListEntry(key: "NS.data", value: .data(data))]
        case .date(let seconds, _): fields = [PropertyListEntry(key: "NS.time", value: .real(seconds))]
        case .array(let elements, _), .set(let elements, _): fields = [try references("NS.objects", elements)]
        case .orderedSet(let elements, _):
            for (index, element) in elements.enumerated() {
                let key = "NS.object.\(index)"
                fields.append(
                    PropertyListEntry(
                        key: key, value: .uid(try encodeObject(element, path: path + "." + key, depth: depth + 1))))
            }
        case .dictionary(let entries, _):
            fields = [
                try references("NS.keys", entries.map(\.key)), try references("NS.objects", entries.map(\.value)),
            ]
        case .url(let base, let relative, _):
            let baseUID = try base.map { try encodeObject($0, path: path + ".NS.base", depth: depth + 1) } ?? 0
            let relativeUID = try intern(.string(relative), path: path + ".NS.relative")
            fields = [
                PropertyListEntry(key: "NS.base", value: .uid(baseUID)),
                PropertyListEntry(key: "NS.relative", value: .uid(relativeUID)),
            ]
        case .uuid(let uuid, _):
            fields = [PropertyListEntry(key: "NS.uuidbytes", value: .data(withUnsafeBytes(of: uuid.uuid) { Data($0) }))]
        case .null: fields = []
        case .object(_, let objectFields): fields = try encodeFields(objectFields, path: path, depth: depth)
        default: break
        }
        let classUID = try classReference(type, path: path)
        objects[Int(uid)] = .dictionary([PropertyListEntry(key: "$class", value: .uid(classUID))] + fields)
        return uid
    }

    private mutating func intern(_ scalar: PropertyListValue, path: String) throws -> UInt32 {
        if let uid = scalars[scalar] { return uid }
        let uid = try append(scalar, path: path)
        scalars[scalar] = uid
        return uid
    }

    private mutating func classReference(_ type: KeyedArchiveClass, path: String) throws -> UInt32 {
        if let uid = classes[type] { return uid }
        var entries = [
            PropertyListEntry(key: "$classname", value: .string(type.name)),
            PropertyListEntry(key: "$classes", value: .array(type.chain.map(PropertyListValue.string))),
        ]
        if let hints = type.hints {
            entries.append(PropertyListEntry(key: "$classhints", value: .array(hints.map(PropertyListValue.string))))
        }
        let uid = try append(.dictionary(entries), path: path)
        classes[type] = uid
        return uid
    }

    private mutating func append(_ object: PropertyListValue, path: String) throws -> UInt32 {
        guard let uid = UInt32(exactly: objects.count) else {
            throw KeyedArchiveDecoder.error(.tooManyObjects, "an archive holds at most 2^32 objects", at: path)
        }
        objects.append(object)
        return uid
    }
}
