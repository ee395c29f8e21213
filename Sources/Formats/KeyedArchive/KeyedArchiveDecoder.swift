import DocumentCodecs

/// Resolves an archive's UIDs into a `KeyedArchiveValue` tree, with a depth cap and cycle detection.
///
/// Recursion is bounded by `maximumDepth`, so a deep or hostile archive gives `keyed-archive.too-deep`
/// rather than exhausting the stack. Each object with a class is decoded once; its number in the
/// tree's pre-order is remembered, so a second visit becomes `.reference(n)`.
struct KeyedArchiveDecoder {
    /// How Foundation lays out the value classes the tree knows by kind.
    enum Kind: Equatable {
        case array, set, orderedSet(count: Int), dictionary, string, data, date, url, uuid, null, generic
    }

    private let objects: [PropertyListValue]
    private let archiver: String
    private let topEntries: [PropertyListEntry]
    private let maximumDepth: Int
    private var ordinals: [UInt32: Int] = [:]
    private var genericObjects: Set<UInt32> = []
    private var inProgress: Set<UInt32> = []
    private var classes: [UInt32: KeyedArchiveClass] = [:]
    private var reached: [Bool]
    private var nextOrdinal = 0

    init(propertyList: PropertyListValue, maximumDepth: Int) throws {
        guard case .dictionary(let entries) = propertyList else {
            throw Self.error(
                .notAnArchive, "a keyed archive is a dictionary at the top level, not \(Self.describe(propertyList))",
                at: "")
        }
        let allowed: Set<String> = ["$archiver", "$version", "$top", "$objects"]
        if let unexpected = entries.first(where: { !allowed.contains($0.key) }) {
            throw Self.error(
                .unexpectedKey,
                "a keyed archive holds only $archiver, $version, $top and $objects, not \(unexpected.key)",
                at: unexpected.key)
        }
        func entry(_ key: String) -> PropertyListValue? { entries.first { $0.key == key }?.value }
        guard case .string(let archiver) = entry("$archiver"), KeyedArchive.archiverNames.contains(archiver) else {
            throw Self.error(
                .badArchiver,
                "$archiver must be NSKeyedArchiver (or NRKeyedArchiver), not "
                    + "\(entry("$archiver").map(Self.describe) ?? "missing")",
                at: "$archiver")
        }
        guard case .integer(KeyedArchive.version) = entry("$version") else {
            throw Self.error(
                .badVersion, "$version must be 100000, not \(entry("$version").map(Self.describe) ?? "missing")",
                at: "$version")
        }
        guard let top = entry("$top") else {
            throw Self.error(.missingTop, "the archive has no $top dictionary naming its root objects", at: "$top")
        }
        guard case .dictionary(let topEntries) = top else {
            throw Self.error(
                .malformedTop, "$top must be a dictionary of named roots, not \(Self.describe(top))", at: "$top")
        }
        guard case .array(let objects) = entry("$objects") else {
            throw Self.error(.missingObjects, "the archive has no $objects array", at: "$objects")
        }
        guard case .string("$null") = objects.first else {
            throw Self.error(
                .notNullAtZero, "$objects[0] must be the string $null, which UID 0 stands for", at: "$objects[0]")
        }
        self.objects = objects
        self.archiver = archiver
        self.topEntries = topEntries
        self.maximumDepth = maximumDepth
        reached = Array(repeating: false, count: objects.count)
        reached[0] = true
    }

    mutating func decode() throws -> KeyedArchive {
        let top = try decodeFields(topEntries, path: "$top", depth: 0)
        if let unreached = reached.firstIndex(of: false) {
            throw Self.error(
                .unreachableObject, "nothing in the archive refers to this object, so a tree would lose it",
                at: "$objects[\(unreached)]")
        }
        return KeyedArchive(archiver: archiver, top: top)
    }

    // MARK: - Objects

    private mutating func decodeObject(_ uid: UInt32, path: String, depth: Int) throws -> KeyedArchiveValue {
        guard depth <= maximumDepth else {
            throw Self.error(.tooDeep, "objects nest more than \(maximumDepth) deep", at: path)
        }
        if uid == 0 { return .nilReference }
        guard Int(uid) < objects.count else {
            throw Self.error(
                .danglingUID, "UID \(uid) is past the end of $objects (\(objects.count) objects)", at: path)
        }
        reached[Int(uid)] = true
        let objectPath = "$objects[\(uid)]"
        switch objects[Int(uid)] {
        case .string(let string): return .string(string)
        case .integer(let integer): return .integer(integer)
        case .real(let real): return .real(real)
        case .boolean(let boolean): return .boolean(boolean)
        case .data(let data): return .data(data)
        case .dictionary(let entries) where Self.uid(.dictionary(entries)) == nil:
            if let ordinal = ordinals[uid] {
                if inProgress.contains(uid) && !genericObjects.contains(uid) {
                    throw Self.error(
                        .cycle,
                        "\(objectPath) contains itself through \(path), and a Foundation value cannot be rebuilt "
                            + "around a cycle",
                        at: path)
                }
                return .reference(ordinal)
            }
            return try decodeClassObject(uid, entries: entries, path: objectPath, depth: depth)
        case let other:
            throw Self.error(
                .malformedObject,
                "an entry of $objects is a string, number, data or a dictionary with $class, not "
                    + "\(Self.describe(other))",
                at: objectPath)
        }
    }

