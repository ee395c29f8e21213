/// Renders a `Difference` tree as indented text for people, capping long lists of children.
///
/// Each node is one line, `location: summary [cause]`, followed by its expected and actual lines, its
/// hex window for a byte difference, and its children indented by two spaces. A list of more than
/// `childLimit` children shows the first ones and a final `… N more differences` line; the JSON report
/// (`Difference` is `Codable`) always holds the whole tree. The output depends on the tree alone.
public struct DifferenceRenderer: Sendable {
    /// The most children shown under one node.
    public var childLimit: Int

    public init(childLimit: Int = 20) {
        precondition(childLimit > 0, "DifferenceRenderer needs a positive child limit")
        self.childLimit = childLimit
    }

    /// The tree as text lines joined by newlines, ending with a newline.
    public func render(_ difference: Difference) -> String {
        var lines: [String] = []
        append(difference, indent: "", to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private func append(_ node: Difference, indent: String, to lines: inout [String]) {
        var head = node.location.isEmpty ? node.summary : "\(node.location): \(node.summary)"
        if let cause = node.cause { head += " [\(cause)]" }
        lines.append(indent + head)
        let detail = indent + "    "
        if let expected = node.expected { lines.append(detail + "expected: " + expected) }
        if let actual = node.actual { lines.append(detail + "actual:   " + actual) }
        if let evidence = node.bytes {
            lines.append(detail + "expected: \(evidence.expectedLength) bytes, SHA-256 \(evidence.expectedSHA256)")
            lines.append(detail + "actual:   \(evidence.actualLength) bytes, SHA-256 \(evidence.actualSHA256)")
            lines.append(
                detail + "expected "
                    + Self.hexLine(evidence.expectedWindow, start: evidence.windowStart, marked: evidence.offset))
            lines.append(
                detail + "actual   "
                    + Self.hexLine(evidence.actualWindow, start: evidence.windowStart, marked: evidence.offset))
        }
        for child in node.children.prefix(childLimit) {
            append(child, indent: indent + "  ", to: &lines)
        }
        if node.children.count > childLimit {
            let more = node.children.count - childLimit
            lines.append(indent + "  … \(more) more difference\(more == 1 ? "" : "s")")
        }
    }

    /// `0x000001f0  48 65 6c[6c]6f  |Hel.lo|`: offset, hex bytes with the first differing one bracketed, ASCII.
    static func hexLine(_ hex: String, start: Int, marked: Int) -> String {
        let digits = Array(hex.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < digits.count {
            bytes.append(UInt8(hexDigit(digits[index]) << 4 | hexDigit(digits[index + 1])))
            index += 2
        }
        let offsetDigits = String(start, radix: 16)
        var line = "0x" + String(repeating: "0", count: max(0, 8 - offsetDigits.count)) + offsetDigits + " "
        for (position, byte) in bytes.enumerated() {
            let isMarked = start + position == marked
            let previousMarked = start + position - 1 == marked
            line += isMarked ? "[" : (previousMarked ? "]" : " ")
            line += (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
        }
        if start + bytes.count - 1 == marked { line += "]" }
        if bytes.isEmpty { line += " (no bytes here)" }
        line +=
            "  |" + String(decoding: bytes.map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
            + "|"
        return line
    }

    private static func hexDigit(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: 0
        }
    }
}
