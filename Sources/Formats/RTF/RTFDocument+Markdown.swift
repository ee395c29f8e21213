extension RTFDocument {
    /// The document as CommonMark: paragraphs, bold and italic, links, list items and attachment images.
    ///
    /// - Paragraphs are separated by a blank line, consecutive list items by a line feed; empty
    ///   paragraphs (blank lines in TextEdit) are dropped, and the text ends with one line feed.
    /// - Bold is `**`, italic `*`; spaces at the edge of a styled stretch move outside the markers, which
    ///   CommonMark needs to see them as emphasis. Characters Markdown would read as syntax are escaped.
    /// - `\line` is a hard break (a backslash at the end of the line); one at the end of a paragraph is dropped.
    /// - A Cocoa list item (`{\listtext …}` marker) becomes `- ` for bullets or `N. ` for numbers, indented
    ///   four spaces per `\ilvl` level; another marker (`a.`, `iv.`) is kept as text after `- `.
    /// - An attachment becomes `![name](path)`, with `path` = `attachmentFolder/name`, percent-encoded.
    /// - Leading spaces and tabs of a line are dropped (Markdown would read them as code or drop them).
    public func markdown(attachmentFolder: String = "attachments") -> String {
        var blocks: [(text: String, isListItem: Bool)] = []
        for paragraph in paragraphs {
            let item = MarkdownListItem(paragraph)
            let inline = MarkdownInlineWriter(runs: paragraph.runs, attachmentFolder: attachmentFolder).write(continuationIndent: item?.contentIndent ?? "")
            if item == nil, inline.isEmpty { continue }
            if let item {
                blocks.append((item.prefix + inline, true))
            } else {
                blocks.append((inline, false))
            }
        }
        var output = ""
        for (index, block) in blocks.enumerated() {
            if index > 0 { output += block.isListItem && blocks[index - 1].isListItem ? "\n" : "\n\n" }
            output += block.text
        }
        return output.isEmpty ? "" : output + "\n"
    }
}

/// How a paragraph with a Cocoa list marker starts in Markdown.
struct MarkdownListItem {
    let prefix: String
    let contentIndent: String

    static let bullets: Set<String> = ["", "•", "◦", "▪", "▫", "–", "-", "*", "+", "⁃", "◆", "◇", "▸", "‣", "■", "□", "●", "○", "✓", "✗", "✔"]

    init?(_ paragraph: RTFParagraph) {
        guard let raw = paragraph.listMarker else { return nil }
        let marker = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let indent = String(repeating: " ", count: 4 * paragraph.listLevel)
        let listMarker: String
        var text = ""
        if let last = marker.last, last == "." || last == ")", marker.count > 1, marker.count <= 10,
           marker.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }) {
            listMarker = marker + " "
        } else if Self.bullets.contains(marker) {
            listMarker = "- "
        } else {
            listMarker = "- "
            text = MarkdownInlineWriter.escape(marker, atLineStart: false) + " "
        }
        prefix = indent + listMarker + text
        contentIndent = indent + String(repeating: " ", count: listMarker.count)
    }
}

/// Writes one paragraph's runs as Markdown inline text.
struct MarkdownInlineWriter {
    /// One character (or break, or attachment) with its style, the unit the emphasis rules work on.
    struct Atom {
        enum Kind { case character(Character), lineBreak, attachment(String) }
        var kind: Kind
        var isBold: Bool
        var isItalic: Bool
        var link: String?

        var isSpace: Bool {
            switch kind {
            case .character(let character): character.isWhitespace
            case .lineBreak: true
            case .attachment: false
            }
        }
    }

    let runs: [RTFRun]
    let attachmentFolder: String

    func write(continuationIndent: String) -> String {
        var atoms: [Atom] = []
        for run in runs {
            switch run.content {
            case .text(let text):
                for character in text { atoms.append(Atom(kind: .character(character), isBold: run.isBold, isItalic: run.isItalic, link: run.link)) }
            case .lineBreak:
                atoms.append(Atom(kind: .lineBreak, isBold: run.isBold, isItalic: run.isItalic, link: run.link))
            case .attachment(let name):
                atoms.append(Atom(kind: .attachment(name), isBold: run.isBold, isItalic: run.isItalic, link: run.link))
            }
        }
        atoms = Self.trimmedLines(atoms)
        var output = ""
        var start = 0
        while start < atoms.count {
            var end = start
            while end < atoms.count, atoms[end].link == atoms[start].link { end += 1 }
            let segment = Array(atoms[start..<end])
            let inner = writeEmphasis(segment, atLineStart: output.isEmpty || output.hasSuffix("\n"), continuationIndent: continuationIndent)
            if let link = atoms[start].link {
                output += "[" + (inner.isEmpty ? Self.escape(link, atLineStart: false) : inner) + "](" + Self.destination(link) + ")"
            } else {
                output += inner
            }
            start = end
        }
        return output
    }

