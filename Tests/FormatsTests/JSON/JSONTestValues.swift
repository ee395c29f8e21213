import Comparison
import Formats
import Foundation
import TestSupport

/// Random JSON values whose strings and keys hold what the writer must escape or sort carefully.
enum JSONTestValues {
    static let keyPalette = [
        "a", "a2", "a10", "B", "_", "Z", "é", "e\u{301}", "😀", "～", "", "a/b", "line\nbreak", "tab\t", "\u{1F}",
        "quote\"", "back\\slash", "id", "title", "items",
    ]
    static let scalarPalette: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "/", "\"", "\\", "\u{0}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1B}", "\u{1F}",
        "\u{7F}", "é", "\u{301}", "€", "\u{2028}", "😀", "\u{FEFF}", "<", "&",
    ]

    static func string(using generator: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            scalars.append(scalarPalette.randomElement(using: &generator) ?? "a")
        }
        return String(scalars)
    }

    static func number(using generator: inout SeededGenerator) -> JSONNumber? {
        let spellings = [
            "0", "-0", "1", "-17", "3.5", "0.1", "1e+20", "1e-07", "123456789", "2.5e-05", "9007199254740993", "-1.25",
        ]
        return JSONNumber(spellings.randomElement(using: &generator) ?? "0")
    }

    /// A value at most `depth` containers deep.
    static func value(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &generator)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return number(using: &generator).map(JSONValue.number) ?? .null
        case 3, 4: return .string(string(using: &generator))
        case 5:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth - 1, using: &generator) })
        default:
            var members: [JSONMember] = []
            var seen: Set<[UInt8]> = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let key =
                    Bool.random(using: &generator)
                    ? (keyPalette.randomElement(using: &generator) ?? "k") : string(using: &generator)
                guard seen.insert(Array(key.utf8)).inserted else { continue }
                members.append(JSONMember(key: key, value: value(depth: depth - 1, using: &generator)))
            }
            return .object(members)
        }
    }

    /// `value` with every object's members shuffled.
    static func shuffled(_ value: JSONValue, using generator: inout SeededGenerator) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { JSONMember(key: $0.key, value: shuffled($0.value, using: &generator)) }.shuffled(
                    using: &generator))
        case .array(let elements):
            return .array(elements.map { shuffled($0, using: &generator) })
        default:
            return value
        }
    }
}

/// A `JSONValue` as an `Encodable`, so that Foundation's `JSONEncoder` can write it as an oracle.
///
/// Numbers go through `Int` or `Double`, so the encoder spells them its own way; tests compare
/// against the value parsed back from the encoder's output.
struct EncodableJSON: Encodable {
    let value: JSONValue

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for member in members {
                try container.encode(EncodableJSON(value: member.value), forKey: Key(stringValue: member.key))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(EncodableJSON(value: element)) }
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let integer = Int(number.text) {
                try container.encode(integer)
            } else {
                try container.encode(Double(number.text) ?? 0)
            }
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}
