import DocumentCodecs

/// A recursive-descent reader of the OpenStep grammar over UTF-16 code units, as CoreFoundation parses it.
///
/// It works on UTF-16 because `\U` escapes name UTF-16 code units (a surrogate pair is two escapes).
/// Recursion is capped by the depth limit before it descends.
struct OpenStepPropertyListParser {
    private static let hardDepthLimit = 4_096

    private let units: [UInt16]
    private let options: OpenStepPropertyList.ReadingOptions
    private let maximumDepth: Int
    private var index = 0

    init(units: [UInt16], options: OpenStepPropertyList.ReadingOptions) {
        self.units = units
        self.options = options
        self.maximumDepth = min(options.maximumDepth, Self.hardDepthLimit)
    }

    mutating func parseDocument() throws -> PropertyListValue {
        guard try advanceToNonSpace() else { return .dictionary([]) }
        let value = try parseObject(depth: 0, required: true) ?? .dictionary([])
        guard try advanceToNonSpace() else { return value }
        guard case .string = value else {
            throw error(.plist(.openStepJunkAfterValue), "text follows the property list's value", at: index)
        }
        // A string followed by more text: CF reads the whole file again as a strings file.
        index = 0
        let entries = try parseDictionaryContent(depth: 0)
        if try advanceToNonSpace() {
            throw error(.plist(.openStepJunkAfterValue), "text follows the strings file's last entry", at: index)
        }
        return .dictionary(entries)
    }

    // MARK: Values

    private mutating func parseObject(depth: Int, required: Bool) throws -> PropertyListValue? {
        guard try advanceToNonSpace() else {
            if required {
                throw error(.plist(.openStepUnexpectedEnd), "the file ends where a value was expected", at: index)
            }
            return nil
        }
        let start = index
        let unit = units[index]
        // As in CF, the limit applies to values, so an empty array may still close at the deepest level.
        if depth > maximumDepth && Self.startsValue(unit) {
            throw error(
                .plist(.openStepTooDeep), "arrays and dictionaries are nested more than \(maximumDepth) levels deep",
                at: index)
        }
        switch unit {
        case UInt16(ascii: "{"):
            index += 1
            let entries = try parseDictionaryContent(depth: depth)
            guard try advanceToNonSpace(), units[index] == UInt16(ascii: "}") else {
                throw error(
                    .plist(.openStepUnterminatedDictionary), "the dictionary opened here has no closing '}'",
                    at: index >= units.count ? start : index)
            }
            index += 1
            return .dictionary(entries)
        case UInt16(ascii: "("):
            index += 1
            return .array(try parseArray(depth: depth, start: start))
        case UInt16(ascii: "<"):
            index += 1
            return .data(try parseData(start: start))
        case UInt16(ascii: "\""), UInt16(ascii: "'"):
            index += 1
            return .string(try parseQuotedString(quote: unit, start: start))
        default:
            if Self.isUnquotedCharacter(unit) { return .string(parseUnquotedString()) }
            if required {
                throw error(.plist(.openStepUnexpectedCharacter), "'\(describe(unit))' cannot start a value", at: start)
            }
            return nil
        }
    }

    private mutating func parseDictionaryContent(depth: Int) throws -> [PropertyListEntry] {
        var entries: [PropertyListEntry] = []
        var positions: [[UInt16]: Int] = [:]
        while let (key, keyStart) = try parseKey() {
            guard try advanceToNonSpace() else {
                throw error(
                    .plist(.openStepMissingSemicolon), "the entry '\(key)' has no ';' before the end of the file",
                    at: index)
            }
            let value: PropertyListValue
            if units[index] == UInt16(ascii: ";") {
                value = .string(key)
            } else if units[index] == UInt16(ascii: "=") {
                index += 1
                value = try parseObject(depth: depth + 1, required: true) ?? .string("")
            } else {
                throw error(
                    .plist(.openStepMissingEquals),
                    "the key '\(key)' is followed by '\(describe(units[index]))' instead of '=' or ';'", at: index)
            }
            let keyUnits = Array(key.utf16)
            if let position = positions[keyUnits] {
                guard options.duplicateKeys == .lastWins else {
                    throw error(
                        .plist(.openStepDuplicateKey), "the key '\(key)' appears twice in one dictionary", at: keyStart)
                }
                entries[position].value = value
            } else {
                positions[keyUnits] = entries.count
                entries.append(PropertyListEntry(key: key, value: value))
            }
            guard try advanceToNonSpace(), units[index] == UInt16(ascii: ";") else {
                throw error(.plist(.openStepMissingSemicolon), "the entry '\(key)' is not ended by ';'", at: index)
            }
            index += 1
        }
        return entries
    }

