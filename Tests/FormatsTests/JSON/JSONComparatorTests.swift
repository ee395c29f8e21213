import Formats
import Foundation
import Testing

@Suite struct JSONComparatorTests {
    private func compare(_ expected: String, _ actual: String, accepting: [JSONVariation] = []) -> Difference? {
        JSONComparator(accepting: accepting).compare(expected: Data(expected.utf8), actual: Data(actual.utf8))
    }

    @Test func whitespaceAndEscapeSpellingAreNoDifference() {
        #expect(compare(#"{"a":[1,"é"]}"#, "{ \"a\" : [ 1 , \"\\u00e9\" ] }\n") == nil)
    }

    @Test func namesKeyPathsOfChangedValues() throws {
        let difference = try #require(
            compare(
                #"{"items":[{"title":"one"},{"title":"two"},{"title":"three"}],"a b":1,"x":{"é":true}}"#,
                #"{"items":[{"title":"one"},{"title":"two"},{"title":"THREE"}],"a b":2,"x":{"é":false}}"#))
        #expect(difference.children.map(\.location) == [#"$.items[2].title"#, #"$["a b"]"#, #"$.x["é"]"#])
        #expect(difference.children.map(\.expected) == [#""three""#, "1", "true"])
        #expect(difference.children.map(\.actual) == [#""THREE""#, "2", "false"])
        #expect(difference.cause == nil)
        #expect(difference.summary == "the JSON values differ in 3 places")
    }

    @Test func keyOrderOnlyIsNamedAtTheObject() throws {
        let difference = try #require(compare(#"{"a":1,"b":{"x":1,"y":2}}"#, #"{"a":1,"b":{"y":2,"x":1}}"#))
        #expect(difference.cause == "json.key-order-only")
        let order = try #require(difference.children.first)
        #expect(difference.children.count == 1)
        #expect(order.location == "$.b")
        #expect(order.cause == "json.key-order-only")
        #expect(order.expected == #"["x", "y"]"#)
        #expect(order.actual == #"["y", "x"]"#)
        #expect(compare(#"{"a":1,"b":{"x":1,"y":2}}"#, #"{"a":1,"b":{"y":2,"x":1}}"#, accepting: [.keyOrder]) == nil)
    }

    @Test func keyOrderWithAnotherChangeIsNotOrderOnly() throws {
        let difference = try #require(compare(#"{"x":1,"y":2}"#, #"{"y":3,"x":1}"#))
        #expect(difference.cause == nil)
        #expect(difference.children.map(\.cause) == ["json.key-order", nil])
        #expect(difference.children.map(\.location) == ["$", "$.y"])
        let accepted = try #require(compare(#"{"x":1,"y":2}"#, #"{"y":3,"x":1}"#, accepting: [.keyOrder]))
        #expect(accepted.children.map(\.location) == ["$.y"])
    }

    @Test func numbersCompareAsExactDecimals() throws {
        let spelled: [(String, String)] = [
            ("1.0", "1"), ("1e2", "100"), ("-0", "0"), ("0.50", "5e-1"), ("12300", "1.23E4"), ("1e400", "10e399"),
        ]
        for (expected, actual) in spelled {
            let difference = try #require(compare("[\(expected)]", "[\(actual)]"), "\(expected) vs \(actual)")
            #expect(difference.cause == "json.number-spelling-only", "\(expected) vs \(actual)")
            #expect(difference.children.first?.cause == "json.number-spelling")
            #expect(difference.children.first?.location == "$[0]")
            #expect(difference.children.first?.expected == expected)
            #expect(compare("[\(expected)]", "[\(actual)]", accepting: [.numberSpelling]) == nil)
        }
        // Different values are never a spelling difference, even where a Double could not tell them apart.
        let different: [(String, String)] = [
            ("0.1", "0.10000000000000001"), ("1", "-1"), ("1e2", "1e3"), ("9007199254740993", "9007199254740992"),
        ]
        for (expected, actual) in different {
            let difference = try #require(compare("[\(expected)]", "[\(actual)]"))
            #expect(difference.cause == nil, "\(expected) vs \(actual)")
            #expect(difference.children.first?.cause == nil)
            #expect(difference.children.first?.summary == "the number differs")
            #expect(compare("[\(expected)]", "[\(actual)]", accepting: [.numberSpelling]) != nil)
        }
    }

    @Test func spellingAndAnotherChangeIsNotSpellingOnly() throws {
        let difference = try #require(compare(#"[1.0, "a"]"#, #"[1, "b"]"#))
        #expect(difference.cause == nil)
        #expect(difference.children.map(\.cause) == ["json.number-spelling", nil])
    }

    @Test func namesTypeChangesAndMembersAddedAndRemoved() throws {
        let difference = try #require(
            compare(#"{"n":1,"gone":true,"list":[1,2]}"#, #"{"n":"1","list":[1],"new":null}"#))
        #expect(difference.children.map(\.location) == ["$.n", "$.gone", "$.list[1]", "$.new"])
        #expect(
            difference.children.map(\.cause) == [
                "json.type-changed", "json.member-removed", "json.element-removed", "json.member-added",
            ])
        #expect(difference.children[0].summary == "the value changed from a number to a string")
        #expect(difference.children[0].actual == #""1""#)
        let longer = try #require(compare("[1]", "[1,{\"a\":2}]"))
        #expect(longer.children.map(\.cause) == ["json.element-added"])
        #expect(longer.children.first?.actual == #"{"a":2}"#)
    }

    @Test func stringsCompareByScalars() throws {
        let difference = try #require(compare(#"["caf\u00e9"]"#, #"["cafe\u0301"]"#))
        #expect(difference.children.first?.summary == "the string differs")
        // Keys, too: an NFC and an NFD key are different members.
        let keys = try #require(compare(#"{"caf\u00e9":1}"#, #"{"cafe\u0301":1}"#))
        #expect(keys.children.map(\.cause) == ["json.member-removed", "json.member-added"])
    }

    @Test func anInvalidSideIsADifferenceNamingTheSideAndPlace() throws {
        let actualBad = try #require(compare("[1]", "[1,\n 2,]"))
        #expect(actualBad.cause == "json.invalid-actual")
        #expect(actualBad.location == "line 2, column 4")
        #expect(
            actualBad.summary
                == "the actual side is not valid JSON: line 2, column 4 (byte 7 (0x7)): a comma must be followed by another element, not by ']' [json.trailing-comma]"
        )
        let expectedBad = try #require(compare("{", "{}"))
        #expect(expectedBad.cause == "json.invalid-expected")
        let bothBad = try #require(compare("{", "["))
        #expect(bothBad.children.map(\.cause) == ["json.invalid-expected", "json.invalid-actual"])
    }
}
