import DocumentCodecs

extension PropertyListCodec {
    /// Appends where two values differ, in document order, with paths written by `KeyPathWriter`'s rule,
    /// as the JSON comparator writes them: `$.items[2].title`, and `$["a b"]` for a key that is not an identifier.
    ///
    /// Kinds: a changed type, a changed scalar, a key missing from either side, an element missing
    /// from either array. Key order is not a difference: a property-list dictionary is unordered
    /// (Apple's XML writers sort its keys, its binary writer follows hash order), so two documents
    /// with the same entries mean the same; a byte-for-byte round trip is the bytes rule's business.
    /// Strings compare by Unicode scalars and reals and dates by bit pattern, as the codec writes them.
    static func collectDifferences(
        _ expected: PropertyListValue, _ actual: PropertyListValue, path: String, into found: inout [SnapshotDifference]
    ) {
        switch (expected, actual) {
        case (.dictionary(let expectedEntries), .dictionary(let actualEntries)):
            var actualByKey: [[UInt8]: PropertyListValue] = [:]
            for entry in actualEntries { actualByKey[Array(entry.key.utf8)] = entry.value }
            let expectedKeys = Set(expectedEntries.map { Array($0.key.utf8) })
            for entry in expectedEntries {
                let entryPath = path + KeyPathWriter.component(key: entry.key)
                if let actualValue = actualByKey[Array(entry.key.utf8)] {
                    collectDifferences(entry.value, actualValue, path: entryPath, into: &found)
                } else {
                    found.append(
                        SnapshotDifference(
                            path: entryPath, expected: excerpt(entry.value),
                            summary: "the key is missing from the actual dictionary"))
                }
            }
            for entry in actualEntries where !expectedKeys.contains(Array(entry.key.utf8)) {
                found.append(
                    SnapshotDifference(
                        path: path + KeyPathWriter.component(key: entry.key), actual: excerpt(entry.value),
                        summary: "the key is not in the expected dictionary"))
            }
        case (.array(let expectedElements), .array(let actualElements)):
            for index in 0..<min(expectedElements.count, actualElements.count) {
                collectDifferences(
                    expectedElements[index], actualElements[index], path: path + KeyPathWriter.component(index: index),
                    into: &found)
            }
            for index in actualElements.count..<max(actualElements.count, expectedElements.count) {
                found.append(
                    SnapshotDifference(
                        path: path + KeyPathWriter.component(index: index), expected: excerpt(expectedElements[index]),
                        summary: "the element is missing from the actual array"))
            }
            for index in expectedElements.count..<max(actualElements.count, expectedElements.count) {
                found.append(
                    SnapshotDifference(
                        path: path + KeyPathWriter.component(index: index), actual: excerpt(actualElements[index]),
                        summary: "the element is not in the expected array"))
            }
        case (.string(let expectedText), .string(let actualText)):
            if !expectedText.unicodeScalars.elementsEqual(actualText.unicodeScalars) {
                found.append(
                    SnapshotDifference(
                        path: path, expected: excerpt(expected), actual: excerpt(actual), summary: "the string differs")
                )
            }
        default:
            if kindName(of: expected) != kindName(of: actual) {
                found.append(
                    SnapshotDifference(
                        path: path, expected: excerpt(expected), actual: excerpt(actual),
                        summary: "the value changed from \(kindName(of: expected)) to \(kindName(of: actual))"))
            } else if expected != actual {
                found.append(
                    SnapshotDifference(
                        path: path, expected: excerpt(expected), actual: excerpt(actual),
                        summary: "the \(bareKindName(of: expected)) differs"))
            }
        }
    }

