import DocumentCodecs

/// A strict reader of XML property lists over validated UTF-8.
///
/// It parses iteratively with an explicit stack of open containers, so nesting depth costs heap,
/// never call stack, and is capped by `ReadingOptions.maximumDepth`. Text is kept exactly as
/// written (a carriage return stays a carriage return), as CoreFoundation's reader keeps it.
struct XMLPropertyListReader {
    /// An open `<plist>`, `<array>` or `<dict>`.
    ///
    /// A class, so that appending to the innermost container mutates it in place: an enum payload
    /// popped and pushed back would copy its array on every append and make reading quadratic.
    private final class Frame {
        enum Kind { case plist, array, dictionary }
        let kind: Kind
        var elements: [PropertyListValue] = []
        var entries: [PropertyListEntry] = []
        var positions: [[UInt8]: Int] = [:]
        var pendingKey: [UInt8]?

        init(_ kind: Kind) {
            self.kind = kind
        }

        var elementName: String {
            switch kind {
            case .plist: "<plist>"
            case .array: "<array>"
            case .dictionary: "<dict>"
            }
        }
    }

    private let text: [UInt8]
    private let options: XMLPropertyList.ReadingOptions
    private var index = 0
    private var stack: [Frame] = []
    private var containerDepth = 0
    /// Where keys and values start, for ``XMLPropertyList/readLocated(_:options:)``; nil for a plain
    /// read, which then pays one nil test per value and per key and nothing else.
    private(set) var recorder: XMLPropertyListPositionRecorder?

    init(text: [UInt8], options: XMLPropertyList.ReadingOptions, recordsPositions: Bool = false) {
        self.text = text
        self.options = options
        if recordsPositions { recorder = XMLPropertyListPositionRecorder() }
    }

    // MARK: Document

    mutating func readDocument() throws -> PropertyListValue {
        if starts(with: "<?xml"), index + 5 < text.count, isWhitespace(text[index + 5]) {
            try skipProcessingInstruction()
        }
        try skipMisc(allowingDoctype: true)
        guard index < text.count else {
            throw error(.plist(.xmlMissingRoot), "the document holds no element", at: index)
        }
        let value = try readRootElement()
        try skipMisc(allowingDoctype: false)
        guard index >= text.count else {
            throw error(.plist(.xmlExtraContent), "content follows the end of the property list", at: index)
        }
        return value
    }

    private mutating func readRootElement() throws -> PropertyListValue {
        while true {
            if let value = try step() { return value }
        }
    }

    /// Handles one piece of markup; returns the root value once the root element has closed.
    private mutating func step() throws -> PropertyListValue? {
        try skipContentWhitespace()
        guard index < text.count else {
            throw error(
                .plist(.xmlUnterminated), "the document ends inside \(openElementName ?? "the prolog")", at: index)
        }
        let tagStart = index
        if byte(at: index + 1) == UInt8(ascii: "/") {
            let name = try readEndTag()
            return try close(name, at: tagStart)
        }
        let tag = try readStartTag()
        if stack.isEmpty {
            guard tag.name == "plist" || options.allowsMissingRoot else {
                throw error(.plist(.xmlMissingRoot), "the root element is <\(tag.name)>, not <plist>", at: tagStart)
            }
            if tag.name == "plist" {
                if tag.selfClosing { throw error(.plist(.xmlEmpty), "<plist> holds no value", at: tagStart) }
                stack.append(Frame(.plist))
                if recorder != nil { recorder?.openContainer(at: .root, start: tagStart) }
                return nil
            }
        }
        return try open(tag, at: tagStart)
    }

    private var openElementName: String? {
        stack.last?.elementName
    }

    // MARK: Elements

    private struct StartTag {
        var name: String
        var selfClosing: Bool
    }

