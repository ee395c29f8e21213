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
        if expected == actual || provesEqual(expected: expected, actual: actual) { return nil }
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

    /// Whether the two documents are valid and equal under the rule, decided on flat token tapes.
    ///
    /// Most comparisons are of equal documents written differently, and for them building two
    /// `JSONValue` trees (an allocation per value) is most of the cost. The tapes decide equality
    /// without one; false, for a difference or for anything the tapes leave to the parser (an invalid
    /// document, a lone surrogate), sends the comparison down the full path, which builds the report.
    func provesEqual(expected: Data, actual: Data) -> Bool {
        expected.withUnsafeBytes { expectedBytes in
            actual.withUnsafeBytes { actualBytes in
                var expectedTape = JSONTape(documentSize: expectedBytes.count)
                guard expectedTape.scan(expectedBytes, maximumDepth: parser.maximumDepth) else { return false }
                var actualTape = JSONTape(documentSize: actualBytes.count)
                guard actualTape.scan(actualBytes, maximumDepth: parser.maximumDepth) else { return false }
                return JSONTape.valuesAreEqual(
                    expectedTape, of: expectedBytes, actualTape, of: actualBytes,
                    acceptsKeyOrder: accepting.contains(.keyOrder),
                    acceptsNumberSpelling: accepting.contains(.numberSpelling))
            }
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
        var place: [PathStep] = []
        collect(expected, actual, place: &place, into: &found)
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
        return Difference(
            kind: .json, location: "", summary: "the JSON values differ in \(places)", cause: cause, children: found)
    }

    /// One step of the way from the root to a value.
    ///
    /// The walk keeps its place as a stack of steps and spells it as a key path (`$.items[2]`) only
    /// where it finds a difference: equal documents, the common case, never build a path string.
    private enum PathStep {
        case key(String)
        case index(Int)
    }

    private static func path(_ place: [PathStep]) -> String {
        var text = "$"
        for step in place {
            switch step {
            case .key(let key): text += KeyPathWriter.component(key: key)
            case .index(let index): text += KeyPathWriter.component(index: index)
            }
        }
        return text
    }

    private static func path(_ place: [PathStep], appending step: PathStep) -> String {
        var extended = place
        extended.append(step)
        return path(extended)
    }

    private func collect(
        _ expected: JSONValue, _ actual: JSONValue, place: inout [PathStep], into found: inout [Difference]
    ) {
        switch (expected, actual) {
        case (.object(let expectedMembers), .object(let actualMembers)):
            collectObject(expectedMembers, actualMembers, place: &place, into: &found)
        case (.array(let expectedElements), .array(let actualElements)):
            for index in 0..<min(expectedElements.count, actualElements.count) {
                place.append(.index(index))
                collect(expectedElements[index], actualElements[index], place: &place, into: &found)
                place.removeLast()
            }
            for index in actualElements.count..<max(actualElements.count, expectedElements.count) {
                found.append(
                    Difference(
                        kind: .json, location: Self.path(place, appending: .index(index)),
                        summary: "the element is missing from the actual array",
                        cause: Difference.Cause.jsonElementRemoved, expected: Self.excerpt(expectedElements[index])))
            }
            for index in expectedElements.count..<max(actualElements.count, expectedElements.count) {
                found.append(
                    Difference(
                        kind: .json, location: Self.path(place, appending: .index(index)),
                        summary: "the element is not in the expected array",
                        cause: Difference.Cause.jsonElementAdded, actual: Self.excerpt(actualElements[index])))
            }
        case (.string(let expectedString), .string(let actualString)):
            if !ScalarKey.equal(expectedString, actualString) {
                found.append(
                    Difference(
                        kind: .json, location: Self.path(place), summary: "the string differs",
                        expected: Self.excerpt(expected), actual: Self.excerpt(actual)))
            }
        case (.number(let expectedNumber), .number(let actualNumber)):
            if expectedNumber.text == actualNumber.text { return }
            if expectedNumber.hasSameValue(as: actualNumber) {
                if accepting.contains(.numberSpelling) { return }
                found.append(
                    Difference(
                        kind: .json, location: Self.path(place),
                        summary:
                            "the same number is spelled differently: \(expectedNumber.text) and \(actualNumber.text)",
                        cause: Difference.Cause.jsonNumberSpelling, expected: expectedNumber.text,
                        actual: actualNumber.text))
            } else {
                found.append(
                    Difference(
                        kind: .json, location: Self.path(place), summary: "the number differs",
                        expected: expectedNumber.text, actual: actualNumber.text))
            }
        case (.bool(let expectedFlag), .bool(let actualFlag)):
            if expectedFlag != actualFlag {
                found.append(
                    Difference(
                        kind: .json, location: Self.path(place), summary: "the boolean differs",
                        expected: Self.excerpt(expected), actual: Self.excerpt(actual)))
            }
        case (.null, .null):
            return
        default:
            found.append(
                Difference(
                    kind: .json, location: Self.path(place),
                    summary:
                        "the value changed from \(Self.article(expected.typeName)) to \(Self.article(actual.typeName))",
                    cause: Difference.Cause.jsonTypeChanged, expected: Self.excerpt(expected),
                    actual: Self.excerpt(actual)))
        }
    }

    private func collectObject(
        _ expectedMembers: [JSONMember], _ actualMembers: [JSONMember], place: inout [PathStep],
        into found: inout [Difference]
    ) {
        // Keys are matched by their UTF-8 bytes (that is, by scalars), not by canonical equivalence.
        // Members written in the same order, the common case, pair up without a table of keys.
        if expectedMembers.count == actualMembers.count,
            zip(expectedMembers, actualMembers).allSatisfy({ ScalarKey.equal($0.key, $1.key) })
        {
            for (expectedMember, actualMember) in zip(expectedMembers, actualMembers) {
                place.append(.key(expectedMember.key))
                collect(expectedMember.value, actualMember.value, place: &place, into: &found)
                place.removeLast()
            }
            return
        }
        var actualByKey: [ScalarKey: JSONValue] = [:]
        actualByKey.reserveCapacity(actualMembers.count)
        for member in actualMembers { actualByKey[ScalarKey(member.key)] = member.value }
        var expectedKeys: Set<ScalarKey> = []
        expectedKeys.reserveCapacity(expectedMembers.count)
        for member in expectedMembers { expectedKeys.insert(ScalarKey(member.key)) }

        var inner: [Difference] = []
        for member in expectedMembers {
            place.append(.key(member.key))
            if let actualValue = actualByKey[ScalarKey(member.key)] {
                collect(member.value, actualValue, place: &place, into: &inner)
            } else {
                inner.append(
                    Difference(
                        kind: .json, location: Self.path(place),
                        summary: "the member is missing from the actual object",
                        cause: Difference.Cause.jsonMemberRemoved, expected: Self.excerpt(member.value)))
            }
            place.removeLast()
        }
        for member in actualMembers where !expectedKeys.contains(ScalarKey(member.key)) {
            inner.append(
                Difference(
                    kind: .json, location: Self.path(place, appending: .key(member.key)),
                    summary: "the member is not in the expected object",
                    cause: Difference.Cause.jsonMemberAdded, actual: Self.excerpt(member.value)))
        }

        if !accepting.contains(.keyOrder) {
            let expectedOrder = expectedMembers.map(\.key).filter { actualByKey[ScalarKey($0)] != nil }
            let actualOrder = actualMembers.map(\.key).filter { expectedKeys.contains(ScalarKey($0)) }
            let sameOrder = expectedOrder.elementsEqual(actualOrder, by: ScalarKey.equal)
            if !sameOrder {
                let onlyOrder = inner.isEmpty && expectedMembers.count == actualMembers.count
                found.append(
                    Difference(
                        kind: .json, location: Self.path(place),
                        summary: onlyOrder
                            ? "the object has the same members in a different order"
                            : "the members both objects have are in a different order",
                        cause: onlyOrder ? Difference.Cause.jsonKeyOrderOnly : Difference.Cause.jsonKeyOrder,
                        expected: Self.keyList(expectedOrder), actual: Self.keyList(actualOrder)))
            }
        }
        found.append(contentsOf: inner)
    }

    private static func keyList(_ keys: [String]) -> String {
        let shown = keys.prefix(8).map { JSONStringEscaper.quoted($0) }.joined(separator: ", ")
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