    /// A dictionary key (a quoted or unquoted string) and where it starts, or nil when none follows.
    private mutating func parseKey() throws -> (String, Int)? {
        guard try advanceToNonSpace() else { return nil }
        let start = index
        let unit = units[index]
        if unit == UInt16(ascii: "\"") || unit == UInt16(ascii: "'") {
            index += 1
            return (try parseQuotedString(quote: unit, start: start), start)
        }
        if Self.isUnquotedCharacter(unit) { return (parseUnquotedString(), start) }
        return nil
    }

    private mutating func parseArray(depth: Int, start: Int) throws -> [PropertyListValue] {
        var elements: [PropertyListValue] = []
        var element = try parseObject(depth: depth + 1, required: false)
        while let current = element {
            elements.append(current)
            guard try advanceToNonSpace() else {
                throw error(.plist(.openStepUnterminatedArray), "the array opened here has no closing ')'", at: start)
            }
            if units[index] == UInt16(ascii: ",") {
                index += 1
                element = try parseObject(depth: depth + 1, required: false)
            } else {
                element = nil
            }
        }
        guard try advanceToNonSpace() else {
            throw error(.plist(.openStepUnterminatedArray), "the array opened here has no closing ')'", at: start)
        }
        guard units[index] == UInt16(ascii: ")") else {
            throw error(
                .plist(.openStepUnterminatedArray),
                "'\(describe(units[index]))' stands where ',' or ')' was expected in an array", at: index)
        }
        index += 1
        return elements
    }

    private mutating func parseData(start: Int) throws -> Data {
        var bytes: [UInt8] = []
        while index < units.count {
            let unit = units[index]
            if unit == UInt16(ascii: ">") {
                index += 1
                return Data(bytes)
            }
            if let high = Self.hexValue(unit) {
                guard index + 1 < units.count, let low = Self.hexValue(units[index + 1]) else {
                    throw error(
                        .plist(.openStepBadData), "a hex digit in data has no partner (an odd number of digits)",
                        at: index)
                }
                bytes.append(high << 4 | low)
                index += 2
            } else if unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D || unit == 0x2028 || unit == 0x2029 {
                index += 1
            } else {
                throw error(.plist(.openStepBadData), "'\(describe(unit))' is not a hex digit in data", at: index)
            }
        }
        throw error(.plist(.openStepUnterminatedData), "the data opened here has no closing '>'", at: start)
    }

    private mutating func parseQuotedString(quote: UInt16, start: Int) throws -> String {
        var result: [UInt16] = []
        while index < units.count {
            let unit = units[index]
            if unit == quote {
                index += 1
                return try string(from: result, start: start)
            }
            index += 1
            guard unit == UInt16(ascii: "\\") else {
                result.append(unit)
                continue
            }
            guard index < units.count else { break }
            result.append(try escapedUnit())
        }
        throw error(.plist(.openStepUnterminatedString), "the string opened here has no closing quote", at: start)
    }

    /// The code unit an escape stands for; `index` is just past the backslash.
    private mutating func escapedUnit() throws -> UInt16 {
        let escapeStart = index - 1
        let unit = units[index]
        index += 1
        switch unit {
        case UInt16(ascii: "0")...UInt16(ascii: "7"):
            var number = Int(unit - UInt16(ascii: "0"))
            for _ in 0..<2 {
                guard index < units.count, units[index] >= UInt16(ascii: "0"), units[index] <= UInt16(ascii: "7") else {
                    break
                }
                number = number * 8 + Int(units[index] - UInt16(ascii: "0"))
                index += 1
            }
            // CF keeps the value in a byte, so \777 wraps to 0xFF; the byte then goes through NeXTSTEP.
            guard let mapped = NeXTSTEPEncoding.codeUnit(for: UInt8(truncatingIfNeeded: number)) else {
                throw error(
                    .plist(.openStepBadEscape),
                    "the octal escape names byte 0x\(String(UInt8(truncatingIfNeeded: number), radix: 16)), which "
                        + "the NeXTSTEP encoding does not define",
                    at: escapeStart)
            }
            return mapped
        case UInt16(ascii: "U"):
            var number: UInt16 = 0
            for _ in 0..<4 {
                guard index < units.count, let digit = Self.hexValue(units[index]) else { break }
                number = number << 4 | UInt16(digit)
                index += 1
            }
            return number
        case UInt16(ascii: "a"): return 0x07
        case UInt16(ascii: "b"): return 0x08
        case UInt16(ascii: "f"): return 0x0C
        case UInt16(ascii: "n"): return 0x0A
        case UInt16(ascii: "r"): return 0x0D
        case UInt16(ascii: "t"): return 0x09
        case UInt16(ascii: "v"): return 0x0B
        default: return unit
        }
    }