    private mutating func open(_ tag: StartTag, at start: Int) throws -> PropertyListValue? {
        switch tag.name {
        case "array", "dict":
            guard containerDepth < options.maximumDepth else {
                throw error(
                    .plist(.xmlTooDeep), "containers are nested more than \(options.maximumDepth) levels deep",
                    at: start)
            }
            if tag.selfClosing { return try deliver(tag.name == "array" ? .array([]) : .dictionary([]), at: start) }
            containerDepth += 1
            if recorder != nil {
                let path = pathOfNextValue()
                recorder?.openContainer(at: path, start: start)
            }
            stack.append(Frame(tag.name == "array" ? .array : .dictionary))
            return nil
        case "key":
            guard let dictionary = stack.last, dictionary.kind == .dictionary else {
                throw error(.plist(.xmlUnexpectedElement), "<key> appears outside a <dict>", at: start)
            }
            if dictionary.pendingKey != nil {
                throw error(.plist(.xmlMissingValue), "the previous <key> has no value before this <key>", at: start)
            }
            let key = try readContent(of: "key", selfClosing: tag.selfClosing)
            dictionary.pendingKey = key
            if recorder != nil {
                let path = pathOfNextValue()
                recorder?.recordKey(at: path, offset: start)
            }
            return nil
        case "string":
            return try deliver(
                .string(String(decoding: readContent(of: "string", selfClosing: tag.selfClosing), as: UTF8.self)),
                at: start)
        case "integer":
            return try deliver(
                .integer(parseInteger(readContent(of: "integer", selfClosing: tag.selfClosing), at: start)), at: start)
        case "real":
            return try deliver(
                .real(parseReal(readContent(of: "real", selfClosing: tag.selfClosing), at: start)), at: start)
        case "date":
            return try deliver(
                .date(
                    secondsSinceReferenceDate: parseDate(
                        readContent(of: "date", selfClosing: tag.selfClosing), at: start)), at: start)
        case "data":
            return try deliver(
                .data(parseData(readContent(of: "data", selfClosing: tag.selfClosing), at: start)), at: start)
        case "true", "false":
            let content = try readContent(of: tag.name, selfClosing: tag.selfClosing)
            guard content.allSatisfy(isWhitespace) else {
                throw error(.plist(.xmlUnexpectedText), "<\(tag.name)/> holds text", at: start)
            }
            return try deliver(.boolean(tag.name == "true"), at: start)
        case "plist":
            throw error(.plist(.xmlUnexpectedElement), "<plist> appears inside the property list", at: start)
        default:
            throw error(
                .plist(.xmlUnexpectedElement), "<\(tag.name)> is not an element of Apple's property-list DTD", at: start
            )
        }
    }

    private mutating func close(_ name: String, at start: Int) throws -> PropertyListValue? {
        guard let frame = stack.popLast() else {
            throw error(.plist(.xmlMismatchedTag), "</\(name)> closes nothing", at: start)
        }
        let valueStart = recorder?.closeContainer()
        switch frame.kind {
        case .plist:
            guard name == "plist" else {
                throw error(.plist(.xmlMismatchedTag), "</\(name)> closes <plist>", at: start)
            }
            guard let value = frame.elements.first else {
                throw error(.plist(.xmlEmpty), "<plist> holds no value", at: start)
            }
            return value
        case .array:
            guard name == "array" else {
                throw error(.plist(.xmlMismatchedTag), "</\(name)> closes <array>", at: start)
            }
            containerDepth -= 1
            return try deliver(.array(frame.elements), at: start, valueStart: valueStart)
        case .dictionary:
            guard name == "dict" else { throw error(.plist(.xmlMismatchedTag), "</\(name)> closes <dict>", at: start) }
            let entries = frame.entries
            if let pendingKey = frame.pendingKey {
                throw error(
                    .plist(.xmlMissingValue), "the key '\(String(decoding: pendingKey, as: UTF8.self))' has no value",
                    at: start)
            }
            containerDepth -= 1
            if entries.count == 1, entries[0].key == "CF$UID", case .integer(let number) = entries[0].value,
                let uid = UInt32(exactly: number)
            {
                return try deliver(.uid(uid), at: start, valueStart: valueStart)
            }
            return try deliver(.dictionary(entries), at: start, valueStart: valueStart)
        }
    }