    /// Whether `collectDifferences` finds nothing: the same rules (key order ignored, strings by Unicode
    /// scalars, reals and dates by bit pattern), without a path, an excerpt or a table per dictionary for
    /// values that are equal.
    ///
    /// Dictionaries whose keys come in the same order are compared entry by entry; otherwise their
    /// entries are paired by key. Keys are unique in every value a reader makes; a value made in memory
    /// with a repeated key breaks that rule, and for it the answer here may be "equal" where
    /// `collectDifferences` (which looks a repeated key up as its last entry) finds a difference.
    static func haveNoDifferences(_ expected: PropertyListValue, _ actual: PropertyListValue) -> Bool {
        switch (expected, actual) {
        case (.dictionary(let expectedEntries), .dictionary(let actualEntries)):
            guard expectedEntries.count == actualEntries.count else { return false }
            var index = 0
            while index < expectedEntries.count,
                expectedEntries[index].key.utf8.elementsEqual(actualEntries[index].key.utf8)
            {
                guard haveNoDifferences(expectedEntries[index].value, actualEntries[index].value) else { return false }
                index += 1
            }
            if index == expectedEntries.count { return true }
            return entriesMatchByKey(expectedEntries[index...], actualEntries[index...])
        case (.array(let expectedElements), .array(let actualElements)):
            guard expectedElements.count == actualElements.count else { return false }
            for index in expectedElements.indices
            where !haveNoDifferences(expectedElements[index], actualElements[index]) {
                return false
            }
            return true
        case (.string(let expectedText), .string(let actualText)):
            return expectedText.unicodeScalars.elementsEqual(actualText.unicodeScalars)
        case (.dictionary, _), (.array, _), (.string, _), (_, .dictionary), (_, .array), (_, .string):
            return false
        default:
            return expected == actual
        }
    }

    /// Whether the entries of `expected` and `actual` (as many on each side) pair up by key, each entry
    /// of `actual` taken at most once, with no differences between paired values.
    ///
    /// Dictionaries are small as a rule (Apple's binary writer stores them in hash order, so a binary
    /// document's entries rarely come in the XML writer's sorted order): up to 64 entries are paired by a
    /// search, with the taken ones marked in one word; larger ones by sorting both sides' keys. Neither
    /// way makes a copy of a key.
    private static func entriesMatchByKey(
        _ expected: ArraySlice<PropertyListEntry>, _ actual: ArraySlice<PropertyListEntry>
    ) -> Bool {
        if actual.count <= 64 {
            var taken: UInt64 = 0
            for entry in expected {
                var found: Int?
                for (offset, candidate) in actual.enumerated()
                where taken & (1 << UInt64(offset)) == 0 && candidate.key.utf8.elementsEqual(entry.key.utf8) {
                    found = offset
                    break
                }
                guard let offset = found, haveNoDifferences(entry.value, actual[actual.startIndex + offset].value)
                else { return false }
                taken |= 1 << UInt64(offset)
            }
            return true
        }
        func byKey(_ entries: ArraySlice<PropertyListEntry>) -> [Int] {
            entries.indices.sorted { entries[$0].key.utf8.lexicographicallyPrecedes(entries[$1].key.utf8) }
        }
        let expectedOrder = byKey(expected), actualOrder = byKey(actual)
        for (expectedIndex, actualIndex) in zip(expectedOrder, actualOrder) {
            guard expected[expectedIndex].key.utf8.elementsEqual(actual[actualIndex].key.utf8),
                haveNoDifferences(expected[expectedIndex].value, actual[actualIndex].value)
            else { return false }
        }
        return true
    }

    /// The value's type with its article, as messages say it: `a dictionary`, `an integer`, `data`.
    static func kindName(of value: PropertyListValue) -> String {
        switch value {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a UID"
        }
    }

    private static func bareKindName(of value: PropertyListValue) -> String {
        let name = kindName(of: value)
        for article in ["a ", "an "] where name.hasPrefix(article) { return String(name.dropFirst(article.count)) }
        return name
    }

    /// A short rendering of a value for a difference.
    static func excerpt(_ value: PropertyListValue) -> String {
        switch value {
        case .dictionary(let entries): "dictionary of \(entries.count) entries"
        case .array(let elements): "array of \(elements.count) elements"
        case .string(let text):
            text.unicodeScalars.count > 60
                ? JSONStringEscaper.quoted(String(String.UnicodeScalarView(text.unicodeScalars.prefix(60)))) + "…"
                : JSONStringEscaper.quoted(text)
        case .integer(let integer): "\(integer)"
        case .real(let real): "\(real)"
        case .boolean(let flag): flag ? "true" : "false"
        case .date(let seconds): "date \(seconds) s from 2001-01-01T00:00:00Z"
        case .data(let data):
            "\(data.count) bytes <" + data.prefix(16).map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
                + (data.count > 16 ? "…>" : ">")
        case .uid(let uid): "UID \(uid)"
        }
    }
}