    private mutating func decodeClassObject(
        _ uid: UInt32, entries: [PropertyListEntry], path: String, depth: Int
    ) throws -> KeyedArchiveValue {
        guard let classEntry = entries.first(where: { $0.key == "$class" }) else {
            throw Self.error(
                .malformedObject, "an object stored as a dictionary must name its class in $class", at: path)
        }
        guard let classUID = Self.uid(classEntry.value) else {
            throw Self.error(
                .badClassReference, "$class must be a UID, not \(Self.describe(classEntry.value))", at: path + ".$class"
            )
        }
        let type = try archivedClass(classUID, path: path + ".$class")
        let fields = entries.filter { $0.key != "$class" }
        ordinals[uid] = nextOrdinal
        nextOrdinal += 1
        let kind = kind(of: type, fields: fields)
        if kind == .generic { genericObjects.insert(uid) }
        inProgress.insert(uid)
        defer { inProgress.remove(uid) }

        func field(_ key: String) -> PropertyListValue? { fields.first { $0.key == key }?.value }
        func references(_ key: String) -> [UInt32] {
            guard case .array(let elements) = field(key) else { return [] }
            return elements.compactMap(Self.uid)
        }
        func elements(_ key: String) throws -> [KeyedArchiveValue] {
            try references(key).enumerated().map { index, element in
                try decodeObject(element, path: "\(path).\(key)[\(index)]", depth: depth + 1)
            }
        }
        switch kind {
        case .array: return .array(try elements("NS.objects"), type)
        case .set: return .set(try elements("NS.objects"), type)
        case .orderedSet(let count):
            var members: [KeyedArchiveValue] = []
            for index in 0..<count {
                let key = "NS.object.\(index)"
                guard let member = field(key).flatMap(Self.uid) else { continue }
                members.append(try decodeObject(member, path: "\(path).\(key)", depth: depth + 1))
            }
            return .orderedSet(members, type)
        case .dictionary:
            // Foundation encodes every key before any value; decoding in the same order numbers shared objects alike.
            let keys = try elements("NS.keys")
            let values = try elements("NS.objects")
            return .dictionary(zip(keys, values).map { KeyedArchiveDictionaryEntry(key: $0, value: $1) }, type)
        case .string:
            guard case .string(let string) = field("NS.string") else { break }
            return .mutableString(string, type)
        case .data:
            guard case .data(let data) = field("NS.data") else { break }
            return .mutableData(data, type)
        case .date:
            guard case .real(let seconds) = field("NS.time") else { break }
            return .date(secondsSinceReferenceDate: seconds, type)
        case .url:
            guard let baseUID = field("NS.base").flatMap(Self.uid),
                let relativeUID = field("NS.relative").flatMap(Self.uid)
            else { break }
            let base = try decodeObject(baseUID, path: path + ".NS.base", depth: depth + 1)
            guard
                case .string(let relative) = try decodeObject(
                    relativeUID, path: path + ".NS.relative", depth: depth + 1)
            else { break }
            return .url(base: base == .nilReference ? nil : base, relative: relative, type)
        case .uuid:
            guard case .data(let bytes) = field("NS.uuidbytes"), bytes.count == 16 else { break }
            let byte = Array(bytes)
            return .uuid(
                UUID(
                    uuid: (
                        byte[0], byte[1], byte[2], byte[3], byte[4], byte[5], byte[6], byte[7],
                        byte[8], byte[9], byte[10], byte[11], byte[12], byte[13], byte[14], byte[15]
                    )), type)
        case .null:
            return .null(type)
        case .generic:
            return .object(type, fields: try decodeFields(fields, path: path, depth: depth))
        }
        // `kind(of:fields:)` checked the layout, so only a broken invariant gets here.
        throw Self.error(.malformedObject, "the fields of this \(type.name) do not match its layout", at: path)
    }

