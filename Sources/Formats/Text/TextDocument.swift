/// A text document as the text codecs hold it: the characters, and exactly how they were stored.
///
/// `text` keeps line endings as written (CRLF, CR, LF, mixed: each line keeps its own), so an
/// unchanged document re-encodes byte for byte; `encoding` and `hasByteOrderMark` say how the bytes
/// were stored. Converters that make text build it with `init(text:)` (UTF-8, no byte-order mark).
///
/// Two documents are equal when they hold the same Unicode scalars (not merely canonically
/// equivalent text, which would re-encode to other bytes) stored the same way. A text that starts
/// with U+FEFF, stored without a mark, writes the same bytes as the text after it stored with one;
/// read back, those bytes give the second form (a mark is what the bytes show).
public struct TextDocument: Sendable, Hashable {
    /// The characters, line endings included as written.
    public var text: String
    /// The encoding the bytes are (or will be) stored in.
    public var encoding: TextEncoding
    /// Whether the bytes start with the encoding's byte-order mark (ignored by encodings without one).
    public var hasByteOrderMark: Bool
    /// How many invalid byte sequences were replaced by U+FFFD when it was read with replacement
    /// asked for (0 otherwise); what was read, not what is stored, so it does not take part in equality.
    public var replacedSequenceCount: Int = 0

    /// UTF-8 text without a byte-order mark, line endings exactly as in `text`.
    public init(text: String) {
        self.init(text: text, encoding: .utf8, hasByteOrderMark: false)
    }

    /// Text stored in `encoding`, with or without its byte-order mark.
    public init(text: String, encoding: TextEncoding, hasByteOrderMark: Bool) {
        self.text = text
        self.encoding = encoding
        self.hasByteOrderMark = hasByteOrderMark
    }

    /// The line endings `text` uses: `lf`, `crlf`, `cr`, `mixed` or `none`.
    public var lineEndingStyle: LineEndingStyle { LineEndingStyle.of(text) }

    /// Whether `text` ends with a line ending.
    public var hasTrailingNewline: Bool {
        guard let last = text.utf8.last else { return false }
        return last == 0x0A || last == 0x0D
    }

    public static func == (lhs: TextDocument, rhs: TextDocument) -> Bool {
        lhs.encoding == rhs.encoding && lhs.hasByteOrderMark == rhs.hasByteOrderMark
            && lhs.text.hasSameUTF8(as: rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(encoding)
        hasher.combine(hasByteOrderMark)
        hasher.combine(text.utf8.count)
        for byte in text.utf8.prefix(64) { hasher.combine(byte) }
    }
}

/// The line endings of a text: one style throughout, several, or none at all.
public enum LineEndingStyle: String, Sendable, Hashable, CaseIterable {
    /// Every line ends with LF (Unix, modern macOS).
    case lf
    /// Every line ends with CR LF (Windows, internet protocols).
    case crlf
    /// Every line ends with CR (classic Mac OS).
    case cr
    /// More than one of the three.
    case mixed
    /// No line ending at all.
    case none

    /// The style of `text`; a CR followed by LF counts as one CRLF.
    public static func of(_ text: String) -> LineEndingStyle {
        var counts = LineEndingCounts()
        counts.count(text)
        return counts.style
    }
}

/// How many line endings of each kind a text has.
struct LineEndingCounts {
    var lf = 0, crlf = 0, cr = 0

    mutating func count(_ text: String) {
        var afterCR = false
        for byte in text.utf8 {
            if byte == 0x0A {
                if afterCR {
                    crlf += 1
                    cr -= 1
                } else {
                    lf += 1
                }
                afterCR = false
            } else {
                afterCR = byte == 0x0D
                if afterCR { cr += 1 }
            }
        }
    }

    var total: Int { lf + crlf + cr }

    var style: LineEndingStyle {
        switch (lf > 0, crlf > 0, cr > 0) {
        case (false, false, false): .none
        case (true, false, false): .lf
        case (false, true, false): .crlf
        case (false, false, true): .cr
        default: .mixed
        }
    }
}

extension TextDocument: CustomReflectable {
    /// What `docmigrate inspect` shows: the text, how it is stored, and its line-ending style and trailing newline.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "text": text, "encoding": encoding.name, "hasByteOrderMark": hasByteOrderMark,
                "lineEndingStyle": lineEndingStyle.rawValue, "hasTrailingNewline": hasTrailingNewline,
                "replacedSequenceCount": replacedSequenceCount,
            ], displayStyle: .struct)
    }
}