    /// Adds a finished value to the open container; returns it when it is the whole document.
    ///
    /// `start` is where errors point; `valueStart`, where a closed container's start tag began, is what
    /// a recorded position points at (`start` for scalars and empty containers).
    private mutating func deliver(
        _ value: PropertyListValue, at start: Int, valueStart: Int? = nil
    ) throws -> PropertyListValue? {
        if recorder != nil {
            let path = pathOfNextValue()
            recorder?.recordValue(at: path, offset: valueStart ?? start)
        }
        guard let frame = stack.last else { return value }
        switch frame.kind {
        case .plist:
            if !frame.elements.isEmpty {
                throw error(.plist(.xmlExtraContent), "<plist> holds more than one value", at: start)
            }
            frame.elements.append(value)
        case .array:
            frame.elements.append(value)
        case .dictionary:
            guard let pendingKey = frame.pendingKey else {
                throw error(.plist(.xmlMissingKey), "a value in <dict> has no <key> before it", at: start)
            }
            let key = String(decoding: pendingKey, as: UTF8.self)
            if let position = frame.positions[pendingKey] {
                guard options.duplicateKeys == .lastWins else {
                    throw error(.plist(.xmlDuplicateKey), "the key '\(key)' appears twice in one <dict>", at: start)
                }
                frame.entries[position].value = value
            } else {
                frame.positions[pendingKey] = frame.entries.count
                frame.entries.append(PropertyListEntry(key: key, value: value))
            }
            frame.pendingKey = nil
        }
        return nil
    }

    /// The path of the value the innermost open container receives next (the root when none is open).
    ///
    /// Called only while recording; in a dictionary, the key must already be pending.
    private func pathOfNextValue() -> PropertyListPath {
        let containerPath = recorder?.currentPath ?? .root
        guard let frame = stack.last else { return .root }
        switch frame.kind {
        case .plist: return .root
        case .array: return containerPath.appending(index: frame.elements.count)
        case .dictionary: return containerPath.appending(key: String(decoding: frame.pendingKey ?? [], as: UTF8.self))
        }
    }

    // MARK: Tags

    private mutating func readName() throws -> String {
        let start = index
        while index < text.count, isNameByte(text[index]) { index += 1 }
        guard index > start else {
            throw error(.plist(.xmlMalformed), "a tag has no name", at: start)
        }
        return String(decoding: text[start..<index], as: UTF8.self)
    }

    private mutating func readStartTag() throws -> StartTag {
        let start = index
        index += 1
        let name = try readName()
        while true {
            let hadSpace = skipWhitespace()
            guard index < text.count else {
                throw error(.plist(.xmlUnterminated), "the tag <\(name)> is not closed", at: start)
            }
            if text[index] == UInt8(ascii: ">") {
                index += 1
                return StartTag(name: name, selfClosing: false)
            }
            if text[index] == UInt8(ascii: "/") {
                guard byte(at: index + 1) == UInt8(ascii: ">") else {
                    throw error(.plist(.xmlMalformed), "'/' in the tag <\(name)> is not followed by '>'", at: index)
                }
                index += 2
                return StartTag(name: name, selfClosing: true)
            }
            guard hadSpace else {
                throw error(.plist(.xmlMalformed), "the tag <\(name)> holds an unexpected character", at: index)
            }
            let attributeStart = index
            let attribute = try readName()
            skipWhitespace()
            guard byte(at: index) == UInt8(ascii: "=") else {
                throw error(.plist(.xmlMalformed), "the attribute \(attribute) has no value", at: index)
            }
            index += 1
            skipWhitespace()
            guard let quote = byte(at: index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error(.plist(.xmlMalformed), "the value of the attribute \(attribute) is not quoted", at: index)
            }
            index += 1
            while index < text.count, text[index] != quote {
                if text[index] == UInt8(ascii: "<") {
                    throw error(.plist(.xmlMalformed), "the value of the attribute \(attribute) holds '<'", at: index)
                }
                index += 1
            }
            guard index < text.count else {
                throw error(
                    .plist(.xmlUnterminated), "the value of the attribute \(attribute) is not closed",
                    at: attributeStart)
            }
            index += 1
            let allowed = name == "plist" && attribute == "version"
            if !allowed && !options.ignoresUnknownAttributes {
                throw error(
                    .plist(.xmlUnexpectedAttribute),
                    "<\(name)> has the attribute \(attribute), which the DTD does not declare", at: attributeStart)
            }
        }
    }