    /// Which kind a class with these fields decodes to: a Foundation kind only when the layout is exactly Foundation's.
    private func kind(of type: KeyedArchiveClass, fields: [PropertyListEntry]) -> Kind {
        let known: [String: Kind] = [
            "NSArray": .array, "NSSet": .set, "NSOrderedSet": .orderedSet(count: 0), "NSDictionary": .dictionary,
            "NSString": .string, "NSData": .data, "NSDate": .date, "NSURL": .url, "NSUUID": .uuid, "NSNull": .null,
        ]
        guard let foundation = type.chain.lazy.compactMap({ known[$0] }).first else { return .generic }
        let keys = fields.map(\.key)
        func value(_ key: String) -> PropertyListValue? { fields.first { $0.key == key }?.value }
        func isReferenceList(_ key: String) -> Int? {
            guard case .array(let elements) = value(key) else { return nil }
            return elements.allSatisfy({ Self.uid($0).map { $0 != 0 } ?? false }) ? elements.count : nil
        }
        func isString(_ uid: UInt32) -> Bool {
            guard Int(uid) < objects.count, uid != 0, case .string = objects[Int(uid)] else { return false }
            return true
        }
        switch foundation {
        case .array, .set:
            return keys == ["NS.objects"] && isReferenceList("NS.objects") != nil ? foundation : .generic
        case .orderedSet:
            let expected = Set((0..<keys.count).map { "NS.object.\($0)" })
            guard Set(keys) == expected,
                fields.allSatisfy({ Self.uid($0.value).map { $0 != 0 } ?? false })
            else { return .generic }
            return .orderedSet(count: keys.count)
        case .dictionary:
            guard Set(keys) == ["NS.keys", "NS.objects"], keys.count == 2,
                let keyCount = isReferenceList("NS.keys"), keyCount == isReferenceList("NS.objects")
            else { return .generic }
            return .dictionary
        case .string:
            guard keys == ["NS.string"], case .string = value("NS.string") else { return .generic }
            return .string
        case .data:
            guard keys == ["NS.data"], case .data = value("NS.data") else { return .generic }
            return .data
        case .date:
            guard keys == ["NS.time"], case .real = value("NS.time") else { return .generic }
            return .date
        case .url:
            guard Set(keys) == ["NS.base", "NS.relative"], keys.count == 2, value("NS.base").flatMap(Self.uid) != nil,
                let relative = value("NS.relative").flatMap(Self.uid), isString(relative)
            else { return .generic }
            return .url
        case .uuid:
            guard keys == ["NS.uuidbytes"], case .data(let bytes) = value("NS.uuidbytes"), bytes.count == 16 else {
                return .generic
            }
            return .uuid
        case .null:
            return keys.isEmpty ? .null : .generic
        case .generic:
            return .generic
        }
    }

    private mutating func archivedClass(_ uid: UInt32, path: String) throws -> KeyedArchiveClass {
        if let known = classes[uid] { return known }
        guard uid != 0, Int(uid) < objects.count else {
            throw Self.error(
                .danglingUID,
                "the class UID \(uid) is past the end of $objects (\(objects.count) objects) or names $null", at: path)
        }
        reached[Int(uid)] = true
        let classPath = "$objects[\(uid)]"
        guard case .dictionary(let entries) = objects[Int(uid)] else {
            throw Self.error(
                .badClassReference,
                "$class must refer to a class dictionary, and \(classPath) is \(Self.describe(objects[Int(uid)]))",
                at: path)
        }
        func strings(_ key: String) -> [String]? {
            guard case .array(let elements) = entries.first(where: { $0.key == key })?.value else { return nil }
            let names = elements.compactMap { element -> String? in
                if case .string(let name) = element { return name }
                return nil
            }
            return names.count == elements.count ? names : nil
        }
        guard case .string(let name) = entries.first(where: { $0.key == "$classname" })?.value else {
            throw Self.error(.badClassReference, "the class dictionary has no $classname string", at: classPath)
        }
        guard let chain = strings("$classes") else {
            throw Self.error(.badClassReference, "the class dictionary has no $classes array of names", at: classPath)
        }
        let hasHints = entries.contains { $0.key == "$classhints" }
        let hints = strings("$classhints")
        if hasHints && hints == nil {
            throw Self.error(
                .badClassReference, "$classhints must be an array of class names", at: classPath + ".$classhints")
        }
        if let extra = entries.first(where: { !["$classname", "$classes", "$classhints"].contains($0.key) }) {
            throw Self.error(
                .badClassReference,
                "a class dictionary holds only $classname, $classes and $classhints, not \(extra.key)", at: classPath)
        }
        let type = KeyedArchiveClass(name: name, chain: chain, hints: hints)
        classes[uid] = type
        return type
    }

