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
    /// - A link is `[text](target)`, its target percent-encoded where it holds spaces, brackets or parentheses.
    ///
    /// Known limit: a styled stretch that starts or ends with punctuation right next to a letter outside it
    /// (`a**"b"**c`) is not emphasis under CommonMark's flanking rules; the text survives, the style may not.
    public func markdown(attachmentFolder: String = "attachments") -> String {
        var blocks: [(text: String, isListItem: Bool)] = []
        for paragraph in paragraphs {
            let item = MarkdownListItem(paragraph)
            let inline = MarkdownInlineWriter(runs: paragraph.runs, attachmentFolder: attachmentFolder).write(
                continuationIndent: item?.contentIndent ?? "")
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

    static let bullets: Set<String> = [
        "", "•", "◦", "▪", "▫", "–", "-", "*", "+", "⁃", "◆", "◇", "▸", "‣", "■", "□", "●", "○", "✓", "✗", "✔",
    ]

    init?(_ paragraph: RTFParagraph) {
        guard let raw = paragraph.listMarker else { return nil }
        let marker = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let indent = String(repeating: " ", count: 4 * paragraph.listLevel)
        let listMarker: String
        var text = ""
        if let last = marker.last, last == "." || last == ")", marker.count > 1, marker.count <= 10,
            marker.dropLast().allSatisfy({ $0.isASCII && $0.isNumber })
        {
            listMarker = marker + " "
        } else if Self.bullets.contains(marker) {
            listMarker = "- "
        } else {
            listMarker = "- "
            text = MarkdownEscaper.prose(marker, atLineStart: false) + " "
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
                for character in text {
                    atoms.append(
                        Atom(kind: .character(character), isBold: run.isBold, isItalic: run.isItalic, link: run.link))
                }
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
            let inner = writeEmphasis(
                segment, atLineStart: output.isEmpty || output.hasSuffix("\n"), continuationIndent: continuationIndent)
            if let link = atoms[start].link {
                let text = inner.isEmpty ? MarkdownEscaper.prose(link, atLineStart: false) : inner
                output += "[" + text + "](" + MarkdownEscaper.linkDestination(link) + ")"
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
            if index > 0 {
                result.append(
                    Atom(kind: .lineBreak, isBold: false, isItalic: false, link: line.first?.link ?? result.last?.link))
            }
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
        var line = MarkdownEscaper.LineStart(isEmpty: atLineStart)
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
                if character == "&" {
                    let following = atoms[(index + 1)...].lazy.prefix {
                        if case .character = $0.kind { true } else { false }
                    }
                    .map { atom -> Character in if case .character(let next) = atom.kind { next } else { " " } }
                    output += MarkdownEscaper.prose(character, following: following, line: line)
                } else {
                    output += MarkdownEscaper.prose(character, following: EmptyCollection(), line: line)
                }
                line.add(character)
            case .lineBreak:
                output += "\\\n" + continuationIndent
                line = MarkdownEscaper.LineStart(isEmpty: true)
            case .attachment(let name):
                output +=
                    "![" + MarkdownEscaper.prose(name, atLineStart: false) + "]("
                    + MarkdownEscaper.linkDestination(attachmentFolder + "/" + name) + ")"
                line.add("x")
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

    /// Moves spaces and line breaks at the edges of each styled stretch outside it, as CommonMark's flanking rules
    /// need.
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
}
