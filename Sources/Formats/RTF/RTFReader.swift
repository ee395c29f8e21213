import DocumentCodecs

/// Reads RTF into paragraphs of styled runs: a tokenizer feeding a state machine with an explicit group stack.
///
/// Nothing recurses, so nesting costs heap, not stack, and is capped by `Options.maximumDepth`.
/// What it keeps: text (through the code page for `\'hh` and 8-bit bytes, `\uN` with its `\ucN`
/// fallback skipped), `\par`, `\line`, `\tab` (a table's `\cell` is a tab, `\row` a paragraph
/// break), bold and italic, hyperlink fields, Cocoa's list markers (`{\listtext …}`) and attachments
/// (`{\NeXTGraphic name \width…}`, whose placeholder character after the group is dropped). What it skips: the font,
/// colour and style tables (the
/// font table is read for `\fcharset` only), `\info`, pictures, headers and footers, and every
/// `{\*\…}` destination it does not know. Every error carries the byte offset where it was found.
///
/// Error codes: `rtf.not-rtf`, `rtf.truncated`, `rtf.unbalanced-groups`, `rtf.too-deep`,
/// `rtf.truncated-binary`, `rtf.bad-hex-escape`, `rtf.parameter-out-of-range`, `rtf.bad-unicode`,
/// `rtf.unpaired-surrogate`, `rtf.unsupported-code-page`, `rtf.undefined-character`, `rtf.trailing-content`.
public struct RTFReader: Sendable {
    /// Limits that keep hostile input from costing more than it should.
    public struct Options: Sendable, Hashable {
        /// Groups nested deeper than this are refused with `rtf.too-deep`.
        public var maximumDepth: Int

        /// Options with the given limits; 10,000 levels by default, far beyond any real document.
        public init(maximumDepth: Int = 10_000) {
            self.maximumDepth = maximumDepth
        }
    }

    /// The limits this reader applies.
    public var options: Options

    /// A reader with `options`.
    public init(options: Options = .init()) {
        self.options = options
    }

    /// Reads `bytes`, which must start with `{\rtf`, into paragraphs.
    public func read(_ bytes: [UInt8]) throws -> [RTFParagraph] {
        guard bytes.starts(with: Array("{\\rtf".utf8)) else {
            throw CodecError(
                code: .rtf(.notRTF), message: "the file does not start with {\\rtf, so it is not RTF",
                location: .byte(0))
        }
        var machine = RTFStateMachine(options: options)
        var tokenizer = RTFTokenizer(bytes: bytes)
        while let (token, offset) = try tokenizer.next() {
            try machine.consume(token, at: offset)
            if machine.isFinished {
                try Self.checkTrailingBytes(bytes, from: tokenizer.offset)
                break
            }
        }
        return try machine.finish(at: bytes.count)
    }

    private static func checkTrailingBytes(_ bytes: [UInt8], from start: Int) throws {
        for offset in start..<bytes.count {
            switch bytes[offset] {
            case 0, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "}"):
                throw CodecError(
                    code: .rtf(.unbalancedGroups),
                    message: "this } closes no group: the document's group already ended", location: .byte(offset))
            default:
                throw CodecError(
                    code: .rtf(.trailingContent),
                    message: "\(RTFTokenizer.describe(bytes[offset])) follows the end of the document's group",
                    location: .byte(offset))
            }
        }
    }
}

/// The group-state machine behind `RTFReader`; one per document.
struct RTFStateMachine {
    /// Where the characters of a group go.
    enum Destination {
        case body, skip, fontTable, fieldInstruction, listText, attachmentName
    }

    /// What closing a group must finish, for the group that opened a destination.
    enum Role {
        case none, fieldInstruction, listText, attachment
    }

    /// The state RTF saves at `{` and restores at `}`.
    struct GroupState {
        var isBold = false
        var isItalic = false
        var unicodeSkipCount = 1
        var font: Int?
        var destination = Destination.body
        var role = Role.none
        var link: String?
        var fieldTarget: String?
        var dropsPlaceholder = false
        var openedAt = 0
    }

    let options: RTFReader.Options
    private var state = GroupState()
    private var stack: [GroupState] = []
    private var started = false
    private(set) var isFinished = false

    private var paragraphs: [RTFParagraph] = []
    private var paragraph = RTFParagraph()
    private var pendingText = ""
    private var pendingStyle: RTFRun?
    private var listLevel = 0

    private var documentCodePage = RTFCodePage.windows1252
    private var defaultFont: Int?
    private var fontCodePages: [Int: RTFCodePage] = [:]
    private var fontBeingDefined: Int?

