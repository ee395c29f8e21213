import DocumentCodecs
import DocumentPlatform

/// Why a job or one of its items could not be converted: the file, the place, a stable code and a sentence.
///
/// Codes start with `convert.`; an item's decode or encode failure keeps the codec's own `CodecError`
/// code (such as `text.invalid-bytes`) so reports name the format's reason.
public struct ConversionError: LocatedError, Sendable, Hashable {
    /// The input the error is about.
    public var file: String?
    /// Where in the input (a byte offset, a member, a key path).
    public var location: ErrorLocation?
    /// A stable dotted code.
    public var code: String
    /// A sentence saying what went wrong.
    public var message: String

    /// An error with its code and message.
    public init(code: String, message: String, file: String? = nil, location: ErrorLocation? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
    }

    /// An error with a catalogued code.
    package init(code: ConversionErrorCode, message: String, file: String? = nil, location: ErrorLocation? = nil) {
        self.init(code: code.rawValue, message: message, file: file, location: location)
    }

    /// The catalogued code, or nil when the error carries another domain's code (a codec's, say).
    package var kind: ConversionErrorCode? { ConversionErrorCode(rawValue: code) }

    /// The error of any thrown value, naming `file` (the job knows the full path; a codec only the file's name).
    public init(_ error: any Error, file: String?) {
        if let located = error as? any LocatedError {
            self.init(
                code: located.code, message: located.message, file: file ?? located.file, location: located.location)
        } else {
            self.init(code: .io, message: "\(error)", file: file)
        }
    }
}

extension ConversionError: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, location, code, message, byteOffset
    }

    /// `ErrorLocation` in JSON: `{"byte": 500}`, `{"line": 3, "column": 7}`, `{"member": "pages/a.txt"}`,
    /// `{"keyPath": "a.b"}` or `{"member": "x", "inner": {…}}`.
    private struct CodableLocation: Codable {
        var byte: Int?
        var line: Int?
        var column: Int?
        var member: String?
        var keyPath: String?
        var inner: Box?

        final class Box: Codable {
            let value: CodableLocation
            init(_ value: CodableLocation) { self.value = value }
            init(from decoder: any Decoder) throws { value = try CodableLocation(from: decoder) }
            func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
        }

        init(_ location: ErrorLocation) {
            switch location {
            case .byte(let offset): byte = offset
            case .line(let line, let column): (self.line, self.column) = (line, column)
            case .member(let path): member = path
            case .keyPath(let path): keyPath = path
            case .inMember(let path, let inner):
                member = path
                self.inner = Box(CodableLocation(inner))
            }
        }

        var location: ErrorLocation? {
            ConversionError.location(
                byte: byte, line: line, column: column, keyPath: keyPath, member: member, inner: inner?.value.location)
        }
    }

    /// The location a JSON location object's fields stand for: the first of a byte, a line (column 1 when absent), a
    /// key
    /// path, and a member (with its inner location, when there is one). The report reader's fast path reads the same
    /// fields.
    static func location(
        byte: Int?, line: Int?, column: Int?, keyPath: String?, member: String?, inner: ErrorLocation?
    ) -> ErrorLocation? {
        if let byte { return .byte(byte) }
        if let line { return .line(line, column: column ?? 1) }
        if let keyPath { return .keyPath(keyPath) }
        if let member {
            if let inner { return .inMember(member, inner) }
            return .member(member)
        }
        return nil
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        message = try container.decode(String.self, forKey: .message)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        location = try container.decodeIfPresent(CodableLocation.self, forKey: .location)?.location
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(file, forKey: .file)
        try container.encodeIfPresent(location.map(CodableLocation.init), forKey: .location)
        // The innermost byte offset, flat, so a CI script need not walk the location.
        var innermost = location
        while case .inMember(_, let inner)? = innermost { innermost = inner }
        if case .byte(let offset)? = innermost { try container.encode(offset, forKey: .byteOffset) }
    }
}
