import TestSupport

/// Pairs of JSON documents for differential tests: one value written two ways, and about half the time changed.
///
/// The two ways differ in whitespace, in which characters are escaped (`\u00e9` for `é`, a surrogate
/// pair for `😀`, `\/` for `/`), in member order, and, when asked, in number spelling (`1`, `1.0`,
/// `10e-1`) and by a repeated key. Keys and strings are drawn from lists chosen to trip byte-wise
/// shortcuts: keys equal in their first eight bytes, a key that is another plus U+0000, precomposed
/// and decomposed `é`, the empty key.
enum JSONPairGenerator {
    /// A value as the generator builds it: numbers are kept as an index into a family of equal spellings.
    indirect enum Value {
        case object([(key: String, value: Value)])
        case array([Value])
        case string(String)
        case number(family: Int)
        case literal(String)
    }

    static let keys = [
        "a", "b", "", "\u{0}", "a\u{0}", "abcdefgh", "abcdefghX", "abcdefghY", "abcdefg", "\u{E9}", "e\u{301}", "key_1",
        "key_10",
        "日本", "😀", "a/b", "x\"y", "tab\t", "\u{7F}", "Åbenrå", "zzzzzzzzzzzz", "AbCdEfGhIj",
    ]
    static let strings = [
        "", "a", "\u{E9}", "e\u{301}", "日本語", "😀 and 𝄞", "a/b", "say \"hi\"", "back\\slash", "line\nbreak\ttab",
        "\u{0}", "\u{1F}",
        "abcdefgh", "abcdefghi", "\u{2028}", "plain words here",
    ]
    /// Families of spellings of one exact decimal value; distinct families have distinct values.
    static let numberFamilies: [[String]] = [
        ["1", "1.0", "1e0", "10e-1", "0.1e1", "1E+0"], ["0", "-0", "0.0", "0e5", "-0.0E-3"],
        ["100", "1e2", "1E2", "100.00"],
        ["123456789012345678901234567890", "1.2345678901234567890123456789e29"], ["0.5", "5e-1", "50E-2"],
        ["-3.25", "-325e-2"],
        ["1e400", "10e399"], ["9007199254740993"], ["0.1"], ["0.10000000000000001"], ["-17"], ["2.75", "275e-2"],
    ]
    /// Families whose values Python's floats and integers tell apart (for the Python oracle).
    static let pythonFamilies = [0, 1, 2, 3, 4, 5, 8, 10, 11]

    static func pair(
        using generator: inout SeededGenerator, spellingVariants: Bool, repeatedKeys: Bool
    ) -> (expected: [UInt8], actual: [UInt8]) {
        let families = spellingVariants ? Array(numberFamilies.indices) : pythonFamilies
        let value = makeValue(depth: 0, families: families, using: &generator)
        var changed = value
        if Bool.random(using: &generator) {
            changed = mutate(value, families: families, using: &generator)
        }
        let reorder = Int.random(in: 0..<3, using: &generator) > 0
        var repeatIn: Int? = nil
        if repeatedKeys && Int.random(in: 0..<8, using: &generator) == 0 {
            repeatIn = Int.random(in: 0..<2, using: &generator)
        }
        var expected = "", actual = ""
        write(value, to: &expected, reorder: false, spellings: false, repeatKey: repeatIn == 0, using: &generator)
        let respell = spellingVariants && Bool.random(using: &generator)
        write(changed, to: &actual, reorder: reorder, spellings: respell, repeatKey: repeatIn == 1, using: &generator)
        return (Array(expected.utf8), Array(actual.utf8))
    }

