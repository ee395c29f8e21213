/// A JSON value as written: objects keep their members' order and numbers keep their spelling.
///
/// The comparator needs both to say "order only" and "spelled differently", which a decoder into
/// dictionaries and doubles would have erased. Strings and keys compare by Unicode scalars.
public indirect enum JSONValue: Hashable, Sendable {
    /// An object's members, in the order they were written (keys are unique: the parser rejects repeats).
    case object([JSONMember])
    /// An array's elements, in order.
    case array([JSONValue])
    /// A string, unescaped.
    case string(String)
    /// A number, as written.
    case number(JSONNumber)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The name of the value's type, as messages say it: `object`, `array`, `string`, `number`, `boolean`, `null`.
    public var typeName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// The value as compact JSON text (numbers as written, keys in order, non-ASCII kept as is).
    public var compactText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += JSONValue.quoted(member.key)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .string(let string): text += JSONValue.quoted(string)
        case .number(let number): text += number.text
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        }
    }

    /// `string` as a JSON string literal.
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let digits = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}

/// One member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    /// The member's key, unescaped.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
