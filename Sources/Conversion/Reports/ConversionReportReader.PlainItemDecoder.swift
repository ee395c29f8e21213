import DocumentCodecs

extension ConversionReportReader {
    /// Decodes the items a job writes by the thousand (known keys, each once; strings of UTF-8 without control
    /// characters, escapes decoded; plain integers) with no `JSONDecoder`, and declines every other item.
    ///
    /// `JSONDecoder` took most of the time of merging a large job's reports. What this decoder accepts,
    /// it decodes to what `JSONDecoder` gives; whatever it is unsure of (an escaped key, an unknown or repeated
    /// key, a lone surrogate, a trailing comma, a value of the wrong type) it declines, and the item goes to
    /// `JSONDecoder`, whose rules then decide, refusals included.
    struct PlainItemDecoder {
        private let bytes: UnsafeRawBufferPointer
        private var position = 0

        private init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// The item that `bytes` (one JSON value, already checked for syntax) holds, or nil when it is not plain.
        static func decode(_ bytes: UnsafeRawBufferPointer) -> ConversionReport.Item? {
            var decoder = PlainItemDecoder(bytes: bytes)
            return decoder.item()
        }

        private enum Key: Int, CaseIterable {
            case input, output, status, sourceType, route, warnings, error

            /// Every key, kept once: `allCases` makes a new array each time, and an item has seven keys.
            static let all = allCases

            var name: StaticString {
                switch self {
                case .input: "input"
                case .output: "output"
                case .status: "status"
                case .sourceType: "sourceType"
                case .route: "route"
                case .warnings: "warnings"
                case .error: "error"
                }
            }
        }

        private static let statuses = ConversionReport.Status.allCases

        private mutating func item() -> ConversionReport.Item? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var input: ItemPath?
            var output: ItemPath?
            var status: ConversionReport.Status?
            var sourceType: String?
            var route: [String]?
            var warnings: [ConversionWarning]?
            var error: ConversionError?
            var seen: UInt8 = 0
            repeat {
                guard let name = plainString(), let key = Key.all.first(where: { Self.equal(name, $0.name) }), seen & 1 << key.rawValue == 0,
                    take(UInt8(ascii: ":"))
                else { return nil }
                seen |= 1 << key.rawValue
                switch key {
                case .input:
                    guard let path = path() else { return nil }
                    input = path
                case .output:
                    if takeNull() { break }
                    guard let path = path() else { return nil }
                    output = path
                case .status:
                    guard let raw = plainString(), let value = Self.statuses.first(where: { $0.rawValue.utf8.elementsEqual(raw) }) else {
                        return nil
                    }
                    status = value
                case .sourceType:
                    if takeNull() { break }
                    guard let text = text() else { return nil }
                    sourceType = text
                case .route:
                    guard let codecs = texts() else { return nil }
                    route = codecs
                case .warnings:
                    guard let list = warningList() else { return nil }
                    warnings = list
                case .error:
                    if takeNull() { break }
                    guard let decoded = conversionError() else { return nil }
                    error = decoded
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), let input, let status, let route, let warnings else { return nil }
            skipWhitespace()
            guard position == bytes.count else { return nil }
            return ConversionReport.Item(input: input, output: output, status: status, sourceType: sourceType, route: route, warnings: warnings, error: error)
        }

        /// `[]`, or objects of exactly `code`, `path` and `message`.
        private mutating func warningList() -> [ConversionWarning]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var warnings: [ConversionWarning] = []
            if take(UInt8(ascii: "]")) { return warnings }
            repeat {
                guard take(UInt8(ascii: "{")) else { return nil }
                var code: String?, path: String?, message: String?
                repeat {
                    guard let name = plainString(), take(UInt8(ascii: ":")), let value = text() else { return nil }
                    if Self.equal(name, "code"), code == nil {
                        code = value
                    } else if Self.equal(name, "path"), path == nil {
                        path = value
                    } else if Self.equal(name, "message"), message == nil {
                        message = value
                    } else {
                        return nil
                    }
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")), let code, let path, let message else { return nil }
                warnings.append(ConversionWarning(code: code, path: path, message: message))
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return nil }
            return warnings
        }