    private mutating func parseUnquotedString() -> String {
        let start = index
        while index < units.count, Self.isUnquotedCharacter(units[index]) { index += 1 }
        return String(decoding: units[start..<index], as: UTF16.self)
    }

    /// A string of UTF-16 units; a lone surrogate (only `\U` can make one) is an error, never U+FFFD.
    private func string(from result: [UInt16], start: Int) throws -> String {
        var position = 0
        while position < result.count {
            let unit = result[position]
            if unit >= 0xD800 && unit < 0xDC00, position + 1 < result.count,
                result[position + 1] >= 0xDC00 && result[position + 1] < 0xE000
            {
                position += 2
            } else if unit >= 0xD800 && unit < 0xE000 {
                throw error(
                    .plist(.openStepLoneSurrogate),
                    "the string holds the lone surrogate \\U\(String(unit, radix: 16, uppercase: true)), which is "
                        + "no character",
                    at: start)
            } else {
                position += 1
            }
        }
        return String(decoding: result, as: UTF16.self)
    }

    // MARK: Space and comments

    /// Skips whitespace and comments; returns whether anything follows.
    private mutating func advanceToNonSpace() throws -> Bool {
        while index < units.count {
            let unit = units[index]
            if (0x09...0x0D).contains(unit) || unit == 0x20 || unit == 0x2028 || unit == 0x2029 {
                index += 1
            } else if unit == UInt16(ascii: "/"), index + 1 < units.count, units[index + 1] == UInt16(ascii: "/") {
                index += 2
                while index < units.count, ![0x0A, 0x0D, 0x2028, 0x2029].contains(units[index]) { index += 1 }
            } else if unit == UInt16(ascii: "/"), index + 1 < units.count, units[index + 1] == UInt16(ascii: "*") {
                let start = index
                index += 2
                while index < units.count,
                    !(units[index] == UInt16(ascii: "*") && index + 1 < units.count
                        && units[index + 1] == UInt16(ascii: "/"))
                {
                    index += 1
                }
                guard index < units.count else {
                    throw error(
                        .plist(.openStepUnterminatedComment), "the comment opened here has no closing '*/'", at: start)
                }
                index += 2
            } else {
                return true
            }
        }
        return false
    }

    // MARK: Characters

    private static func startsValue(_ unit: UInt16) -> Bool {
        [UInt16(ascii: "{"), UInt16(ascii: "("), UInt16(ascii: "<"), UInt16(ascii: "\""), UInt16(ascii: "'")].contains(
            unit) || isUnquotedCharacter(unit)
    }

    private static func isUnquotedCharacter(_ unit: UInt16) -> Bool {
        switch unit {
        case UInt16(ascii: "a")...UInt16(ascii: "z"), UInt16(ascii: "A")...UInt16(ascii: "Z"),
            UInt16(ascii: "0")...UInt16(ascii: "9"),
            UInt16(ascii: "_"), UInt16(ascii: "$"), UInt16(ascii: "/"), UInt16(ascii: ":"), UInt16(ascii: "."),
            UInt16(ascii: "-"):
            true
        default: false
        }
    }

    private static func hexValue(_ unit: UInt16) -> UInt8? {
        switch unit {
        case UInt16(ascii: "0")...UInt16(ascii: "9"): UInt8(unit - UInt16(ascii: "0"))
        case UInt16(ascii: "a")...UInt16(ascii: "f"): UInt8(unit - UInt16(ascii: "a") + 10)
        case UInt16(ascii: "A")...UInt16(ascii: "F"): UInt8(unit - UInt16(ascii: "A") + 10)
        default: nil
        }
    }

    private func describe(_ unit: UInt16) -> String {
        if let scalar = Unicode.Scalar(UInt32(unit)), unit >= 0x20, unit != 0x7F { return String(Character(scalar)) }
        return "U+" + String(unit, radix: 16, uppercase: true)
    }

    /// An error at code unit `offset`, located by line and column (columns in Unicode scalars).
    private func error(_ code: CodecError.Code, _ message: String, at offset: Int) -> CodecError {
        var line = 1, column = 1
        var position = 0
        let end = min(offset, units.count)
        while position < end {
            let unit = units[position]
            if unit == 0x0A || (unit == 0x0D && (position + 1 >= units.count || units[position + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if !(unit >= 0xDC00 && unit < 0xE000) && unit != 0x0D {
                column += 1
            }
            position += 1
        }
        return CodecError(code: code, message: message, location: .line(line, column: column))
    }
}

private extension UInt16 {
    init(ascii scalar: Unicode.Scalar) {
        self = UInt16(scalar.value)
    }
}