    private var fallbackToSkip = 0
    private var highSurrogate: (value: UInt32, offset: Int)?
    private var ignorableNext = false
    private var buffer = ""

    init(options: RTFReader.Options) {
        self.options = options
    }

    mutating func consume(_ token: RTFToken, at offset: Int) throws {
        switch token {
        case .groupStart:
            fallbackToSkip = 0
            try openGroup(at: offset)
            return
        case .groupEnd:
            fallbackToSkip = 0
            try closeGroup(at: offset)
            return
        default:
            break
        }
        if fallbackToSkip > 0 {
            fallbackToSkip -= 1
            ignorableNext = false
            return
        }
        switch token {
        case .text(let byte):
            try text(byte, at: offset)
        case .hexByte(let byte):
            try codePageByte(byte, at: offset)
        case .controlSymbol(let symbol):
            try controlSymbol(symbol, at: offset)
        case .controlWord(let name, let parameter):
            try controlWord(name, parameter, at: offset)
        case .binary, .groupStart, .groupEnd:
            break
        }
    }

    /// The paragraphs, once the document's group has closed; throws if groups are still open.
    mutating func finish(at end: Int) throws -> [RTFParagraph] {
        guard isFinished else {
            let innermost = stack.isEmpty ? 0 : state.openedAt
            throw CodecError(
                code: .rtf(.unbalancedGroups),
                message:
                    "the file ends with \(stack.count + (started ? 1 : 0)) group(s) still open; the innermost "
                    + "opened at byte \(innermost)",
                location: .byte(end))
        }
        return paragraphs
    }

    // MARK: Groups

    private mutating func openGroup(at offset: Int) throws {
        ignorableNext = false
        guard started else {
            started = true
            state.openedAt = offset
            return
        }
        guard stack.count < options.maximumDepth else {
            throw CodecError(
                code: .rtf(.tooDeep), message: "groups are nested more than \(options.maximumDepth) deep",
                location: .byte(offset))
        }
        stack.append(state)
        state.role = .none
        state.dropsPlaceholder = false
        state.openedAt = offset
    }

    private mutating func closeGroup(at offset: Int) throws {
        ignorableNext = false
        let closing = state
        guard let parent = stack.popLast() else {
            try endOfDocument(at: offset)
            return
        }
        state = parent
        switch closing.role {
        case .none:
            break
        case .fieldInstruction:
            state.fieldTarget = Self.hyperlinkTarget(buffer)
        case .listText:
            paragraph.listMarker = (paragraph.listMarker ?? "") + buffer
        case .attachment:
            var name = buffer
            if name.hasSuffix(" ") { name.removeLast() }
            try ensureNoPendingSurrogate()
            append(RTFRun(.attachment(name), isBold: state.isBold, isItalic: state.isItalic, link: state.link))
            state.dropsPlaceholder = true
        }
    }

    private mutating func endOfDocument(at offset: Int) throws {
        try ensureNoPendingSurrogate()
        endParagraph()
        isFinished = true
    }

    // MARK: Characters

    private mutating func text(_ byte: UInt8, at offset: Int) throws {
        ignorableNext = false
        if byte >= 0x80 {
            try codePageByte(byte, at: offset)
        } else if byte == 0x09 {
            try emit("\t", at: offset)
        } else if byte >= 0x20 {
            try emit(Unicode.Scalar(byte), at: offset)
        }
    }

    private mutating func codePageByte(_ byte: UInt8, at offset: Int) throws {
        ignorableNext = false
        guard needsCharacters else { return }
        let page = currentCodePage
        guard let encoding = page.encoding else {
            throw CodecError(
                code: .rtf(.unsupportedCodePage),
                message: "the byte 0x\(String(byte, radix: 16)) is in \(page.name), which docmigrate has no table for",
                location: .byte(offset))
        }
        guard let scalar = encoding.scalar(for: byte) else {
            throw CodecError(
                code: .rtf(.undefinedCharacter),
                message: "the byte 0x\(String(byte, radix: 16)) has no character in \(page.name)",
                location: .byte(offset))
        }
        try emit(scalar, at: offset)
    }

    private var needsCharacters: Bool {
        switch state.destination {
        case .skip, .fontTable: false
        case .body, .fieldInstruction, .listText, .attachmentName: true
        }
    }

    private var currentCodePage: RTFCodePage {
        if let font = state.font ?? defaultFont, let page = fontCodePages[font] { return page }
        return documentCodePage
    }

