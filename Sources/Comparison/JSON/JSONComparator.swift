import Foundation

/// Compares two JSON documents by value and explains each difference by its key path.
///
/// Key paths start at `$`: `$.items[2].title`, and `$["a b"]` for a key that is not an identifier.
/// Whitespace and the spelling of string escapes never count. Key order and number spelling count by
/// default, each with its own cause so that a rule can accept them (`ComparisonRule.json(accepting:)`):
/// - an object whose members are equal but ordered differently is one difference at the object,
///   cause `json.key-order-only`; when the object also differs otherwise, the order difference has
///   cause `json.key-order`;
/// - a number with the same exact decimal value spelled differently (`1.0` and `1`) is a difference
///   with cause `json.number-spelling`.
/// The root difference (location empty) lists the differences in document order; its cause is
/// `json.key-order-only` or `json.number-spelling-only` when every difference below is of that one kind.
/// A side that is not valid JSON is a difference naming the side and the place, never a crash.
public struct JSONComparator: Sendable {
    /// The variations accepted as equal.
    public var accepting: Set<JSONVariation>
    /// The parser used for both sides.
    public var parser: JSONParser

    public init(accepting: [JSONVariation] = [], parser: JSONParser = JSONParser()) {
        self.accepting = Set(accepting)
        self.parser = parser
    }

    /// The difference between two encoded documents, or nil when they are equal as JSON under the rule.
    public func compare(expected: Data, actual: Data) -> Difference? {
        if expected == actual { return nil }
        let expectedResult = Result { () throws(JSONParseError) in try parser.parse(expected) }
        let actualResult = Result { () throws(JSONParseError) in try parser.parse(actual) }
        switch (expectedResult, actualResult) {
        case (.success(let expectedValue), .success(let actualValue)):
            return compare(expected: expectedValue, actual: actualValue)
        case (.failure(let expectedError), .failure(let actualError)):
            return Difference(
                kind: .json, location: "", summary: "neither side is valid JSON",
                children: [Self.invalid(expectedError, side: "expected"), Self.invalid(actualError, side: "actual")])
        case (.failure(let error), .success):
            return Self.invalid(error, side: "expected")
        case (.success, .failure(let error)):
            return Self.invalid(error, side: "actual")
        }
    }

    private static func invalid(_ error: JSONParseError, side: String) -> Difference {
        Difference(
            kind: .json, location: "line \(error.line), column \(error.column)",
            summary: "the \(side) side is not valid JSON: \(error.place): \(error.message) [\(error.code)]",
            cause: side == "expected" ? Difference.Cause.jsonInvalidExpected : Difference.Cause.jsonInvalidActual)
    }

    /// The difference between two parsed values, or nil when they are equal under the rule.
    public func compare(expected: JSONValue, actual: JSONValue) -> Difference? {
        var found: [Difference] = []
        collect(expected, actual, path: "$", into: &found)
        guard !found.isEmpty else { return nil }
        let causes = Set(found.map { $0.cause ?? "" })
        let cause: String?
        if causes == [Difference.Cause.jsonKeyOrderOnly] {
            cause = Difference.Cause.jsonKeyOrderOnly
        } else if causes == [Difference.Cause.jsonNumberSpelling] {
            cause = Difference.Cause.jsonNumberSpellingOnly
        } else {
            cause = nil
        }
        let places = found.count == 1 ? "1 place" : "\(found.count) places"
        return Difference(kind: .json, location: "", summary: "the JSON values differ in \(places)", cause: cause, children: found)
    }

