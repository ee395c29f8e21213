import DocumentPlatform

/// A compiled path pattern for choosing a member's comparison rule: `*`, `**`, `?` and character classes.
///
/// A pattern matches the whole relative path (with `/` separators), never a part of it:
/// - `*` matches any run of characters within one path component (not `/`); `?` matches one character but `/`;
/// - `**` as a whole component matches across components: `**/` matches zero or more folders
///   (`**/*.json` matches `a.json` and `x/y/a.json`), a final `/**` matches everything below a folder
///   but not the folder itself, and `**` alone matches every path; elsewhere (`a**b`) it acts as `*`;
/// - `[abc]`, `[a-z]`, and `[!a-z]` or `[^a-z]` match one character (never `/`) in or not in the class;
/// - `\` makes the next character literal.
///
/// Characters are Unicode scalars, compared without normalisation, as the file system compares names.
/// A malformed pattern (an unterminated class, a trailing `\`) is a `ComparisonError`, not a pattern
/// that silently matches nothing.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    fileprivate enum Token: Hashable, Sendable {
        case literal(Unicode.Scalar)
        case anyCharacter
        case anyRun
        /// `**/`: zero or more whole components, each with its trailing `/`.
        case anyFolders
        /// A final `**`: any remaining text, `/` included.
        case anyRemainder
        case characterClass(negated: Bool, ranges: [ClosedRange<Unicode.Scalar>])
    }

    /// The pattern as written.
    public let pattern: String
    private let tokens: [Token]

    /// Compiles `pattern`; throws `ComparisonError` with code `glob.unterminated-class` or
    /// `glob.trailing-escape` and the column of the problem.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        let scalars = Array(pattern.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        func malformed(_ code: ComparisonErrorCode, _ message: String, at position: Int) -> ComparisonError {
            ComparisonError(
                code: code, message: "the glob pattern '\(pattern)' is malformed: \(message)",
                location: .line(1, column: position + 1))
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "*":
                let isDouble = index + 1 < scalars.count && scalars[index + 1] == "*"
                let startsComponent = index == 0 || scalars[index - 1] == "/"
                if isDouble && startsComponent {
                    let end = index + 2
                    if end == scalars.count {
                        tokens.append(.anyRemainder)
                        index = end
                        continue
                    }
                    if scalars[end] == "/" {
                        tokens.append(.anyFolders)
                        index = end + 1
                        continue
                    }
                }
                // Consecutive stars inside a component mean the same as one.
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                index += 1
                while index < scalars.count && scalars[index] == "*" && !(scalars[index - 1] == "/") { index += 1 }
            case "?":
                tokens.append(.anyCharacter)
                index += 1
            case "\\":
                guard index + 1 < scalars.count else {
                    throw malformed(.trailingEscape, "a '\\' at the end escapes nothing", at: index)
                }
                tokens.append(.literal(scalars[index + 1]))
                index += 2
            case "[":
                var cursor = index + 1
                var negated = false
                if cursor < scalars.count && (scalars[cursor] == "!" || scalars[cursor] == "^") {
                    negated = true
                    cursor += 1
                }
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                var first = true
                var closed = false
                while cursor < scalars.count {
                    var low = scalars[cursor]
                    if low == "]" && !first {
                        closed = true
                        break
                    }
                    first = false
                    if low == "\\" {
                        guard cursor + 1 < scalars.count else { break }
                        cursor += 1
                        low = scalars[cursor]
                    }
                    cursor += 1
                    if cursor + 1 < scalars.count && scalars[cursor] == "-" && scalars[cursor + 1] != "]" {
                        var high = scalars[cursor + 1]
                        cursor += 2
                        if high == "\\" && cursor < scalars.count {
                            high = scalars[cursor]
                            cursor += 1
                        }
                        if low <= high { ranges.append(low...high) }
                    } else {
                        ranges.append(low...low)
                    }
                }
                guard closed else {
                    throw malformed(.unterminatedClass, "the character class opened here has no closing ']'", at: index)
                }
                tokens.append(.characterClass(negated: negated, ranges: ranges))
                index = cursor + 1
            default:
                tokens.append(.literal(scalar))
                index += 1
            }
        }
        self.tokens = tokens
    }

    /// Whether the whole of `path` (relative, `/`-separated) matches the pattern.
    public func matches(_ path: String) -> Bool {
        let text = Array(path.unicodeScalars)
        // Memoised over (token, position): backtracking over several stars stays polynomial.
        var memo = [UInt8](repeating: 0, count: (tokens.count + 1) * (text.count + 1))
        func match(_ tokenIndex: Int, _ position: Int) -> Bool {
            let key = tokenIndex * (text.count + 1) + position
            if memo[key] != 0 { return memo[key] == 2 }
            let result = compute(tokenIndex, position)
            memo[key] = result ? 2 : 1
            return result
        }
        func compute(_ tokenIndex: Int, _ position: Int) -> Bool {
            guard tokenIndex < tokens.count else { return position == text.count }
            switch tokens[tokenIndex] {
            case .literal(let scalar):
                return position < text.count && text[position] == scalar && match(tokenIndex + 1, position + 1)
            case .anyCharacter:
                return position < text.count && text[position] != "/" && match(tokenIndex + 1, position + 1)
            case .characterClass(let negated, let ranges):
                guard position < text.count, text[position] != "/" else { return false }
                let inside = ranges.contains { $0.contains(text[position]) }
                return inside != negated && match(tokenIndex + 1, position + 1)
            case .anyRun:
                var end = position
                while true {
                    if match(tokenIndex + 1, end) { return true }
                    guard end < text.count, text[end] != "/" else { return false }
                    end += 1
                }
            case .anyFolders:
                if match(tokenIndex + 1, position) { return true }
                var cursor = position
                while cursor < text.count {
                    if text[cursor] == "/" && cursor > position && match(tokenIndex + 1, cursor + 1) { return true }
                    cursor += 1
                }
                return false
            case .anyRemainder:
                // A final `/**` needs something below the folder; `**` alone matches any path.
                return tokenIndex == 0 || position < text.count
            }
        }
        return match(0, 0)
    }

    public var description: String { pattern }
}

extension Glob: Codable {
    /// Decodes a pattern string, failing (with the glob's own message) when it is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let pattern = try container.decode(String.self)
        do {
            try self.init(pattern)
        } catch let error as ComparisonError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pattern)
    }
}
