import Diagnostics
import Foundation

extension SnapshotTree {
    /// The tree as indented text, one value per line, like `plutil -p` but with types and a fixed order.
    ///
    /// Nesting adds two spaces. A struct or class is `Type {` … `}` with `name: value` lines; an array is
    /// `[` … `]` with `index: value` lines; a set is `Set [` … `]`; a dictionary is `{` … `}` with
    /// `key => value` lines (the key on one line); an enum case is `Type.case` or `Type.case(` … `)`. Strings
    /// are quoted, with `\"`, `\\`, `\n`, `\r`, `\t`, `\0` and `\u{…}` for every other invisible scalar (controls,
    /// format characters, separators other than the space, private-use and unassigned scalars). Numbers are
    /// bare, `true`, `false` and `null` too; the rest read `Data(14 bytes, SHA-256 …, 48656c…)`,
    /// `Date(2001-01-01T00:00:00.000Z)`, `UUID(…)`, `URL(…)`, `<opaque: Type>`, `<cycle: Type>` and
    /// `<depth limit: Type>`. The text ends with a newline.
    public func text() -> String {
        var lines: [String] = []
        appendLines(label: "", indentation: "", to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tree on one line: the form dictionary keys take, and the one sets and dictionaries are sorted by.
    public func compactText() -> String {
        switch self {
        case .array(let elements):
            return "[" + elements.map { $0.compactText() }.joined(separator: ", ") + "]"
        case .set(let elements):
            return "Set [" + elements.map { $0.compactText() }.joined(separator: ", ") + "]"
        case .dictionary(let entries):
            return "{" + entries.map { $0.key.compactText() + " => " + $0.value.compactText() }.joined(separator: ", ")
                + "}"
        case .object(let typeName, let fields):
            return fields.isEmpty ? typeName + " {}" : typeName + " { " + Self.compact(fields) + " }"
        case .enumeration(let typeName, let caseName, let fields):
            return fields.isEmpty
                ? typeName + "." + caseName : typeName + "." + caseName + "(" + Self.compact(fields) + ")"
        default:
            return scalarText
        }
    }

    /// Appends this value's lines: the first starts with `indentation` and `label`, nested ones indent further.
    func appendLines(label: String, indentation: String, to lines: inout [String]) {
        let head = indentation + label
        let inner = indentation + "  "
        switch self {
        case .array(let elements) where !elements.isEmpty:
            lines.append(head + "[")
            for (index, element) in elements.enumerated() {
                element.appendLines(label: "\(index): ", indentation: inner, to: &lines)
            }
            lines.append(indentation + "]")
        case .set(let elements) where !elements.isEmpty:
            lines.append(head + "Set [")
            for element in elements {
                element.appendLines(label: "", indentation: inner, to: &lines)
            }
            lines.append(indentation + "]")
        case .dictionary(let entries) where !entries.isEmpty:
            lines.append(head + "{")
            for entry in entries {
                entry.value.appendLines(label: entry.key.compactText() + " => ", indentation: inner, to: &lines)
            }
            lines.append(indentation + "}")
        case .object(let typeName, let fields) where !fields.isEmpty:
            lines.append(head + typeName + " {")
            for field in fields {
                field.value.appendLines(label: field.name + ": ", indentation: inner, to: &lines)
            }
            lines.append(indentation + "}")
        case .enumeration(let typeName, let caseName, let fields) where !fields.isEmpty:
            lines.append(head + typeName + "." + caseName + "(")
            for field in fields {
                field.value.appendLines(label: field.name + ": ", indentation: inner, to: &lines)
            }
            lines.append(indentation + ")")
        default:
            lines.append(head + compactText())
        }
    }

    private static func compact(_ fields: [Field]) -> String {
        fields.map { $0.name + ": " + $0.value.compactText() }.joined(separator: ", ")
    }

    /// The one-line form of a value without children (and of empty containers).
    private var scalarText: String {
        switch self {
        case .string(let string): return Self.quoted(string)
        case .number(let number): return number
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        case .data(let summary):
            var text = "Data(\(summary.byteCount) byte\(summary.byteCount == 1 ? "" : "s"), SHA-256 \(summary.sha256)"
            if !summary.prefix.isEmpty {
                text += ", " + summary.prefix + (summary.byteCount > DataSummary.prefixByteCount ? "…" : "")
            }
            return text + ")"
        case .date(let date): return "Date(\(Self.iso8601(date)))"
        case .uuid(let uuid): return "UUID(\(uuid.uuidString))"
        case .url(let url): return "URL(\(url))"
        case .array: return "[]"
        case .set: return "Set []"
        case .dictionary: return "{}"
        case .object(let typeName, _): return typeName + " {}"
        case .enumeration(let typeName, let caseName, _): return typeName + "." + caseName
        case .opaque(let typeName): return "<opaque: \(typeName)>"
        case .cycle(let typeName): return "<cycle: \(typeName)>"
        case .truncated(let typeName): return "<depth limit: \(typeName)>"
        }
    }

    /// A date in ISO 8601, UTC, with milliseconds: the same text on every machine and in every time zone.
    static func iso8601(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// `string` in double quotes, with the escapes ``text()`` lists.
    public static func quoted(_ string: String) -> String {
        let escaped = string.escapingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\0": "\\0"
            default: isInvisible(scalar) ? "\\u{" + String(scalar.value, radix: 16) + "}" : nil
            }
        }
        return "\"" + escaped + "\""
    }

    /// Whether a scalar would not show, or not show as itself: controls, format and private-use
    /// characters, separators other than the space, and scalars Unicode has not assigned.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        case .spaceSeparator: scalar != " "
        default: false
        }
    }
}