        /// An error as `ConversionError`'s `Decodable` conformance reads it: `code` and `message`, `file` and
        /// `location` (or null), and `byteOffset`, which it does not read (declined unless a plain integer).
        private mutating func conversionError() -> ConversionError? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var code: String?, message: String?, file: String?, location: ErrorLocation?
            var seen: Set<String> = []
            if take(UInt8(ascii: "}")) { return nil }
            repeat {
                guard let name = plainString(), take(UInt8(ascii: ":")) else { return nil }
                let key = String(decoding: name, as: UTF8.self)
                guard seen.insert(key).inserted else { return nil }
                switch key {
                case "code":
                    guard let value = text() else { return nil }
                    code = value
                case "message":
                    guard let value = text() else { return nil }
                    message = value
                case "file":
                    if takeNull() { break }
                    guard let value = text() else { return nil }
                    file = value
                case "location":
                    if takeNull() { break }
                    guard let value = errorLocation(depth: 0) else { return nil }
                    location = value.location
                case "byteOffset":
                    guard integer() != nil else { return nil }
                default:
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), let code, let message else { return nil }
            return ConversionError(code: code, message: message, file: file, location: location)
        }

        /// The fields of a location object, read as `ConversionError`'s `CodableLocation` reads them (each may be null or absent).
        private struct LocationFields {
            var byte: Int?
            var line: Int?
            var column: Int?
            var member: String?
            var keyPath: String?
            var inner: ErrorLocation?

            /// The location the fields stand for, as `ConversionError`'s `Codable` form reads them.
            var location: ErrorLocation? {
                ConversionError.location(byte: byte, line: line, column: column, keyPath: keyPath, member: member, inner: inner)
            }
        }

        /// A location object; a few levels of `inner` at most (deeper ones are declined).
        private mutating func errorLocation(depth: Int) -> LocationFields? {
            guard depth < 8, take(UInt8(ascii: "{")) else { return nil }
            var fields = LocationFields()
            if take(UInt8(ascii: "}")) { return fields }
            var seen: Set<String> = []
            repeat {
                guard let name = plainString(), take(UInt8(ascii: ":")) else { return nil }
                let key = String(decoding: name, as: UTF8.self)
                guard seen.insert(key).inserted else { return nil }
                if takeNull() {
                    guard ["byte", "line", "column", "member", "keyPath", "inner"].contains(key) else { return nil }
                    continue
                }
                switch key {
                case "byte", "line", "column":
                    guard let value = integer() else { return nil }
                    if key == "byte" { fields.byte = value } else if key == "line" { fields.line = value } else { fields.column = value }
                case "member", "keyPath":
                    guard let value = text() else { return nil }
                    if key == "member" { fields.member = value } else { fields.keyPath = value }
                case "inner":
                    guard let inner = errorLocation(depth: depth + 1) else { return nil }
                    // An inner location with no fields is nil, as `CodableLocation.location` makes it.
                    fields.inner = inner.location
                default:
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            return fields
        }

        /// An integer in JSON's plainest form (an optional minus, no leading zero, at most 18 digits, no fraction
        /// or exponent), which fits an `Int`; anything else is declined.
        private mutating func integer() -> Int? {
            skipWhitespace()
            var index = position
            let isNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if isNegative { index += 1 }
            let digitsStart = index
            var value = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                // Eighteen digits always fit; a longer number is declined before it could overflow.
                guard index - digitsStart < 18 else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            let digitCount = index - digitsStart
            guard digitCount > 0, digitCount == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): return nil
                default: break
                }
            }
            position = index
            return isNegative ? -value : value
        }

