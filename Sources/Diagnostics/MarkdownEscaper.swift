/// The one way docmigrate escapes text for (GitHub-flavoured) CommonMark, in each context it writes.
///
/// Two kinds of writer need it. Reports put untrusted names and messages in table cells and list
/// items (``inline(_:)``, ``code(_:)``, ``fenced(_:indent:)``): there everything that could start
/// markup is escaped wherever it stands, line breaks become spaces, and controls become the visible
/// ``VisibleScalar`` notation `[U+001B]` (C0, DEL and C1), since GitHub drops or mangles them.
/// Converted documents (``prose(_:atLineStart:)``, ``linkDestination(_:)``) should read as their
/// author wrote them, so there a character is escaped only where Markdown would read it as syntax, and
/// every other character, control characters included, is the document's own text.
package enum MarkdownEscaper {
    /// `text` as inline Markdown that shows literally: punctuation that could start markup is
    /// backslash-escaped, and line breaks (which would end a table row or list item) become spaces.
    package static func inline(_ text: String) -> String {
        text.escapingScalars { scalar in
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "!", "~", "&": "\\" + String(scalar)
            case "\n", "\r", "\t": " "
            default: visible(scalar)
            }
        }
    }

    /// `text` inside a code span of one backtick: backticks cannot be escaped there, so they become `'`.
    package static func code(_ text: String) -> String {
        text.escapingScalars { scalar in
            switch scalar {
            case "`": "'"
            case "\n", "\r", "\t": " "
            default: visible(scalar)
            }
        }
    }

    /// `text` in a fenced block whose fence is longer than any run of backticks inside, so nothing ends it early.
    package static func fenced(_ text: String, indent: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        var body = text.escapingScalars { $0 == "\n" || $0 == "\t" ? nil : visible($0) }
        if !body.hasSuffix("\n") { body += "\n" }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return indent + fence + "text\n" + lines.map { indent + $0 + "\n" }.joined() + indent + fence + "\n"
    }

    /// A control character as `[U+001B]`; nil for other scalars, which stay as they are.
    private static func visible(_ scalar: Unicode.Scalar) -> String? {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? VisibleScalar.notation(scalar) : nil
    }

    // MARK: Documents

    /// What has been written of the current line so far, as far as escaping prose needs to know.
    package struct LineStart {
        /// Whether nothing has been written on the line yet.
        package var isEmpty: Bool
        /// Whether all that has been written on the line is digits (a possible ordered-list number).
        package var isAllDigits: Bool

        /// A line with nothing written yet, or one that has text before (whose digits are not known, so not a
        /// list number).
        package init(isEmpty: Bool) {
            self.isEmpty = isEmpty
            self.isAllDigits = isEmpty
        }

        /// Records that `character` has been written on the line.
        package mutating func add(_ character: Character) {
            isEmpty = false
            isAllDigits = isAllDigits && character.isASCII && character.isNumber
        }
    }

    /// `text` with every character Markdown could read as syntax escaped by a backslash.
    package static func prose(_ text: String, atLineStart: Bool) -> String {
        var output = ""
        var line = LineStart(isEmpty: atLineStart)
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            output += prose(character, following: characters[(index + 1)...], line: line)
            line.add(character)
        }
        return output
    }

    /// One character, escaped if Markdown could read it as syntax here.
    ///
    /// Always escaped: the backslash, `*`, `_`, `[`, `]`, the backtick, `<` and `>`, and a `&` that starts
    /// an entity (`&amp;`, `&#38;`). At the start of a line also `# + - = ~ |`, and the `.` or `)` after
    /// a leading number (an ordered list).
    package static func prose(_ character: Character, following: some Sequence<Character>, line: LineStart) -> String {
        switch character {
        case "\\", "*", "_", "[", "]", "`", "<", ">":
            return "\\" + String(character)
        case "&":
            return startsEntity(following) ? "\\&" : "&"
        case "#", "+", "-", "=", "~", "|":
            return line.isEmpty ? "\\" + String(character) : String(character)
        case ".", ")":
            return !line.isEmpty && line.isAllDigits ? "\\" + String(character) : String(character)
        default:
            return String(character)
        }
    }

    /// Whether the characters after a `&` make it an entity or character reference: letters, digits or a
    /// leading `#`, then `;`.
    private static func startsEntity(_ following: some Sequence<Character>) -> Bool {
        var count = 0
        for character in following {
            if character == ";" { return count > 0 }
            guard character.isASCII, character.isLetter || character.isNumber || (character == "#" && count == 0) else {
                return false
            }
            count += 1
            if count > 32 { return false }
        }
        return false
    }

    /// A link destination: characters that would end or confuse it, and controls, are percent-encoded.
    package static func linkDestination(_ target: String) -> String {
        var output = ""
        for scalar in target.unicodeScalars {
            switch scalar {
            case " ", "<", ">", "(", ")", "\\", "\"", "`", "[", "]":
                output += percentEncoded(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                output += percentEncoded(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `%2F`: an ASCII scalar as two uppercase hex digits after `%`.
    private static func percentEncoded(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "%" + (digits.count < 2 ? "0" : "") + digits
    }
}