    private mutating func readEndTag() throws -> String {
        let start = index
        index += 2
        let name = try readName()
        skipWhitespace()
        guard byte(at: index) == UInt8(ascii: ">") else {
            throw error(
                index >= text.count ? .plist(.xmlUnterminated) : .plist(.xmlMalformed),
                "the end tag </\(name)> is not closed by '>'", at: start)
        }
        index += 1
        return name
    }

    /// The decoded text of a scalar element up to its end tag, which must match `name`.
    private mutating func readContent(of name: String, selfClosing: Bool) throws -> [UInt8] {
        if selfClosing { return [] }
        var content: [UInt8] = []
        var spanStart = index
        while index < text.count {
            let current = text[index]
            if current == UInt8(ascii: "<") {
                content.append(contentsOf: text[spanStart..<index])
                let markupStart = index
                if byte(at: index + 1) == UInt8(ascii: "/") {
                    let endName = try readEndTag()
                    guard endName == name else {
                        throw error(.plist(.xmlMismatchedTag), "</\(endName)> closes <\(name)>", at: markupStart)
                    }
                    return content
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    let cdataStart = index
                    while index < text.count, !starts(with: "]]>") {
                        try checkCharacter(at: index)
                        index += 1
                    }
                    guard index < text.count else {
                        throw error(.plist(.xmlUnterminated), "a CDATA section is not closed", at: markupStart)
                    }
                    content.append(contentsOf: text[cdataStart..<index])
                    index += 3
                } else if starts(with: "<!--") {
                    try skipComment()
                } else if starts(with: "<?") {
                    try skipProcessingInstruction()
                } else {
                    throw error(
                        .plist(.xmlUnexpectedElement), "<\(name)> holds an element; it may hold only text",
                        at: markupStart)
                }
                spanStart = index
            } else if current == UInt8(ascii: "&") {
                content.append(contentsOf: text[spanStart..<index])
                try appendReference(to: &content)
                spanStart = index
            } else {
                if current < 0x20 { try checkCharacter(at: index) }
                index += 1
            }
        }
        throw error(.plist(.xmlUnterminated), "the document ends inside <\(name)>", at: index)
    }

