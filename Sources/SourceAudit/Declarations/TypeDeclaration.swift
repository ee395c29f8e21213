/// A type declaration or an extension found in a source file, with its body's token range.
public struct TypeDeclaration: Sendable {
    /// What declared it.
    public enum Kind: String, Sendable, Hashable, Codable {
        case `struct`, `class`, `actor`, `enum`, `protocol`, `extension`
    }

    /// The declared (or extended) type's name, without generic parameters; dotted for nested extensions.
    public let name: String
    /// The keyword that declared it.
    public let kind: Kind
    /// The names it conforms to or inherits from, last path component only (`SwiftUI.Document` is `Document`).
    public let conformances: [String]
    /// Its attributes, without arguments (`@Observable`, `@MainActor`).
    public let attributes: [String]
    /// Its modifiers (`final`, `private`, `public`, …).
    public let modifiers: [String]
    /// The file that holds it.
    public let file: String
    /// The line and column of its keyword.
    public let line: Int
    public let column: Int
    /// The token indices of its body, braces excluded.
    let body: Range<Int>

    /// Whether it is declared `private` or `fileprivate`.
    public var isPrivate: Bool { modifiers.contains("private") || modifiers.contains("fileprivate") }
}

extension SourceFile {
    static let declarationKeywords: [String: TypeDeclaration.Kind] = [
        "struct": .struct, "class": .class, "actor": .actor, "enum": .enum, "protocol": .protocol,
        "extension": .extension,
    ]
    static let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "indirect", "nonisolated",
    ]

    /// Every type declaration and extension in the file, nested ones included, in source order.
    public func typeDeclarations() -> [TypeDeclaration] {
        var found: [TypeDeclaration] = []
        for index in tokens.indices {
            let token = tokens[index]
            guard token.kind == .identifier, let kind = Self.declarationKeywords[token.text] else { continue }
            // `x.class`, `class func`, `class var`: not declarations.
            if index > 0, tokens[index - 1].matches(".") { continue }
            guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { continue }
            if kind == .class,
                ["func", "var", "let", "subscript", "init", "override", "final", "static"].contains(
                    tokens[index + 1].text)
            {
                continue
            }
            var cursor = index + 1
            var name = tokens[cursor].text
            cursor += 1
            while cursor + 1 < tokens.count, tokens[cursor].matches("."), tokens[cursor + 1].kind == .identifier {
                name += "." + tokens[cursor + 1].text
                cursor += 2
            }
            cursor = skipGenericClause(at: cursor)
            var conformances: [String] = []
            if cursor < tokens.count, tokens[cursor].matches(":") {
                cursor += 1
                var current: [String] = []
                var depth = 0
                while cursor < tokens.count {
                    let part = tokens[cursor]
                    if depth == 0 && (part.matches("{") || part.matches("where")) { break }
                    if part.kind == .operator || part.kind == .punctuation {
                        for scalar in part.text.unicodeScalars {
                            if scalar == "<" || scalar == "(" { depth += 1 }
                            if scalar == ">" || scalar == ")" { depth -= 1 }
                        }
                    }
                    if depth == 0 && part.matches(",") {
                        if let last = current.last { conformances.append(last) }
                        current = []
                    } else if depth == 0 && part.kind == .identifier && part.text != "any" && part.text != "some" {
                        current.append(part.text.trimmingCharacters(in: ["`"]))
                    } else if depth == 0 && part.kind == .attribute {
                        // `@unchecked Sendable`, `@preconcurrency P`: the attribute is not a conformance.
                    }
                    cursor += 1
                }
                if let last = current.last { conformances.append(last) }
            }
            while cursor < tokens.count, !tokens[cursor].matches("{") {
                // A declaration without a body (a protocol requirement's associated type, say) has no `{` before `;` or
                // a new line's keyword.
                if tokens[cursor].matches(";") || tokens[cursor].matches("}") { break }
                cursor += 1
            }
            guard cursor < tokens.count, tokens[cursor].matches("{") else { continue }
            let close = matchingClose(from: cursor)
            let (attributes, modifiers) = prefix(before: index)
            found.append(
                TypeDeclaration(
                    name: name, kind: kind, conformances: conformances, attributes: attributes, modifiers: modifiers,
                    file: path, line: token.line, column: token.column, body: (cursor + 1)..<close))
        }
        return found
    }

    /// The attributes and modifiers written before the token at `index`, in source order.
    func prefix(before index: Int) -> (attributes: [String], modifiers: [String]) {
        var attributes: [String] = []
        var modifiers: [String] = []
        var cursor = index - 1
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.kind == .identifier && Self.modifierWords.contains(token.text) {
                modifiers.insert(token.text, at: 0)
                cursor -= 1
            } else if token.kind == .attribute {
                attributes.insert(token.text, at: 0)
                cursor -= 1
            } else if token.matches(")") {
                // An attribute's arguments: `@available(macOS 27, *)`.
                var depth = 0
                var open = cursor
                while open >= 0 {
                    if tokens[open].matches(")") { depth += 1 }
                    if tokens[open].matches("(") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    open -= 1
                }
                guard open > 0, tokens[open - 1].kind == .attribute else { break }
                cursor = open - 1
            } else if token.matches("(") || (token.kind == .identifier && ["set"].contains(token.text)) {
                // `private(set)` reads backwards as `)`, `set`, `(`: handled by the `)` case above only for attributes.
                break
            } else {
                break
            }
        }
        return (attributes, modifiers)
    }
}