    private static func makeValue(depth: Int, families: [Int], using generator: inout SeededGenerator) -> Value {
        let kind = depth == 0 ? 0 : Int.random(in: depth < 4 ? 0..<8 : 2..<5, using: &generator)
        switch kind {
        case 0, 5:
            var members: [(key: String, value: Value)] = []
            for key in keys.shuffled(using: &generator).prefix(
                Int.random(in: 0...(depth == 0 ? 12 : 5), using: &generator))
            {
                members.append((key, makeValue(depth: depth + 1, families: families, using: &generator)))
            }
            return .object(members)
        case 1, 6:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    makeValue(depth: depth + 1, families: families, using: &generator)
                })
        case 2:
            return .string(strings.randomElement(using: &generator) ?? "")
        case 3, 7:
            return .number(family: families.randomElement(using: &generator) ?? 0)
        default:
            return .literal(["true", "false", "null"].randomElement(using: &generator) ?? "null")
        }
    }

    /// The value with one change somewhere: a scalar replaced, a member or element added or removed.
    private static func mutate(_ value: Value, families: [Int], using generator: inout SeededGenerator) -> Value {
        switch value {
        case .object(var members):
            if !members.isEmpty && Int.random(in: 0..<4, using: &generator) > 0 {
                let position = Int.random(in: 0..<members.count, using: &generator)
                members[position].value = mutate(members[position].value, families: families, using: &generator)
            } else if !members.isEmpty && Bool.random(using: &generator) {
                members.remove(at: Int.random(in: 0..<members.count, using: &generator))
            } else if let key = keys.first(where: { key in !members.contains { $0.key == key } }) {
                members.append((key, .literal("null")))
            }
            return .object(members)
        case .array(var elements):
            if !elements.isEmpty && Int.random(in: 0..<4, using: &generator) > 0 {
                let position = Int.random(in: 0..<elements.count, using: &generator)
                elements[position] = mutate(elements[position], families: families, using: &generator)
            } else if !elements.isEmpty && Bool.random(using: &generator) {
                elements.removeLast()
            } else {
                elements.append(.literal("true"))
            }
            return .array(elements)
        case .string(let string):
            return .string(strings.first { $0 != string } ?? "x")
        case .number(let family):
            return Bool.random(using: &generator) ? .string("1") : .number(family: families.first { $0 != family } ?? 0)
        case .literal(let literal):
            return literal == "null" ? .string("null") : .literal(literal == "true" ? "false" : "null")
        }
    }

    private static func write(
        _ value: Value, to text: inout String, reorder: Bool, spellings: Bool, repeatKey: Bool,
        using generator: inout SeededGenerator
    ) {
        let space = ["", "", " ", "\n  ", "\t", "\r\n"].randomElement(using: &generator) ?? ""
        switch value {
        case .object(let members):
            var order = Array(members.indices)
            if reorder { order.shuffle(using: &generator) }
            if repeatKey, let first = order.first { order.append(first) }
            text += "{" + space
            for (position, index) in order.enumerated() {
                if position > 0 { text += "," + space }
                writeString(members[index].key, to: &text, using: &generator)
                text += space + ":" + space
                write(
                    members[index].value, to: &text, reorder: reorder, spellings: spellings, repeatKey: false,
                    using: &generator)
            }
            text += space + "}"
        case .array(let elements):
            text += "[" + space
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," + space }
                write(element, to: &text, reorder: reorder, spellings: spellings, repeatKey: false, using: &generator)
            }
            text += space + "]"
        case .string(let string):
            writeString(string, to: &text, using: &generator)
        case .number(let family):
            let spellingsOfValue = numberFamilies[family]
            text +=
                spellings
                ? spellingsOfValue.randomElement(using: &generator) ?? spellingsOfValue[0] : spellingsOfValue[0]
        case .literal(let literal):
            text += literal
        }
    }

    /// A JSON string literal escaping what must be escaped, and some other characters at random.
    private static func writeString(_ string: String, to text: inout String, using generator: inout SeededGenerator) {
        text += "\""
        for scalar in string.unicodeScalars {
            let escapes = Int.random(in: 0..<3, using: &generator) == 0
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += escapes ? "\\u005C" : "\\\\"
            case "/": text += escapes ? "\\/" : "/"
            case "\n": text += escapes ? "\\u000a" : "\\n"
            case "\t": text += escapes ? "\\u0009" : "\\t"
            default:
                if scalar.value < 0x20 || escapes {
                    text += unicodeEscapes(scalar.value)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    private static func unicodeEscapes(_ value: UInt32) -> String {
        func quad(_ unit: UInt32) -> String {
            let digits = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        guard value >= 0x10000 else { return quad(value) }
        let offset = value - 0x10000
        return quad(0xD800 + (offset >> 10)) + quad(0xDC00 + (offset & 0x3FF))
    }
}
