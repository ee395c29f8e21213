import DocumentCodecs
import Formats

extension ConversionReportReader {
    /// Decodes the items a job writes by the thousand (known keys, each once; strings of UTF-8 without control
    /// characters, escapes decoded; plain integers) with no `JSONDecoder`, and declines every other item.
    ///
    /// `JSONDecoder` took most of the time of merging a large job's reports. What this decoder accepts,
    /// it decodes to what `JSONDecoder` gives; whatever it is unsure of (an escaped key, an unknown or repeated
    /// key, a lone surrogate, a trailing comma, a value of the wrong type) it declines, and the item goes to
    /// `JSONDecoder`, whose rules then decide, refusals included.
    struct PlainItemDecoder {
        /// Where the item's JSON is read; it declines, and so does this decoder, whatever is not plain.
        private var cursor: JSONCursor

        /// The item that `bytes` (one JSON value, already checked for syntax) holds, or nil when it is not plain.
        static func decode(_ bytes: UnsafeRawBufferPointer) -> ConversionReport.Item? {
            var decoder = PlainItemDecoder(cursor: JSONCursor(bytes))
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
            guard cursor.take(UInt8(ascii: "{")) else { return nil }
            var input: ItemPath?
            var output: ItemPath?
            var status: ConversionReport.Status?
            var sourceType: String?
            var route: [String]?
            var warnings: [ConversionWarning]?
            var error: ConversionError?
            var seen: UInt8 = 0
            repeat {
                guard let name = cursor.plainString(), let key = Key.all.first(where: { Self.equal(name, $0.name) }),
                    seen & 1 << key.rawValue == 0, cursor.take(UInt8(ascii: ":"))
                else { return nil }
                seen |= 1 << key.rawValue
                switch key {
                case .input:
                    guard let path = path() else { return nil }
                    input = path
                case .output:
                    if cursor.takeNull() { break }
                    guard let path = path() else { return nil }
                    output = path
                case .status:
                    guard let raw = cursor.plainString(),
                        let value = Self.statuses.first(where: { $0.rawValue.utf8.elementsEqual(raw) })
                    else {
                        return nil
                    }
                    status = value
                case .sourceType:
                    if cursor.takeNull() { break }
                    guard let text = text() else { return nil }
                    sourceType = text
                case .route:
                    guard let codecs = texts() else { return nil }
                    route = codecs
                case .warnings:
                    guard let list = warningList() else { return nil }
                    warnings = list
                case .error:
                    if cursor.takeNull() { break }
                    guard let decoded = conversionError() else { return nil }
                    error = decoded
                }
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "}")), cursor.isAtEnd() else { return nil }
            guard let input, let status, let route, let warnings else { return nil }
            return ConversionReport.Item(
                input: input, output: output, status: status, sourceType: sourceType, route: route, warnings: warnings,
                error: error)
        }

        /// `[]`, or objects of exactly `code`, `path` and `message`.
        private mutating func warningList() -> [ConversionWarning]? {
            guard cursor.take(UInt8(ascii: "[")) else { return nil }
            var warnings: [ConversionWarning] = []
            if cursor.take(UInt8(ascii: "]")) { return warnings }
            repeat {
                guard cursor.take(UInt8(ascii: "{")) else { return nil }
                var code: String?, path: String?, message: String?
                repeat {
                    guard let name = cursor.plainString(), cursor.take(UInt8(ascii: ":")), let value = text() else {
                        return nil
                    }
                    if Self.equal(name, "code"), code == nil {
                        code = value
                    } else if Self.equal(name, "path"), path == nil {
                        path = value
                    } else if Self.equal(name, "message"), message == nil {
                        message = value
                    } else {
                        return nil
                    }
                } while cursor.take(UInt8(ascii: ","))
                guard cursor.take(UInt8(ascii: "}")), let code, let path, let message else { return nil }
                warnings.append(ConversionWarning(code: code, path: path, message: message))
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "]")) else { return nil }
            return warnings
        }

        /// An error as `ConversionError`'s `Decodable` conformance reads it: `code` and `message`, `file` and
        /// `location` (or null), and `byteOffset`, which it does not read (declined unless a plain integer).
        private mutating func conversionError() -> ConversionError? {
            guard cursor.take(UInt8(ascii: "{")) else { return nil }
            var code: String?, message: String?, file: String?, location: ErrorLocation?
            var seen: Set<String> = []
            if cursor.take(UInt8(ascii: "}")) { return nil }
            repeat {
                guard let name = cursor.plainString(), cursor.take(UInt8(ascii: ":")) else { return nil }
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
                    if cursor.takeNull() { break }
                    guard let value = text() else { return nil }
                    file = value
                case "location":
                    if cursor.takeNull() { break }
                    guard let value = errorLocation(depth: 0) else { return nil }
                    location = value.location
                case "byteOffset":
                    guard cursor.integer() != nil else { return nil }
                default:
                    return nil
                }
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "}")), let code, let message else { return nil }
            return ConversionError(code: code, message: message, file: file, location: location)
        }

        /// The fields of a location object, read as `ConversionError`'s `CodableLocation` reads them (each may be
        /// null or absent).
        private struct LocationFields {
            var byte: Int?
            var line: Int?
            var column: Int?
            var member: String?
            var keyPath: String?
            var inner: ErrorLocation?

            /// The location the fields stand for, as `ConversionError`'s `Codable` form reads them.
            var location: ErrorLocation? {
                ConversionError.location(
                    byte: byte, line: line, column: column, keyPath: keyPath, member: member, inner: inner)
            }
        }

        /// A location object; a few levels of `inner` at most (deeper ones are declined).
        private mutating func errorLocation(depth: Int) -> LocationFields? {
            guard depth < 8, cursor.take(UInt8(ascii: "{")) else { return nil }
            var fields = LocationFields()
            if cursor.take(UInt8(ascii: "}")) { return fields }
            var seen: Set<String> = []
            repeat {
                guard let name = cursor.plainString(), cursor.take(UInt8(ascii: ":")) else { return nil }
                let key = String(decoding: name, as: UTF8.self)
                guard seen.insert(key).inserted else { return nil }
                if cursor.takeNull() {
                    guard ["byte", "line", "column", "member", "keyPath", "inner"].contains(key) else { return nil }
                    continue
                }
                switch key {
                case "byte", "line", "column":
                    guard let value = cursor.integer() else { return nil }
                    switch key {
                    case "byte": fields.byte = value
                    case "line": fields.line = value
                    default: fields.column = value
                    }
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
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "}")) else { return nil }
            return fields
        }

        /// An array of plain strings.
        private mutating func texts() -> [String]? {
            guard cursor.take(UInt8(ascii: "[")) else { return nil }
            var result: [String] = []
            if cursor.take(UInt8(ascii: "]")) { return result }
            repeat {
                guard let text = text() else { return nil }
                result.append(text)
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "]")) else { return nil }
            return result
        }

        /// A path in `ItemPath`'s JSON form, as `ItemPath(decodingJSON:)` reads it.
        private mutating func path() -> ItemPath? {
            cursor.withString { bytes in
                if bytes.starts(with: "base64:".utf8) {
                    return ItemPath(decodingJSON: String(decoding: bytes, as: UTF8.self))
                }
                return ItemPath(bytes: Array(bytes))
            }
        }

        /// A string's text.
        private mutating func text() -> String? {
            cursor.withString { String(decoding: $0, as: UTF8.self) }
        }

        private static func equal(_ raw: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
            raw.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
    }
}