        /// An array of plain strings.
        private mutating func texts() -> [String]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var result: [String] = []
            if take(UInt8(ascii: "]")) { return result }
            repeat {
                guard let text = text() else { return nil }
                result.append(text)
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return nil }
            return result
        }

        /// A path in `ItemPath`'s JSON form, as `ItemPath(decodingJSON:)` reads it.
        private mutating func path() -> ItemPath? {
            withString { bytes in
                if bytes.starts(with: "base64:".utf8) { return ItemPath(decodingJSON: String(decoding: bytes, as: UTF8.self)) }
                return ItemPath(bytes: Array(bytes))
            }
        }

        /// A string's text.
        private mutating func text() -> String? {
            withString { String(decoding: $0, as: UTF8.self) }
        }

        /// The bytes of a string without escapes or control characters (not yet checked for UTF-8), after white space.
        private mutating func plainString() -> UnsafeRawBufferPointer? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)])
                }
                guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
                position += 1
            }
            return nil
        }

        /// Calls `body` with the UTF-8 of the string that starts after white space, its escapes replaced; nil,
        /// declining, for a string `JSONDecoder` refuses or might read otherwise (a control character, bytes that
        /// are not UTF-8, an unknown escape, a surrogate without its pair, a `\u` without four hexadecimal digits).
        private mutating func withString<Value>(_ body: (UnsafeRawBufferPointer) -> Value?) -> Value? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            var isASCII = true
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)])
                    guard isASCII || String(validating: raw, as: UTF8.self) != nil else { return nil }
                    return body(raw)
                }
                if byte == UInt8(ascii: "\\") { return withEscapedString(from: start, body) }
                guard byte >= 0x20 else { return nil }
                if byte >= 0x80 { isASCII = false }
                position += 1
            }
            return nil
        }

        /// `withString` from the string's first backslash on (the string started at `start`).
        ///
        /// The bytes between escapes are checked for UTF-8 with the escapes' bytes between them; an escape
        /// always gives whole characters, so this refuses exactly the strings whose pieces are not UTF-8.
        private mutating func withEscapedString<Value>(from start: Int, _ body: (UnsafeRawBufferPointer) -> Value?) -> Value? {
            var decoded = Array(bytes[start..<position])
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") {
                    guard String(validating: decoded, as: UTF8.self) != nil else { return nil }
                    return decoded.withUnsafeBytes(body)
                }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    decoded.append(byte)
                    continue
                }
                guard position < bytes.count else { return nil }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hexadecimalUnit() else { return nil }
                    var value = UInt32(unit)
                    if UTF16.isTrailSurrogate(unit) { return nil }
                    if UTF16.isLeadSurrogate(unit) {
                        guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { return nil }
                        position += 2
                        guard let trail = hexadecimalUnit(), UTF16.isTrailSurrogate(trail) else { return nil }
                        value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) else { return nil }
                    decoded.append(contentsOf: encoded)
                default:
                    return nil
                }
            }
            return nil
        }

        /// Four hexadecimal digits after `\u`, as one UTF-16 code unit.
        private mutating func hexadecimalUnit() -> UInt16? {
            guard bytes.count - position >= 4 else { return nil }
            var unit: UInt16 = 0
            for _ in 0..<4 {
                guard let digit = HexadecimalDigit.value(bytes[position]) else { return nil }
                unit = unit << 4 | UInt16(digit)
                position += 1
            }
            return unit
        }

        private static func equal(_ raw: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
            raw.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }

        private mutating func skipWhitespace() {
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
                position += 1
            }
        }

        /// Consumes `byte` after white space, if it is next.
        private mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func takeNull() -> Bool {
            skipWhitespace()
            guard bytes.count - position >= 4, Self.equal(UnsafeRawBufferPointer(rebasing: bytes[position..<(position + 4)]), "null") else { return false }
            position += 4
            return true
        }
    }
}