    private mutating func unicode(_ parameter: Int, at offset: Int) throws {
        guard (-32768...65535).contains(parameter) else {
            throw CodecError(
                code: .rtf(.badUnicode), message: "\\u\(parameter) is not a 16-bit value", location: .byte(offset))
        }
        fallbackToSkip = state.unicodeSkipCount
        guard needsCharacters else { return }
        let value = UInt32(parameter < 0 ? parameter + 65536 : parameter)
        switch value {
        case 0xD800...0xDBFF:
            try ensureNoPendingSurrogate()
            highSurrogate = (value, offset)
        case 0xDC00...0xDFFF:
            guard let high = highSurrogate else {
                throw CodecError(
                    code: .rtf(.unpairedSurrogate),
                    message: "\\u\(parameter) is a low surrogate with no high surrogate before it",
                    location: .byte(offset))
            }
            highSurrogate = nil
            let combined = 0x10000 + ((high.value - 0xD800) << 10) + (value - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { return }
            try emit(scalar, at: offset)
        case 0:
            return
        default:
            guard let scalar = Unicode.Scalar(value) else { return }
            try emit(scalar, at: offset)
        }
    }

    private mutating func ensureNoPendingSurrogate() throws {
        if let high = highSurrogate {
            throw CodecError(
                code: .rtf(.unpairedSurrogate), message: "a high surrogate (\\u) is not followed by a low surrogate",
                location: .byte(high.offset))
        }
    }

    private mutating func emit(_ scalar: Unicode.Scalar, at offset: Int) throws {
        try ensureNoPendingSurrogate()
        switch state.destination {
        case .skip, .fontTable:
            return
        case .fieldInstruction, .listText, .attachmentName:
            buffer.unicodeScalars.append(scalar)
        case .body:
            if state.dropsPlaceholder {
                state.dropsPlaceholder = false
                if scalar == "\u{AC}" || scalar == "\u{FFFC}" { return }
            }
            let style = RTFRun(.text(""), isBold: state.isBold, isItalic: state.isItalic, link: state.link)
            if let pending = pendingStyle, !pending.hasSameStyle(as: style) { flushText() }
            pendingStyle = style
            pendingText.unicodeScalars.append(scalar)
        }
    }

    /// Adds a run after the text gathered so far; text runs of one style are gathered, not concatenated, to stay
    /// linear.
    private mutating func append(_ run: RTFRun) {
        flushText()
        paragraph.runs.append(run)
    }

    private mutating func flushText() {
        guard var run = pendingStyle else { return }
        pendingStyle = nil
        defer { pendingText = "" }
        if let last = paragraph.runs.last, case .text(let existing) = last.content, last.hasSameStyle(as: run) {
            paragraph.runs[paragraph.runs.count - 1].content = .text(existing + pendingText)
        } else {
            run.content = .text(pendingText)
            paragraph.runs.append(run)
        }
    }

    private mutating func endParagraph() {
        flushText()
        paragraph.listLevel = paragraph.listMarker == nil ? 0 : listLevel
        paragraphs.append(paragraph)
        paragraph = RTFParagraph()
    }

    // MARK: Control words and symbols

    private mutating func controlSymbol(_ symbol: UInt8, at offset: Int) throws {
        if symbol == UInt8(ascii: "*") {
            ignorableNext = true
            return
        }
        ignorableNext = false
        switch symbol {
        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            try emit(Unicode.Scalar(symbol), at: offset)
        case UInt8(ascii: "~"):
            try emit("\u{A0}", at: offset)
        case UInt8(ascii: "-"):
            try emit("\u{AD}", at: offset)
        case UInt8(ascii: "_"):
            try emit("\u{2011}", at: offset)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            try paragraphBreak(at: offset)
        default:
            break
        }
    }

    /// Destinations whose contents are never text of the document.
    static let skippedDestinations: Set<String> = [
        "colortbl", "stylesheet", "info", "pict", "header", "headerl", "headerr", "headerf", "footer", "footerl",
        "footerr",
        "footerf", "expandedcolortbl", "listtable", "listoverridetable", "filetbl", "revtbl", "rsidtbl", "generator",
        "xmlnstbl", "themedata", "colorschememapping", "latentstyles", "datastore", "object", "nonshppict", "userprops",
        "footnote", "annotation", "atnid", "atnauthor", "bkmkstart", "bkmkend", "pgdsctbl", "mmathPr", "fldtype",
        "pn", "pntxta", "pntxtb", "tc", "tcn", "xe", "txe", "rxe", "template", "falt", "panose",
    ]

    /// Characters that RTF names with a control word.
    static let namedCharacters: [String: Unicode.Scalar] = [
        "emdash": "\u{2014}", "endash": "\u{2013}", "lquote": "\u{2018}", "rquote": "\u{2019}", "ldblquote": "\u{201C}",
        "rdblquote": "\u{201D}", "bullet": "\u{2022}", "emspace": "\u{2003}", "enspace": "\u{2002}",
        "qmspace": "\u{2005}",
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "zwbo": "\u{200B}", "tab": "\t", "cell": "\t", "nestcell": "\t",
    ]

    private mutating func controlWord(_ name: String, _ parameter: Int?, at offset: Int) throws {
        let ignorable = ignorableNext
        ignorableNext = false
        if state.destination == .attachmentName {
            // The file name ends at the first control word (` \width…`); the rest of the group is its geometry.
            state.destination = .skip
        }
        if state.destination == .skip { return }
        if state.destination == .fontTable {
            fontTableWord(name, parameter)
            return
        }
        if let character = Self.namedCharacters[name] {
            try emit(character, at: offset)
            return
        }
        let isOn = parameter.map { $0 != 0 } ?? true
        switch name {
        case "par", "sect", "page", "row", "nestrow":
            try paragraphBreak(at: offset)
        case "line":
            guard state.destination == .body else { return }
            try ensureNoPendingSurrogate()
            append(RTFRun(.lineBreak, isBold: state.isBold, isItalic: state.isItalic, link: state.link))
        case "b": state.isBold = isOn
        case "i": state.isItalic = isOn
        case "plain":
            state.isBold = false
            state.isItalic = false
            state.font = nil
        case "pard": listLevel = 0
        case "ilvl": listLevel = max(0, min(parameter ?? 0, 8))
        case "uc": state.unicodeSkipCount = max(0, parameter ?? 1)
        case "u": if let parameter { try unicode(parameter, at: offset) }
        case "ansi": documentCodePage = .windows1252
        case "mac": documentCodePage = .macOSRoman
        case "pc": documentCodePage = .pc437
        case "pca": documentCodePage = .pc850
        case "ansicpg": if let parameter { documentCodePage = RTFCodePage(number: parameter) }
        case "deff": defaultFont = parameter
        case "f": state.font = parameter
        case "fonttbl": state.destination = .fontTable
        case "fldinst":
            startBuffer(.fieldInstruction, role: .fieldInstruction)
        case "fldrslt":
            state.link = state.fieldTarget ?? state.link
        case "listtext", "pntext":
            startBuffer(.listText, role: .listText)
        case "NeXTGraphic":
            startBuffer(.attachmentName, role: .attachment)
        default:
            if ignorable || Self.skippedDestinations.contains(name) {
                state.destination = .skip
            }
        }
    }

    private mutating func startBuffer(_ destination: Destination, role: Role) {
        state.destination = destination
        state.role = role
        buffer = ""
    }

    private mutating func fontTableWord(_ name: String, _ parameter: Int?) {
        switch name {
        case "f": fontBeingDefined = parameter
        case "fcharset":
            if let font = fontBeingDefined, let parameter {
                fontCodePages[font] = RTFCodePage.forCharacterSet(parameter)
            }
        case "cpg":
            if let font = fontBeingDefined, let parameter { fontCodePages[font] = RTFCodePage(number: parameter) }
        default:
            break
        }
    }

    private mutating func paragraphBreak(at offset: Int) throws {
        guard state.destination == .body else { return }
        try ensureNoPendingSurrogate()
        state.dropsPlaceholder = false
        endParagraph()
    }

    /// The target of a `HYPERLINK "url"` field instruction (`\l "anchor"` gives `#anchor`); nil for other fields.
    static func hyperlinkTarget(_ instruction: String) -> String? {
        var words: [(text: String, quoted: Bool)] = []
        var scalars = Substring(instruction).unicodeScalars[...]
        while let first = scalars.first {
            if first == " " || first == "\t" {
                scalars = scalars.dropFirst()
            } else if first == "\"" {
                let rest = scalars.dropFirst()
                let end = rest.firstIndex(of: "\"") ?? rest.endIndex
                words.append((String(String.UnicodeScalarView(rest[..<end])), true))
                scalars = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            } else {
                let end = scalars.firstIndex { $0 == " " || $0 == "\t" } ?? scalars.endIndex
                words.append((String(String.UnicodeScalarView(scalars[..<end])), false))
                scalars = scalars[end...]
            }
        }
        guard let keyword = words.first, !keyword.quoted, keyword.text.uppercased() == "HYPERLINK" else { return nil }
        var isAnchor = false
        for word in words.dropFirst() {
            if !word.quoted, word.text.hasPrefix("\\") {
                if word.text == "\\l" { isAnchor = true }
                continue
            }
            return isAnchor ? "#" + word.text : word.text
        }
        return nil
    }
}
