/// One Swift file as the audit sees it: its path and its tokens without comments.
public struct SourceFile: Sendable {
    /// The path as the user gave it (or as found under a folder the user gave).
    public let path: String
    /// The file's tokens, comments left out.
    public let tokens: [SwiftToken]

    /// Tokenizes `source`, the contents of the file at `path`.
    public init(path: String, source: String) {
        self.path = path
        self.tokens = SwiftTokenizer().tokenize(source).filter { $0.kind != .comment }
    }

    /// The index of the token that closes the bracket opening at `open` (`{`, `(` or `[`), or the last index.
    func matchingClose(from open: Int) -> Int {
        let opening = tokens[open].text
        let closing = opening == "{" ? "}" : opening == "(" ? ")" : "]"
        var depth = 0
        var index = open
        while index < tokens.count {
            if tokens[index].kind == .punctuation {
                if tokens[index].text == opening { depth += 1 }
                if tokens[index].text == closing {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index += 1
        }
        return tokens.count - 1
    }

    /// The index just past a generic clause `<…>` starting at `index`, or `index` when none starts there.
    func skipGenericClause(at index: Int) -> Int {
        guard index < tokens.count, tokens[index].kind == .operator, tokens[index].text.hasPrefix("<") else {
            return index
        }
        var depth = 0
        var current = index
        while current < tokens.count {
            let token = tokens[current]
            if token.kind == .operator || token.kind == .punctuation {
                for scalar in token.text.unicodeScalars {
                    if scalar == "<" { depth += 1 }
                    if scalar == ">" { depth -= 1 }
                }
                if token.text == "{" { return current }
            }
            current += 1
            if depth <= 0 { return current }
        }
        return current
    }
}
