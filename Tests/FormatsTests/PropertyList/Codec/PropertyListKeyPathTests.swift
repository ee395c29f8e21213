import Diagnostics
import DocumentCodecs
import Formats
import Foundation
import Testing

/// The property-list differences and the JSON comparator name a key, and quote a string, by one rule.
@Suite struct PropertyListKeyPathTests {
    static let keys = ["name", "1st", "0", "a b", "a\rb", "tab\t", "back\u{8}space", "form\u{C}feed", "é", ""]

    private func propertyListDifference(key: String, expected: String, actual: String) throws -> SnapshotDifference {
        func document(_ text: String) -> PropertyListDocument {
            let value = PropertyListValue.dictionary([PropertyListEntry(key: key, value: .string(text))])
            return PropertyListDocument(value: value, format: .binary)
        }
        let found = PropertyListCodec().differences(expected: document(expected), actual: document(actual))
        return try #require(found.first)
    }

    private func jsonDifference(key: String, expected: String, actual: String) throws -> Difference {
        func document(_ text: String) -> Data {
            Data(("{" + JSONStringEscaper.quoted(key) + ":" + JSONStringEscaper.quoted(text) + "}").utf8)
        }
        let difference = try #require(JSONComparator().compare(expected: document(expected), actual: document(actual)))
        return difference.children.first ?? difference
    }

    @Test(arguments: keys) func namesAKeyAsTheJSONComparatorDoes(key: String) throws {
        let propertyList = try propertyListDifference(key: key, expected: "x", actual: "y")
        let json = try jsonDifference(key: key, expected: "x", actual: "y")
        #expect(propertyList.path == json.location)
        #expect(propertyList.path == "$" + KeyPathWriter.component(key: key))
    }

    /// A CR in a key or a string is `\r`, as `JSONEncoder` and the JSON comparator write it, not `\u000d`.
    @Test func writesACarriageReturnAsJSONEncoderDoes() throws {
        let difference = try propertyListDifference(key: "a\rb", expected: "one\rline", actual: "two")
        #expect(difference.path == #"$["a\rb"]"#)
        #expect(difference.expected == #""one\rline""#)
        let json = try jsonDifference(key: "a\rb", expected: "one\rline", actual: "two")
        #expect(difference.expected == json.expected)
    }

    /// A key that starts with a digit is bracketed, so that it cannot be read as the index `[1]`.
    @Test func bracketsAKeyThatStartsWithADigit() throws {
        #expect(try propertyListDifference(key: "1st", expected: "x", actual: "y").path == #"$["1st"]"#)
        #expect(try jsonDifference(key: "1st", expected: "x", actual: "y").location == #"$["1st"]"#)
    }
}