    /// Drops spaces and tabs at the start and end of every line and a line break at either end of the paragraph.
    static func trimmedLines(_ atoms: [Atom]) -> [Atom] {
        var lines: [[Atom]] = [[]]
        for atom in atoms {
            if case .lineBreak = atom.kind {
                lines.append([])
            } else {
                lines[lines.count - 1].append(atom)
            }
        }
        lines = lines.map { line in
            var line = line[...]
            while let first = line.first, first.isSpace { line = line.dropFirst() }
            while let last = line.last, last.isSpace { line = line.dropLast() }
            return Array(line)
        }
        while let first = lines.first, first.isEmpty, lines.count > 1 { lines.removeFirst() }
        while let last = lines.last, last.isEmpty, lines.count > 1 { lines.removeLast() }
        var result: [Atom] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { result.append(Atom(kind: .lineBreak, isBold: false, isItalic: false, link: line.first?.link ?? result.last?.link)) }
            result += line
        }
        return result
    }

    private enum Marker: String { case bold = "**", italic = "*" }

    private func writeEmphasis(_ input: [Atom], atLineStart: Bool, continuationIndent: String) -> String {
        var atoms = input
        Self.trimEdges(&atoms, \.isBold)
        Self.trimEdges(&atoms, \.isItalic)
        var output = ""
        var open: [Marker] = []
        var line = atLineStart ? "" : "x"
        for (index, atom) in atoms.enumerated() {
            var wanted: [Marker] = []
            if atom.isBold { wanted.append(.bold) }
            if atom.isItalic { wanted.append(.italic) }
            if let firstUnwanted = open.firstIndex(where: { !wanted.contains($0) }) {
                for marker in open[firstUnwanted...].reversed() { output += marker.rawValue }
                open.removeSubrange(firstUnwanted...)
            }
            let missing = wanted.filter { !open.contains($0) }
                .sorted { Self.length(of: $0, in: atoms, from: index) > Self.length(of: $1, in: atoms, from: index) }
            for marker in missing {
                output += marker.rawValue
                open.append(marker)
            }
            switch atom.kind {
            case .character(let character):
                var next: Character?
                if index + 1 < atoms.count, case .character(let following) = atoms[index + 1].kind { next = following }
                output += Self.escape(character, next: next, lineSoFar: line)
                line.append(character)
            case .lineBreak:
                output += "\\\n" + continuationIndent
                line = ""
            case .attachment(let name):
                output += "![" + Self.escape(name, atLineStart: false) + "](" + Self.destination(attachmentFolder + "/" + name) + ")"
                line.append("x")
            }
        }
        for marker in open.reversed() { output += marker.rawValue }
        return output
    }

    private static func length(of marker: Marker, in atoms: [Atom], from start: Int) -> Int {
        var count = 0
        for atom in atoms[start...] {
            guard marker == .bold ? atom.isBold : atom.isItalic else { break }
            count += 1
        }
        return count
    }

    /// Moves spaces and line breaks at the edges of each styled stretch outside it, as CommonMark's flanking rules need.
    private static func trimEdges(_ atoms: inout [Atom], _ flag: WritableKeyPath<Atom, Bool>) {
        var index = 0
        while index < atoms.count {
            guard atoms[index][keyPath: flag] else {
                index += 1
                continue
            }
            var end = index
            while end < atoms.count, atoms[end][keyPath: flag] { end += 1 }
            var low = index
            while low < end, atoms[low].isSpace {
                atoms[low][keyPath: flag] = false
                low += 1
            }
            var high = end - 1
            while high >= low, atoms[high].isSpace {
                atoms[high][keyPath: flag] = false
                high -= 1
            }
            index = end
        }
    }

    /// `text` with every character Markdown could read as syntax escaped by a backslash.
    static func escape(_ text: String, atLineStart: Bool) -> String {
        var output = ""
        var line = atLineStart ? "" : "x"
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            output += escape(character, next: index + 1 < characters.count ? characters[index + 1] : nil, lineSoFar: line)
            line.append(character)
        }
        return output
    }

    /// One character, escaped if Markdown could read it as syntax here.
    ///
    /// Always escaped: `\ * _ [ ] ` < >`, and `&` before a letter or `#` (an entity). At the start of a
    /// line also `# + - = ~ |`, and the `.` or `)` after a leading number (an ordered list).
    static func escape(_ character: Character, next: Character?, lineSoFar: String) -> String {
        switch character {
        case "\\", "*", "_", "[", "]", "`", "<", ">":
            return "\\" + String(character)
        case "&":
            return next.map { $0.isLetter || $0 == "#" } ?? false ? "\\&" : "&"
        case "#", "+", "-", "=", "~", "|":
            return lineSoFar.isEmpty ? "\\" + String(character) : String(character)
        case ".", ")":
            let isListNumber = !lineSoFar.isEmpty && lineSoFar.allSatisfy { $0.isASCII && $0.isNumber }
            return isListNumber ? "\\" + String(character) : String(character)
        default:
            return String(character)
        }
    }

    /// A link destination: characters that would end or confuse it are percent-encoded.
    static func destination(_ target: String) -> String {
        var output = ""
        for scalar in target.unicodeScalars {
            switch scalar {
            case " ", "<", ">", "(", ")", "\\", "\"", "`", "[", "]":
                output += String(format: "%%%02X", scalar.value)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                output += String(format: "%%%02X", scalar.value)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
