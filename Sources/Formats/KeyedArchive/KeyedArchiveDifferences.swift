import DocumentCodecs

/// Where two keyed-archive trees differ, by tree path (`root.pages[1].text`), at most `limit` places.
///
/// Object fields are matched by key, collections by position, dictionaries by position (with the key
/// shown when it is a string). The walk is iterative, so a deep tree cannot exhaust the stack.
enum KeyedArchiveDifferences {
    static let limit = 100

    static func between(_ expected: KeyedArchive, _ actual: KeyedArchive) -> [SnapshotDifference] {
        var differences: [SnapshotDifference] = []
        if expected.archiver != actual.archiver {
            differences.append(
                SnapshotDifference(
                    path: "$archiver", expected: expected.archiver, actual: actual.archiver,
                    summary: "the archiver differs"))
        }
        var pending: [(path: String, expected: Item?, actual: Item?)] = []
        pending.append(contentsOf: pairs(expected.top, actual.top, path: "").reversed())
        while differences.count < limit, let next = pending.popLast() {
            let (path, left, right) = next
            guard let left, let right else {
                differences.append(
                    SnapshotDifference(
                        path: path, expected: left.map(describe), actual: right.map(describe),
                        summary: left == nil ? "only the actual archive has this" : "the actual archive lacks this"))
                continue
            }
            if left == right { continue }
            switch (left, right) {
            case (.field(.object(let leftValue)), .field(.object(let rightValue))):
                pending.append((path, .value(leftValue), .value(rightValue)))
            case (.field(.array(let leftElements)), .field(.array(let rightElements))):
                pending.append(
                    contentsOf: elementPairs(leftElements.map(Item.field), rightElements.map(Item.field), path: path)
                        .reversed())
            case (.field(.dictionary(let leftFields)), .field(.dictionary(let rightFields))):
                pending.append(contentsOf: pairs(leftFields, rightFields, path: path).reversed())
            case (.value(let leftValue), .value(let rightValue)):
                if let children = children(leftValue, rightValue, path: path) {
                    pending.append(contentsOf: children.reversed())
                } else {
                    differences.append(
                        SnapshotDifference(
                            path: path, expected: describe(left), actual: describe(right),
                            summary: summary(leftValue, rightValue)))
                }
            default:
                differences.append(
                    SnapshotDifference(
                        path: path, expected: describe(left), actual: describe(right), summary: "the values differ"))
            }
        }
        return differences
    }

    private enum Item: Equatable {
        case value(KeyedArchiveValue)
        case field(KeyedArchiveFieldValue)
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    private static func pairs(
        _ left: [KeyedArchiveField], _ right: [KeyedArchiveField], path: String
    ) -> [(path: String, expected: Item?, actual: Item?)] {
        var keys = left.map(\.key)
        for field in right where !keys.contains(field.key) { keys.append(field.key) }
        return keys.map { key in
            (
                join(path, key), left.first { $0.key == key }.map { .field($0.value) },
                right.first { $0.key == key }.map { .field($0.value) }
            )
        }
    }

    private static func elementPairs(
        _ left: [Item], _ right: [Item], path: String
    ) -> [(path: String, expected: Item?, actual: Item?)] {
        (0..<max(left.count, right.count)).map { index in
            ("\(path)[\(index)]", index < left.count ? left[index] : nil, index < right.count ? right[index] : nil)
        }
    }

    /// The pairs to compare inside two values of the same kind and class, or nil when they differ here.
    private static func children(
        _ left: KeyedArchiveValue, _ right: KeyedArchiveValue, path: String
    ) -> [(path: String, expected: Item?, actual: Item?)]? {
        guard left.archivedClass == right.archivedClass else { return nil }
        switch (left, right) {
        case (.array(let leftElements, _), .array(let rightElements, _)),
            (.set(let leftElements, _), .set(let rightElements, _)),
            (.orderedSet(let leftElements, _), .orderedSet(let rightElements, _)):
            return elementPairs(leftElements.map(Item.value), rightElements.map(Item.value), path: path)
        case (.dictionary(let leftEntries, _), .dictionary(let rightEntries, _)):
            var result: [(path: String, expected: Item?, actual: Item?)] = []
            for index in 0..<max(leftEntries.count, rightEntries.count) {
                let leftEntry = index < leftEntries.count ? leftEntries[index] : nil
                let rightEntry = index < rightEntries.count ? rightEntries[index] : nil
                if let leftEntry, let rightEntry, leftEntry.key == rightEntry.key, case .string(let key) = leftEntry.key
                {
                    result.append(("\(path)[\"\(key)\"]", .value(leftEntry.value), .value(rightEntry.value)))
                } else {
                    result.append(
                        ("\(path).key[\(index)]", leftEntry.map { .value($0.key) }, rightEntry.map { .value($0.key) }))
                    result.append(
                        (
                            "\(path).value[\(index)]", leftEntry.map { .value($0.value) },
                            rightEntry.map { .value($0.value) }
                        ))
                }
            }
            return result
        case (.object(_, let leftFields), .object(_, let rightFields)):
            return pairs(leftFields, rightFields, path: path)
        case (.url(let leftBase, let leftRelative, _), .url(let rightBase, let rightRelative, _))
        where leftRelative == rightRelative:
            return [(join(path, "NS.base"), leftBase.map(Item.value), rightBase.map(Item.value))]
        default:
            return nil
        }
    }

    private static func summary(_ left: KeyedArchiveValue, _ right: KeyedArchiveValue) -> String {
        if let leftClass = left.archivedClass, let rightClass = right.archivedClass, leftClass != rightClass {
            return "the class differs"
        }
        return "the values differ"
    }

    private static func describe(_ item: Item) -> String {
        let text: String
        switch item {
        case .value(let value): text = describe(value)
        case .field(.object(let value)): text = describe(value)
        case .field(.value(let plain)): text = "inline " + KeyedArchiveDecoder.describe(plain)
        case .field(.array(let elements)): text = "inline array of \(elements.count)"
        case .field(.dictionary(let fields)): text = "inline dictionary of \(fields.count)"
        }
        return text
    }

    private static func describe(_ value: KeyedArchiveValue) -> String {
        switch value {
        case .nilReference: "nil"
        case .string(let string): "\"\(string.prefix(60))\""
        case .integer(let integer): "\(integer)"
        case .real(let real): "\(real)"
        case .boolean(let boolean): "\(boolean)"
        case .data(let data): "\(data.count) bytes"
        case .mutableString(let string, let type): "\(type.name) \"\(string.prefix(60))\""
        case .mutableData(let data, let type): "\(type.name) of \(data.count) bytes"
        case .date(let seconds, _):
            KeyedArchiveRendering.iso8601(secondsSinceReferenceDate: seconds) ?? "date \(seconds)"
        case .array(let elements, let type), .set(let elements, let type), .orderedSet(let elements, let type):
            "\(type.name) of \(elements.count)"
        case .dictionary(let entries, let type): "\(type.name) of \(entries.count)"
        case .url(_, let relative, _): "URL \(relative)"
        case .uuid(let uuid, _): uuid.uuidString
        case .null: "NSNull"
        case .object(let type, let fields): "\(type.name) with \(fields.count) fields"
        case .reference(let number): "reference to object \(number)"
        }
    }
}