    private func collect(_ expected: JSONValue, _ actual: JSONValue, path: String, into found: inout [Difference]) {
        switch (expected, actual) {
        case (.object(let expectedMembers), .object(let actualMembers)):
            collectObject(expectedMembers, actualMembers, path: path, into: &found)
        case (.array(let expectedElements), .array(let actualElements)):
            for index in 0..<min(expectedElements.count, actualElements.count) {
                collect(expectedElements[index], actualElements[index], path: path + "[\(index)]", into: &found)
            }
            for index in actualElements.count..<max(actualElements.count, expectedElements.count) {
                found.append(Difference(
                    kind: .json, location: path + "[\(index)]", summary: "the element is missing from the actual array",
                    cause: Difference.Cause.jsonElementRemoved, expected: Self.excerpt(expectedElements[index])))
            }
            for index in expectedElements.count..<max(actualElements.count, expectedElements.count) {
                found.append(Difference(
                    kind: .json, location: path + "[\(index)]", summary: "the element is not in the expected array",
                    cause: Difference.Cause.jsonElementAdded, actual: Self.excerpt(actualElements[index])))
            }
        case (.string(let expectedString), .string(let actualString)):
            if !expectedString.unicodeScalars.elementsEqual(actualString.unicodeScalars) {
                found.append(Difference(
                    kind: .json, location: path, summary: "the string differs",
                    expected: Self.excerpt(expected), actual: Self.excerpt(actual)))
            }
        case (.number(let expectedNumber), .number(let actualNumber)):
            if expectedNumber.text == actualNumber.text { return }
            if expectedNumber.hasSameValue(as: actualNumber) {
                if accepting.contains(.numberSpelling) { return }
                found.append(Difference(
                    kind: .json, location: path,
                    summary: "the same number is spelled differently: \(expectedNumber.text) and \(actualNumber.text)",
                    cause: Difference.Cause.jsonNumberSpelling, expected: expectedNumber.text, actual: actualNumber.text))
            } else {
                found.append(Difference(
                    kind: .json, location: path, summary: "the number differs",
                    expected: expectedNumber.text, actual: actualNumber.text))
            }
        case (.bool(let expectedFlag), .bool(let actualFlag)):
            if expectedFlag != actualFlag {
                found.append(Difference(
                    kind: .json, location: path, summary: "the boolean differs",
                    expected: Self.excerpt(expected), actual: Self.excerpt(actual)))
            }
        case (.null, .null):
            return
        default:
            found.append(Difference(
                kind: .json, location: path,
                summary: "the value changed from \(Self.article(expected.typeName)) to \(Self.article(actual.typeName))",
                cause: Difference.Cause.jsonTypeChanged, expected: Self.excerpt(expected), actual: Self.excerpt(actual)))
        }
    }

    private func collectObject(_ expectedMembers: [JSONMember], _ actualMembers: [JSONMember], path: String, into found: inout [Difference]) {
        // Keys are matched by their UTF-8 bytes (that is, by scalars), not by canonical equivalence.
        var actualByKey: [[UInt8]: JSONValue] = [:]
        for member in actualMembers { actualByKey[Array(member.key.utf8)] = member.value }
        var expectedKeys: Set<[UInt8]> = []
        for member in expectedMembers { expectedKeys.insert(Array(member.key.utf8)) }

        var inner: [Difference] = []
        for member in expectedMembers {
            let memberPath = path + Self.pathComponent(member.key)
            if let actualValue = actualByKey[Array(member.key.utf8)] {
                collect(member.value, actualValue, path: memberPath, into: &inner)
            } else {
                inner.append(Difference(
                    kind: .json, location: memberPath, summary: "the member is missing from the actual object",
                    cause: Difference.Cause.jsonMemberRemoved, expected: Self.excerpt(member.value)))
            }
        }
        for member in actualMembers where !expectedKeys.contains(Array(member.key.utf8)) {
            inner.append(Difference(
                kind: .json, location: path + Self.pathComponent(member.key), summary: "the member is not in the expected object",
                cause: Difference.Cause.jsonMemberAdded, actual: Self.excerpt(member.value)))
        }

        if !accepting.contains(.keyOrder) {
            let expectedOrder = expectedMembers.map(\.key).filter { actualByKey[Array($0.utf8)] != nil }
            let actualOrder = actualMembers.map(\.key).filter { expectedKeys.contains(Array($0.utf8)) }
            let sameOrder = expectedOrder.map { Array($0.utf8) } == actualOrder.map { Array($0.utf8) }
            if !sameOrder {
                let onlyOrder = inner.isEmpty && expectedMembers.count == actualMembers.count
                found.append(Difference(
                    kind: .json, location: path,
                    summary: onlyOrder
                        ? "the object has the same members in a different order"
                        : "the members both objects have are in a different order",
                    cause: onlyOrder ? Difference.Cause.jsonKeyOrderOnly : Difference.Cause.jsonKeyOrder,
                    expected: Self.keyList(expectedOrder), actual: Self.keyList(actualOrder)))
            }
        }
        found.append(contentsOf: inner)
    }

    /// `.name` for an identifier, `["…"]` otherwise.
    static func pathComponent(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        let isIdentifier = !scalars.isEmpty && scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)) }
            && !("0"..."9").contains(scalars[0])
        return isIdentifier ? "." + key : "[" + JSONValue.quoted(key) + "]"
    }

    private static func keyList(_ keys: [String]) -> String {
        let shown = keys.prefix(8).map(JSONValue.quoted).joined(separator: ", ")
        return "[" + shown + (keys.count > 8 ? ", … \(keys.count - 8) more" : "") + "]"
    }

    private static func excerpt(_ value: JSONValue, limit: Int = 60) -> String {
        let text = value.compactText
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(limit))
        return String(cut) + "…"
    }

    private static func article(_ typeName: String) -> String {
        typeName == "null" ? "null" : (typeName == "object" || typeName == "array" ? "an " : "a ") + typeName
    }
}