    /// Decodes `&name;` or a character reference at `index` into `content`.
    private mutating func appendReference(to content: inout [UInt8]) throws {
        let start = index
        var end = index + 1
        while end < text.count, end - start < 12, text[end] != UInt8(ascii: ";") { end += 1 }
        guard end < text.count, text[end] == UInt8(ascii: ";") else {
            throw error(
                .plist(.xmlEntity), "'&' does not start an entity reference ending in ';' (write &amp;)", at: start)
        }
        let name = String(decoding: text[(start + 1)..<end], as: UTF8.self)
        index = end + 1
        switch name {
        case "lt": content.append(UInt8(ascii: "<"))
        case "gt": content.append(UInt8(ascii: ">"))
        case "amp": content.append(UInt8(ascii: "&"))
        case "quot": content.append(UInt8(ascii: "\""))
        case "apos": content.append(UInt8(ascii: "'"))
        default:
            var digits = Substring(name)
            guard digits.first == "#" else {
                throw error(
                    .plist(.xmlEntity), "the entity &\(name); is not one of XML's five predefined entities", at: start)
            }
            digits = digits.dropFirst()
            var radix = 10
            if digits.first == "x" {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }),
                let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value),
                value == 0x9 || value == 0xA || value == 0xD || value >= 0x20, value != 0xFFFE, value != 0xFFFF
            else {
                throw error(.plist(.xmlEntity), "&\(name); does not name a character XML allows", at: start)
            }
            content.append(contentsOf: String(Character(scalar)).utf8)
        }
    }

    // MARK: Between elements

    /// Skips whitespace, comments and processing instructions between elements; other text is an error.
    private mutating func skipContentWhitespace() throws {
        while true {
            skipWhitespace()
            guard index < text.count else { return }
            if text[index] != UInt8(ascii: "<") {
                throw error(
                    .plist(.xmlUnexpectedText),
                    "text appears between elements\(openElementName.map { " in \($0)" } ?? "")", at: index)
            }
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                try skipProcessingInstruction()
            } else if starts(with: "<![CDATA[") {
                throw error(.plist(.xmlUnexpectedText), "a CDATA section appears between elements", at: index)
            } else if starts(with: "<!") {
                throw error(.plist(.xmlMalformed), "a declaration appears inside the document", at: index)
            } else {
                return
            }
        }
    }

    /// Skips whitespace, comments, processing instructions and (in the prolog) one DOCTYPE declaration.
    private mutating func skipMisc(allowingDoctype: Bool) throws {
        var doctypeAllowed = allowingDoctype
        while true {
            skipWhitespace()
            guard index < text.count else { return }
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                if starts(with: "<?xml"), let next = byte(at: index + 5),
                    isWhitespace(next) || next == UInt8(ascii: "?")
                {
                    throw error(.plist(.xmlMalformed), "the XML declaration may only open the document", at: index)
                }
                try skipProcessingInstruction()
            } else if starts(with: "<!DOCTYPE") && doctypeAllowed {
                try skipDoctype()
                doctypeAllowed = false
            } else if text[index] == UInt8(ascii: "<") && byte(at: index + 1) != UInt8(ascii: "!") {
                return
            } else if text[index] == UInt8(ascii: "<") {
                throw error(.plist(.xmlMalformed), "a declaration appears where an element was expected", at: index)
            } else {
                throw error(
                    allowingDoctype ? .plist(.xmlUnexpectedText) : .plist(.xmlExtraContent),
                    "text appears outside the root element", at: index)
            }
        }
    }

    private mutating func skipComment() throws {
        let start = index
        index += 4
        while index < text.count, !starts(with: "-->") { index += 1 }
        guard index < text.count else { throw error(.plist(.xmlUnterminated), "a comment is not closed", at: start) }
        index += 3
    }

    private mutating func skipProcessingInstruction() throws {
        let start = index
        index += 2
        while index < text.count, !starts(with: "?>") { index += 1 }
        guard index < text.count else {
            throw error(.plist(.xmlUnterminated), "a processing instruction is not closed", at: start)
        }
        index += 2
    }

    /// Skips `<!DOCTYPE …>`; an internal subset (`[`) is refused: it could declare entities.
    private mutating func skipDoctype() throws {
        let start = index
        index += 9
        var quote: UInt8?
        while index < text.count {
            let current = text[index]
            if let open = quote {
                if current == open { quote = nil }
            } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                quote = current
            } else if current == UInt8(ascii: "[") {
                throw error(
                    .plist(.xmlDTD), "the DOCTYPE has an internal subset, which could declare entities; it is refused",
                    at: index)
            } else if current == UInt8(ascii: ">") {
                index += 1
                return
            }
            index += 1
        }
        throw error(.plist(.xmlUnterminated), "the DOCTYPE declaration is not closed", at: start)
    }

    // MARK: Scalars

    private func parseInteger(_ content: [UInt8], at start: Int) throws -> Int128 {
        var body = content[...]
        if options.allowsLooseNumbers {
            while let first = body.first, isWhitespace(first) { body = body.dropFirst() }
            while let last = body.last, isWhitespace(last) { body = body.dropLast() }
        }
        let spelled = String(decoding: body, as: UTF8.self)
        var negative = false
        if body.first == UInt8(ascii: "-") {
            negative = true
            body = body.dropFirst()
        } else if body.first == UInt8(ascii: "+"), options.allowsLooseNumbers {
            body = body.dropFirst()
        }
        var radix: Int128 = 10
        if options.allowsLooseNumbers, body.count > 2, body.first == UInt8(ascii: "0"),
            body.dropFirst().first == UInt8(ascii: "x") || body.dropFirst().first == UInt8(ascii: "X")
        {
            radix = 16
            body = body.dropFirst(2)
        }
        guard !body.isEmpty else {
            throw error(.plist(.xmlBadInteger), "'\(spelled)' is not a decimal integer", at: start)
        }
        let limit: Int128 = negative ? Int128(1) << 63 : (Int128(1) << 64) - 1
        var magnitude: Int128 = 0
        for digit in body {
            let value: Int128
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int128(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: value = Int128(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: value = Int128(digit - UInt8(ascii: "A") + 10)
            default: throw error(.plist(.xmlBadInteger), "'\(spelled)' is not a decimal integer", at: start)
            }
            magnitude = magnitude * radix + value
            guard magnitude <= limit else {
                throw error(.plist(.xmlIntegerOutOfRange), "'\(spelled)' lies outside −2^63 … 2^64 − 1", at: start)
            }
        }
        return negative ? -magnitude : magnitude
    }

    private func parseReal(_ content: [UInt8], at start: Int) throws -> Double {
        var body = content[...]
        if options.allowsLooseNumbers {
            while let first = body.first, isWhitespace(first) { body = body.dropFirst() }
            while let last = body.last, isWhitespace(last) { body = body.dropLast() }
        }
        let spelled = String(decoding: body, as: UTF8.self)
        switch spelled.lowercased() {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard isDecimalReal(body), let value = Double(spelled) else {
            throw error(.plist(.xmlBadReal), "'\(spelled)' is not a real number", at: start)
        }
        return value
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`: what `%.17g` and `description` write.
    private func isDecimalReal(_ body: ArraySlice<UInt8>) -> Bool {
        var position = body.startIndex
        func digits() -> Int {
            let first = position
            while position < body.endIndex, body[position] >= UInt8(ascii: "0"), body[position] <= UInt8(ascii: "9") {
                position += 1
            }
            return position - first
        }
        if position < body.endIndex, body[position] == UInt8(ascii: "+") || body[position] == UInt8(ascii: "-") {
            position += 1
        }
        var mantissaDigits = digits()
        if position < body.endIndex, body[position] == UInt8(ascii: ".") {
            position += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if position < body.endIndex, body[position] == UInt8(ascii: "e") || body[position] == UInt8(ascii: "E") {
            position += 1
            if position < body.endIndex, body[position] == UInt8(ascii: "+") || body[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { return false }
        }
        return position == body.endIndex
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` exactly, the only form CoreFoundation writes and reads.
    private func parseDate(_ content: [UInt8], at start: Int) throws -> Double {
        let spelled = String(decoding: content, as: UTF8.self)
        // Made only when thrown: locating an error scans the text from its start.
        func bad() -> CodecError {
            error(.plist(.xmlBadDate), "'\(spelled)' is not a date of the form YYYY-MM-DDTHH:MM:SSZ", at: start)
        }
        guard content.count == 20 else { throw bad() }
        func number(_ range: Range<Int>) throws -> Int64 {
            var value: Int64 = 0
            for position in range {
                let digit = content[position]
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { throw bad() }
                value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Unicode.Scalar)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")]
        for (position, separator) in separators where content[position] != UInt8(ascii: separator) {
            throw bad()
        }
        let date = XMLPropertyListDate.Components(
            year: try number(0..<4), month: try number(5..<7), day: try number(8..<10),
            hour: try number(11..<13), minute: try number(14..<16), second: try number(17..<19))
        guard date.year >= 1, (1...12).contains(date.month), date.day >= 1,
            date.day <= XMLPropertyListDate.daysInMonth(year: date.year, month: date.month),
            date.hour < 24, date.minute < 60, date.second < 60
        else {
            throw error(.plist(.xmlBadDate), "'\(spelled)' names no calendar date and time", at: start)
        }
        return Double(XMLPropertyListDate.seconds(of: date))
    }

    private func parseData(_ content: [UInt8], at start: Int) throws -> Data {
        var sextets: [UInt8] = []
        sextets.reserveCapacity(content.count)
        var padding = 0
        for character in content {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default:
                throw error(
                    .plist(.xmlBadData),
                    "<data> holds the character '\(Unicode.Scalar(character))', which is not base64", at: start)
            }
            guard padding == 0 else {
                throw error(.plist(.xmlBadData), "<data> continues after its '=' padding", at: start)
            }
            sextets.append(value)
        }
        let remainder = sextets.count % 4
        let paddedCorrectly =
            (remainder == 0 && padding == 0) || (remainder == 2 && padding == 2) || (remainder == 3 && padding == 1)
        let unpaddedAllowed = options.allowsUnpaddedData && padding == 0 && remainder != 1
        guard paddedCorrectly || unpaddedAllowed else {
            throw error(
                .plist(.xmlBadData), "<data> is not whole base64 (\(sextets.count) characters and \(padding) '=')",
                at: start)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sextets.count * 3 / 4)
        var position = 0
        while position + 1 < sextets.count {
            let chunk = sextets[position..<min(position + 4, sextets.count)]
            let values = Array(chunk) + Array(repeating: 0, count: 4 - chunk.count)
            let combined =
                UInt32(values[0]) << 18 | UInt32(values[1]) << 12 | UInt32(values[2]) << 6 | UInt32(values[3])
            bytes.append(UInt8(truncatingIfNeeded: combined >> 16))
            if chunk.count > 2 { bytes.append(UInt8(truncatingIfNeeded: combined >> 8)) }
            if chunk.count > 3 { bytes.append(UInt8(truncatingIfNeeded: combined)) }
            position += 4
        }
        return Data(bytes)
    }

    // MARK: Characters

    private func checkCharacter(at position: Int) throws {
        let current = text[position]
        if current < 0x20 && current != 0x09 && current != 0x0A && current != 0x0D {
            throw error(
                .plist(.xmlInvalidCharacter),
                "the control character 0x\(String(current, radix: 16)) may not appear in XML", at: position)
        }
    }

    private func byte(at position: Int) -> UInt8? {
        position < text.count ? text[position] : nil
    }

    private func starts(with literal: StaticString) -> Bool {
        literal.withUTF8Buffer { prefix in
            guard index + prefix.count <= text.count else { return false }
            for offset in 0..<prefix.count where text[index + offset] != prefix[offset] { return false }
            return true
        }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < text.count, isWhitespace(text[index]) { index += 1 }
        return index > start
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }

    /// An error at `offset` of the UTF-8 text, located by line and column (columns in Unicode scalars).
    private func error(_ code: CodecError.Code, _ message: String, at offset: Int) -> CodecError {
        CodecError(code: code, message: message, location: Self.location(of: min(offset, text.count), in: text))
    }

    static func location(of offset: Int, in text: [UInt8]) -> ErrorLocation {
        // The same counting as the source map's, so an error and a lint finding name the same place.
        let position =
            XMLPropertyList.positions(of: [offset], in: text)[offset]
            ?? XMLPropertyList.SourcePosition(line: 1, column: 1)
        return .line(position.line, column: position.column)
    }
}
