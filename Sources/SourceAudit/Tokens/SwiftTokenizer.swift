/// Splits Swift source into tokens well enough to find declarations and patterns outside comments and literals.
///
/// Handles what a naive text search trips on: nested block comments, string literals of every form
/// (single-line, multi-line `"""`, raw `#"…"#` with any number of `#`, escapes and interpolations
/// with nested parentheses and strings inside), regex literals (`#/…/#` always; bare `/…/` where an
/// expression may start and the next character is not a space, as SE-0354 specifies), attributes,
/// backquoted identifiers and `#if` directives (kept as identifiers). It never fails: an
/// unterminated literal or comment runs to the end of the file.
public struct SwiftTokenizer: Sendable {
    public init() {}

    /// The tokens of `source`, comments included, in order.
    public func tokenize(_ source: String) -> [SwiftToken] {
        var scanner = Scanner(Array(source.unicodeScalars))
        var tokens: [SwiftToken] = []
        while let token = scanner.next(previous: tokens.last(where: { $0.kind != .comment })) {
            tokens.append(token)
        }
        return tokens
    }

    struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func advance() {
            guard index < scalars.count else { return }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        mutating func next(previous: SwiftToken?) -> SwiftToken? {
            while let scalar = peek(), scalar.properties.isWhitespace { advance() }
            guard let scalar = peek() else { return nil }
            let start = (index: index, line: line, column: column)
            func token(_ kind: SwiftToken.Kind) -> SwiftToken {
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[start.index..<index])
                return SwiftToken(kind: kind, text: text, line: start.line, column: start.column)
            }

            if scalar == "/" && peek(1) == "/" {
                while let next = peek(), next != "\n" { advance() }
                return token(.comment)
            }
            if scalar == "/" && peek(1) == "*" {
                skipBlockComment()
                return token(.comment)
            }
            if scalar == "#" {
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                if peek(hashes) == "\"" {
                    for _ in 0..<hashes { advance() }
                    skipString(hashes: hashes)
                    return token(.string)
                }
                if peek(hashes) == "/" {
                    for _ in 0..<hashes { advance() }
                    skipRegex(hashes: hashes)
                    return token(.regex)
                }
                advance()
                while let next = peek(), Self.isIdentifierPart(next) { advance() }
                return token(.identifier)
            }
            if scalar == "\"" {
                skipString(hashes: 0)
                return token(.string)
            }
            if scalar == "/" && Self.regexMayStart(after: previous)
                && peek(1).map({ !$0.properties.isWhitespace }) ?? false
                && looksLikeBareRegex()
            {
                skipRegex(hashes: 0)
                return token(.regex)
            }
            if scalar == "@" {
                advance()
                while let next = peek(), Self.isIdentifierPart(next) { advance() }
                return token(.attribute)
            }
            if scalar == "`" {
                advance()
                while let next = peek(), next != "`", next != "\n" { advance() }
                if peek() == "`" { advance() }
                return token(.identifier)
            }
            if Self.isIdentifierStart(scalar) || scalar == "$" {
                advance()
                while let next = peek(), Self.isIdentifierPart(next) { advance() }
                return token(.identifier)
            }
            if scalar.properties.numericType != nil && scalar.isASCII {
                advance()
                while let next = peek(),
                    Self.isIdentifierPart(next) || next == "." && (peek(1)?.properties.numericType != nil)
                { advance() }
                return token(.number)
            }
            if scalar == "-" && peek(1) == ">" {
                advance()
                advance()
                return token(.punctuation)
            }
            if "{}()[],:;".unicodeScalars.contains(scalar) {
                advance()
                return token(.punctuation)
            }
            if Self.isOperatorCharacter(scalar) {
                advance()
                while let next = peek(), Self.isOperatorCharacter(next),
                    !(next == "/" && (peek(1) == "/" || peek(1) == "*"))
                { advance() }
                let text = token(.operator)
                if [".", "?", "!", "="].contains(text.text) {
                    return SwiftToken(kind: .punctuation, text: text.text, line: text.line, column: text.column)
                }
                return text
            }
            advance()
            return token(.operator)
        }