    // MARK: - Fields

    /// Decodes an object's fields (or `$top`'s roots) in the order `NSKeyedArchiver` encoded them.
    ///
    /// The archiver numbers objects as it first meets them, so sorting the fields by the smallest UID
    /// they hold that nothing decoded so far has met recovers that order (a dictionary's own order is
    /// lost in XML, which sorts keys, and is hash order in binary). Fields holding only UIDs met
    /// before, or none, do not affect the numbering; they keep their relative order, after the others.
    /// Encoding the tree and decoding it again therefore gives the same order.
    private mutating func decodeFields(
        _ entries: [PropertyListEntry], path: String, depth: Int
    ) throws -> [KeyedArchiveField] {
        let reached = self.reached
        func isNew(_ uid: UInt32) -> Bool { Int(uid) >= reached.count || !reached[Int(uid)] }
        let ordered = entries.enumerated()
            .map {
                (
                    index: $0.offset, entry: $0.element,
                    first: Self.firstUID($0.element.value, depth: 0, where: isNew) ?? UInt32.max
                )
            }
            .sorted { ($0.first, $0.index) < ($1.first, $1.index) }
        var fields: [KeyedArchiveField] = []
        fields.reserveCapacity(ordered.count)
        for item in ordered {
            let fieldPath = path.isEmpty ? item.entry.key : path + "." + item.entry.key
            fields.append(
                KeyedArchiveField(
                    key: item.entry.key, value: try fieldValue(item.entry.value, path: fieldPath, depth: depth + 1)))
        }
        return fields
    }

    private mutating func fieldValue(
        _ value: PropertyListValue, path: String, depth: Int
    ) throws -> KeyedArchiveFieldValue {
        guard depth <= maximumDepth else {
            throw Self.error(.tooDeep, "values nest more than \(maximumDepth) deep", at: path)
        }
        if let uid = Self.uid(value) {
            return .object(try decodeObject(uid, path: path, depth: depth + 1))
        }
        switch value {
        case .array(let elements):
            var values: [KeyedArchiveFieldValue] = []
            for (index, element) in elements.enumerated() {
                values.append(try fieldValue(element, path: "\(path)[\(index)]", depth: depth + 1))
            }
            return values.allSatisfy(\.isPlain) ? .value(value) : .array(values)
        case .dictionary(let entries):
            var fields: [KeyedArchiveField] = []
            for entry in entries {
                fields.append(
                    KeyedArchiveField(
                        key: entry.key,
                        value: try fieldValue(entry.value, path: path + "." + entry.key, depth: depth + 1)))
            }
            return fields.allSatisfy(\.value.isPlain) ? .value(value) : .dictionary(fields)
        default:
            return .value(value)
        }
    }

    /// The smallest UID a field holds that `isNew` accepts, searched only 64 levels deep.
    private static func firstUID(_ value: PropertyListValue, depth: Int, where isNew: (UInt32) -> Bool) -> UInt32? {
        if let uid = uid(value) { return uid != 0 && isNew(uid) ? uid : nil }
        guard depth < 64 else { return nil }
        switch value {
        case .array(let elements): return elements.compactMap { firstUID($0, depth: depth + 1, where: isNew) }.min()
        case .dictionary(let entries):
            return entries.compactMap { firstUID($0.value, depth: depth + 1, where: isNew) }.min()
        default: return nil
        }
    }

    // MARK: - Support

    /// A UID in either form: a binary UID, or XML's `{"CF$UID": n}` when a reader left it a dictionary.
    static func uid(_ value: PropertyListValue) -> UInt32? {
        switch value {
        case .uid(let uid): return uid
        case .dictionary(let entries):
            guard entries.count == 1, entries[0].key == "CF$UID", case .integer(let number) = entries[0].value,
                let uid = UInt32(exactly: number)
            else { return nil }
            return uid
        default: return nil
        }
    }

    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .string(let string): "the string \"\(string.prefix(40))\""
        case .integer(let integer): "the integer \(integer)"
        case .real: "a real number"
        case .boolean(let boolean): "the boolean \(boolean)"
        case .date: "a date"
        case .data: "data"
        case .uid(let uid): "UID \(uid)"
        }
    }

    static func error(_ code: KeyedArchiveErrorCode, _ message: String, at path: String) -> CodecError {
        CodecError(code: .keyedArchive(code), message: message, location: path.isEmpty ? nil : .keyPath(path))
    }
}

extension KeyedArchiveFieldValue {
    /// Whether the value is stored in place and holds no UID.
    var isPlain: Bool {
        if case .value = self { return true }
        return false
    }
}
