/// A JSON value as written: objects keep their members' order and numbers keep their spelling.
///
/// The comparator needs both to say "order only" and "spelled differently", which a decoder into
/// dictionaries and doubles would have erased. Strings and keys compare by Unicode scalars, not by
/// `String ==` (canonical equivalence), so an edit from a precomposed `é` to `e` + U+0301 is a change.
/// Numbers compare by spelling (`1.0` is not `1` here; `JSONNumber.hasSameValue(as:)` compares values).
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

    /// Equal when of the same type and equal by scalars, spelling, order and element, recursively.
    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.object(let leftMembers), .object(let rightMembers)): leftMembers == rightMembers
        case (.array(let leftElements), .array(let rightElements)): leftElements == rightElements
        case (.string(let leftString), .string(let rightString)): leftString.utf8.elementsEqual(rightString.utf8)
        case (.number(let leftNumber), .number(let rightNumber)): leftNumber == rightNumber
        case (.bool(let leftFlag), .bool(let rightFlag)): leftFlag == rightFlag
        case (.null, .null): true
        default: false
        }
    }

    /// Hashes what `==` compares: strings by their UTF-8, numbers by spelling.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            hasher.combine(members)
        case .array(let elements):
            hasher.combine(1)
            hasher.combine(elements)
        case .string(let string):
            hasher.combine(2)
            JSONValue.hashScalars(of: string, into: &hasher)
        case .number(let number):
            hasher.combine(3)
            hasher.combine(number)
        case .bool(let flag):
            hasher.combine(4)
            hasher.combine(flag)
        case .null: hasher.combine(5)
        }
    }

    static func hashScalars(of string: String, into hasher: inout Hasher) {
        hasher.combine(string.utf8.count)
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            // The same bytes fed the same way, so that equal strings hash alike however they are stored.
            Array(string.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

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
                text += JSONStringEscaper.quoted(member.key)
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
        case .string(let string): text += JSONStringEscaper.quoted(string)
        case .number(let number): text += number.text
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        }
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

    /// Equal when the keys have the same scalars and the values are equal.
    public static func == (left: JSONMember, right: JSONMember) -> Bool {
        left.key.utf8.elementsEqual(right.key.utf8) && left.value == right.value
    }

    /// Hashes the key's UTF-8 and the value.
    public func hash(into hasher: inout Hasher) {
        JSONValue.hashScalars(of: key, into: &hasher)
        hasher.combine(value)
    }
}
