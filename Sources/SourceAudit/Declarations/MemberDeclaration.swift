/// A function or initializer declared directly in a type's body, with its body's token range.
public struct FunctionDeclaration: Sendable {
    /// The name, `init` for an initializer.
    public let name: String
    /// The name with argument labels, as Swift spells a function's name: `snapshot(contentType:)`.
    public let signature: String
    /// The types of the parameters, as written (without `sending`, `inout`, `borrowing` or `consuming`).
    public let parameterTypes: [String]
    /// The return type as written, without `sending`; empty when there is none.
    public let returnType: String
    /// Where the declaration starts.
    public let line: Int
    public let column: Int
    /// The token indices of its body, braces excluded; empty for a requirement without a body.
    let body: Range<Int>
}

/// What a type's body declares directly: functions, `@Published` properties and type aliases.
public struct TypeMembers: Sendable {
    /// The functions and initializers.
    public var functions: [FunctionDeclaration] = []
    /// The places of `@Published` properties.
    public var publishedProperties: [(name: String, line: Int, column: Int)] = []
    /// `typealias NAME = TYPE`, by name.
    public var typeAliases: [String: String] = [:]
}

extension SourceFile {
    static let typeModifiers: Set<String> = ["sending", "inout", "borrowing", "consuming", "__owned", "__shared"]
    static let declarationStarts: Set<String> = [
        "func", "var", "let", "init", "deinit", "case", "subscript", "typealias", "associatedtype", "struct", "class",
        "enum",
        "actor", "protocol", "extension", "static", "private", "fileprivate", "public", "internal", "package", "open",
        "override", "nonisolated", "mutating", "final",
    ]

    /// The members declared directly in `declaration`'s body (nested types' members are theirs).
    public func members(of declaration: TypeDeclaration) -> TypeMembers {
        var members = TypeMembers()
        var index = declaration.body.lowerBound
        while index < declaration.body.upperBound {
            let token = tokens[index]
            if token.matches("{") {
                // A nested body (a nested type, a computed property): skip it whole.
                index = matchingClose(from: index) + 1
                continue
            }
            if token.kind == .identifier && (token.text == "func" || token.text == "init") {
                if let function = function(at: index) {
                    members.functions.append(function.declaration)
                    index = function.end
                    continue
                }
            }
            if token.kind == .attribute && token.text == "@Published" {
                var cursor = index + 1
                while cursor < declaration.body.upperBound,
                    !(tokens[cursor].matches("var") || tokens[cursor].matches("let"))
                { cursor += 1 }
                let name = cursor + 1 < declaration.body.upperBound ? tokens[cursor + 1].text : "?"
                members.publishedProperties.append((name, token.line, token.column))
            }
            if token.matches("typealias"), index + 3 < declaration.body.upperBound, tokens[index + 2].matches("=") {
                var cursor = index + 3
                var text: [String] = []
                while cursor < declaration.body.upperBound, tokens[cursor].line == tokens[index + 3].line,
                    !tokens[cursor].matches(";"), !tokens[cursor].matches("}")
                {
                    text.append(tokens[cursor].text)
                    cursor += 1
                }
                members.typeAliases[tokens[index + 1].text] = text.joined()
            }
            index += 1
        }
        return members
    }

    /// The function starting at the `func` or `init` token at `index`, and the index just past it.
    func function(at index: Int) -> (declaration: FunctionDeclaration, end: Int)? {
        var cursor = index + 1
        let name: String
        if tokens[index].text == "init" {
            name = "init"
            if cursor < tokens.count, tokens[cursor].matches("?") || tokens[cursor].matches("!") { cursor += 1 }
        } else {
            guard cursor < tokens.count else { return nil }
            name = tokens[cursor].text
            cursor += 1
        }
        cursor = skipGenericClause(at: cursor)
        guard cursor < tokens.count, tokens[cursor].matches("(") else { return nil }
        let close = matchingClose(from: cursor)
        var labels: [String] = []
        var types: [String] = []
        var parameter: [SwiftToken] = []
        var depth = 0
        for position in (cursor + 1)..<close {
            let token = tokens[position]
            if token.matches("(") || token.matches("[") { depth += 1 }
            if token.matches(")") || token.matches("]") { depth -= 1 }
            if depth == 0 && token.matches(",") {
                append(parameter)
                parameter = []
            } else {
                parameter.append(token)
            }
        }
        append(parameter)
        func append(_ parameter: [SwiftToken]) {
            guard let first = parameter.first, first.kind == .identifier else { return }
            labels.append(first.text)
            if let colon = parameter.firstIndex(where: { $0.matches(":") }) {
                let typeTokens = parameter[(colon + 1)...].prefix { !$0.matches("=") }.filter {
                    !($0.kind == .identifier && Self.typeModifiers.contains($0.text)) && $0.kind != .attribute
                }
                types.append(typeTokens.map(\.text).joined())
            }
        }
        cursor = close + 1
        var returnType: [String] = []
        var collecting = false
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.matches("{") || token.matches("}") { break }
            // A requirement without a body ends where the next declaration starts.
            if token.line > tokens[close].line, token.kind == .identifier || token.kind == .attribute,
                Self.declarationStarts.contains(token.text) || token.kind == .attribute
            {
                break
            }
            if token.matches("->") {
                collecting = true
            } else if token.matches("where") {
                collecting = false
            } else if token.matches("(") || token.matches("[") {
                let groupEnd = matchingClose(from: cursor)
                if collecting { returnType.append(tokens[cursor...groupEnd].map(\.text).joined()) }
                cursor = groupEnd + 1
                continue
            } else if collecting && !(token.kind == .identifier && Self.typeModifiers.contains(token.text)) {
                returnType.append(token.text)
            }
            cursor += 1
        }
        var body = cursor..<cursor
        var end = cursor
        if cursor < tokens.count, tokens[cursor].matches("{") {
            let bodyClose = matchingClose(from: cursor)
            body = (cursor + 1)..<bodyClose
            end = bodyClose + 1
        }
        let signature = name + "(" + labels.map { $0 + ":" }.joined() + ")"
        return (
            FunctionDeclaration(
                name: name, signature: signature, parameterTypes: types, returnType: returnType.joined(),
                line: tokens[index].line, column: tokens[index].column, body: body), end
        )
    }
}
