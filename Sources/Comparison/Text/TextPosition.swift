/// Lines and columns in a sequence of scalars: lines split at LF, CRLF and CR; both 1-based; columns in scalars.
struct TextPosition {
    var line: Int
    var column: Int
    /// Where the line holding the difference starts on each side.
    var expectedLineStart: Int
    var actualLineStart: Int

    /// The position of the first differing scalar, or nil when the sequences are equal.
    static func firstDifference(_ expected: [Unicode.Scalar], _ actual: [Unicode.Scalar]) -> TextPosition? {
        var index = 0
        let common = min(expected.count, actual.count)
        while index < common && expected[index] == actual[index] { index += 1 }
        if index == common && expected.count == actual.count { return nil }
        var line = 1
        var lineStart = 0
        var cursor = 0
        while cursor < index {
            if expected[cursor] == "\n"
                || (expected[cursor] == "\r" && !(cursor + 1 < expected.count && expected[cursor + 1] == "\n"))
            {
                line += 1
                lineStart = cursor + 1
            }
            cursor += 1
        }
        return TextPosition(
            line: line, column: index - lineStart + 1, expectedLineStart: lineStart, actualLineStart: lineStart)
    }

    /// The number of line breaks (LF, CRLF or CR) at the very end.
    static func finalLineBreakCount(_ text: [Unicode.Scalar]) -> Int {
        var count = 0
        var end = text.count
        while end > 0 {
            if text[end - 1] == "\n" {
                end -= 1
                if end > 0 && text[end - 1] == "\r" { end -= 1 }
            } else if text[end - 1] == "\r" {
                end -= 1
            } else {
                break
            }
            count += 1
        }
        return count
    }

    /// The line starting at `start`, with its ending, quoted with escapes; long lines are cut around `column`.
    static func excerpt(_ text: [Unicode.Scalar], line start: Int, column: Int, width: Int = 72) -> String {
        var end = start
        while end < text.count && text[end] != "\n" && text[end] != "\r" { end += 1 }
        if end < text.count {
            end += text[end] == "\r" && end + 1 < text.count && text[end + 1] == "\n" ? 2 : 1
        }
        var from = start
        var to = end
        if to - from > width {
            from = max(start, start + column - 1 - width / 2)
            to = min(end, from + width)
        }
        var quoted = from > start ? "…\"" : "\""
        for scalar in text[from..<to] { quoted += QuotedText.escape(scalar) }
        quoted += to < end ? "\"…" : "\""
        return quoted
    }
}

/// Quoting for reports: control characters, marks and invisible scalars are shown as escapes.
enum QuotedText {
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\"": return "\\\""
        case "\\": return "\\\\"
        default:
            let value = scalar.value
            let invisible =
                value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFEFF || (0x200B...0x200F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2060...0x2064).contains(value)
            // Combining marks are shown as escapes so that a normalisation change is visible.
            let combining = scalar.properties.canonicalCombiningClass.rawValue != 0
            if invisible || combining {
                return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            }
            return String(scalar)
        }
    }

    static func quote(_ text: String) -> String {
        "\"" + text.unicodeScalars.map(escape).joined() + "\""
    }
}