        /// Skips a block comment, which nests in Swift.
        mutating func skipBlockComment() {
            var depth = 0
            while let scalar = peek() {
                if scalar == "/" && peek(1) == "*" {
                    depth += 1
                    advance()
                    advance()
                } else if scalar == "*" && peek(1) == "/" {
                    depth -= 1
                    advance()
                    advance()
                    if depth == 0 { return }
                } else {
                    advance()
                }
            }
        }

        /// Skips a string literal starting at its first quote, after `hashes` `#`s were consumed.
        mutating func skipString(hashes: Int) {
            let multiLine = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
            let quoteCount = multiLine ? 3 : 1
            for _ in 0..<quoteCount { advance() }
            while let scalar = peek() {
                if scalar == "\n" && !multiLine { return }
                if scalar == "\\" && hasHashes(hashes, at: 1) {
                    advance()
                    for _ in 0..<hashes { advance() }
                    if peek() == "(" {
                        skipInterpolation()
                    } else {
                        advance()
                    }
                    continue
                }
                if scalar == "\"" && (0..<quoteCount).allSatisfy({ peek($0) == "\"" })
                    && hasHashes(hashes, at: quoteCount)
                {
                    for _ in 0..<(quoteCount + hashes) { advance() }
                    return
                }
                advance()
            }
        }

        func hasHashes(_ count: Int, at offset: Int) -> Bool {
            (0..<count).allSatisfy { peek(offset + $0) == "#" }
        }

        /// Skips `( … )` of an interpolation, with nested parentheses, strings and comments inside.
        mutating func skipInterpolation() {
            var depth = 0
            while let scalar = peek() {
                switch scalar {
                case "(":
                    depth += 1
                    advance()
                case ")":
                    depth -= 1
                    advance()
                    if depth == 0 { return }
                case "\"":
                    skipString(hashes: 0)
                case "/" where peek(1) == "*":
                    skipBlockComment()
                default:
                    advance()
                }
            }
        }

        /// Skips a regex literal at its `/`, after `hashes` `#`s were consumed; an extended one may span lines.
        mutating func skipRegex(hashes: Int) {
            advance()
            while let scalar = peek() {
                if scalar == "\n" && hashes == 0 { return }
                if scalar == "\\" {
                    advance()
                    advance()
                    continue
                }
                if scalar == "/" && hasHashes(hashes, at: 1) {
                    for _ in 0...hashes { advance() }
                    return
                }
                advance()
            }
        }

        /// Whether the `/` here closes on the same line before a character that cannot be inside a bare regex.
        func looksLikeBareRegex() -> Bool {
            var offset = 1
            while let scalar = peek(offset), scalar != "\n" {
                if scalar == "\\" {
                    offset += 2
                    continue
                }
                if scalar == "/" { return !(peek(offset - 1)?.properties.isWhitespace ?? true) }
                offset += 1
            }
            return false
        }

        /// Whether an expression may start after `previous`, so that `/` begins a regex rather than dividing.
        static func regexMayStart(after previous: SwiftToken?) -> Bool {
            guard let previous else { return true }
            switch previous.kind {
            case .identifier:
                return [
                    "return", "case", "in", "where", "try", "await", "throw", "if", "guard", "while", "else", "is",
                    "as",
                ].contains(previous.text)
            case .number, .string, .regex:
                return false
            case .punctuation:
                return ![")", "]", "}", "?", "!"].contains(previous.text)
            case .operator, .attribute, .comment:
                return true
            }
        }

        static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || (!scalar.isASCII && scalar.properties.isXIDStart)
        }

        static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
            isIdentifierStart(scalar) || scalar.properties.numericType != nil
                || (!scalar.isASCII && scalar.properties.isXIDContinue)
        }

        static func isOperatorCharacter(_ scalar: Unicode.Scalar) -> Bool {
            "/=-+!*%<>&|^~?.".unicodeScalars.contains(scalar)
        }
    }
}
