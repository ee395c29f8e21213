import Foundation

/// Writes a `JSONValue` exactly as swift-foundation's `JSONEncoder` lays out its output.
///
/// The rules, read from swift-foundation's `JSONWriter.swift` and checked against the `JSONEncoder`
/// of Swift 6.3.1 on Linux for all eight styles:
/// - compact: no whitespace at all; pretty: a newline after `[` and `{`, two spaces per level,
///   `",\n"` between items, `"key" : value` (a space on each side of the colon), the closing bracket
///   on its own line at the parent's indentation, and nothing after the last bracket;
/// - an empty array or object is `[]`/`{}` when compact, but `"[\n\n"` + indentation + `"]"` when
///   pretty (the encoder opens the line and closes it with nothing between);
/// - strings: `"` and `\` are escaped; `/` becomes `\/` unless `withoutEscapingSlashes`; U+0008, U+000C,
///   LF, CR and tab become `\b \f \n \r \t`; the other C0 controls become `\u00XX` with lowercase hex;
///   DEL and everything outside ASCII are written raw as UTF-8;
/// - `sortedKeys` orders members by the UTF-8 bytes of their keys (`B` < `_` < `a` < `a10` < `a2` < `é`);
///   otherwise members are written in the value's order;
/// - numbers are written exactly as the value holds them (`JSONNumber.text`).
///
/// The writer keeps its own stack of open containers, so any depth of value is written without recursion.
public enum JSONWriter {
    /// The bytes of `value` in `style`.
    public static func write(_ value: JSONValue, style: JSONWritingStyle) -> Data {
        var output: [UInt8] = []
        var stack: [OpenContainer] = []
        var next: JSONValue? = value
        while true {
            if let current = next {
                next = nil
                switch current {
                case .array(let elements) where !elements.isEmpty:
                    output.append(UInt8(ascii: "["))
                    stack.append(OpenContainer(elements: elements, members: []))
                case .object(let members) where !members.isEmpty:
                    output.append(UInt8(ascii: "{"))
                    let ordered = style.sortedKeys ? members.sorted { keyPrecedes($0.key, $1.key) } : members
                    stack.append(OpenContainer(elements: [], members: ordered))
                case .array:
                    writeEmpty(
                        open: UInt8(ascii: "["), close: UInt8(ascii: "]"), to: &output, level: stack.count, style: style
                    )
                case .object:
                    writeEmpty(
                        open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), to: &output, level: stack.count, style: style
                    )
                case .string(let string):
                    writeString(string, to: &output, escapingSlashes: !style.withoutEscapingSlashes)
                case .number(let number):
                    output.append(contentsOf: number.text.utf8)
                case .bool(let flag):
                    output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .null:
                    output.append(contentsOf: "null".utf8)
                }
            }
            guard let top = stack.indices.last else { break }
            let position = stack[top].position
            if position < stack[top].count {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if style.prettyPrinted {
                    output.append(0x0A)
                    indent(&output, level: stack.count)
                }
                if stack[top].isObject {
                    let member = stack[top].members[position]
                    writeString(member.key, to: &output, escapingSlashes: !style.withoutEscapingSlashes)
                    output.append(contentsOf: style.prettyPrinted ? Array(" : ".utf8) : [UInt8(ascii: ":")])
                    next = member.value
                } else {
                    next = stack[top].elements[position]
                }
                stack[top].position += 1
            } else {
                let closed = stack.removeLast()
                if style.prettyPrinted {
                    output.append(0x0A)
                    indent(&output, level: stack.count)
                }
                output.append(closed.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            }
        }
        return Data(output)
    }

    /// Whether `left` sorts before `right` under `.sortedKeys`: by UTF-8 bytes, as swift-foundation sorts.
    public static func keyPrecedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    private struct OpenContainer {
        var elements: [JSONValue]
        var members: [JSONMember]
        var position = 0
        var isObject: Bool { !members.isEmpty }
        var count: Int { isObject ? members.count : elements.count }
    }

    private static func indent(_ output: inout [UInt8], level: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    private static func writeEmpty(
        open: UInt8, close: UInt8, to output: inout [UInt8], level: Int, style: JSONWritingStyle
    ) {
        output.append(open)
        if style.prettyPrinted {
            output.append(contentsOf: [0x0A, 0x0A])
            indent(&output, level: level)
        }
        output.append(close)
    }

    private static func writeString(_ string: String, to output: inout [UInt8], escapingSlashes: Bool) {
        JSONStringEscaper.append(string, to: &output, escapingSlashes: escapingSlashes)
    }
}
