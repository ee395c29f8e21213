import Foundation

/// A path as the exact bytes the file system uses, which need not be UTF-8 and are never normalised.
///
/// Linux file names are bytes: a name written by another system may not be valid UTF-8, and macOS
/// writes names in NFD. The converter keeps every path as bytes, so an output keeps its input's name
/// bytes and two names that differ only in normalisation stay two items. In JSON (the journal, the
/// reports) a path is its text when it is valid UTF-8 and does not start with `base64:`, and
/// `base64:` followed by the bytes in Base64 otherwise.
public struct ItemPath: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// A path from its bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A path from text (its UTF-8 bytes).
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    private static let base64Prefix = "base64:"

    /// The text when the bytes are valid UTF-8, else nil.
    public var text: String? { String(validating: bytes, as: UTF8.self) }

    /// The path for messages: invalid bytes shown as `\xNN`.
    public var description: String {
        if let text { return text }
        var result = ""
        var index = 0
        while index < bytes.count {
            // The shortest prefix that is one valid scalar, else the byte escaped.
            var scalarLength = 0
            for length in 1...min(4, bytes.count - index) {
                if let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
                    text.unicodeScalars.count == 1
                {
                    result += text
                    scalarLength = length
                    break
                }
            }
            if scalarLength == 0 {
                result += "\\x" + (bytes[index] < 16 ? "0" : "") + String(bytes[index], radix: 16)
                scalarLength = 1
            }
            index += scalarLength
        }
        return result
    }

    /// The bytes-safe JSON form: the text, or `base64:` and the bytes.
    public var encodedForJSON: String {
        if let text, !text.hasPrefix(Self.base64Prefix) { return text }
        return Self.base64Prefix + Data(bytes).base64EncodedString()
    }

    /// The path of a JSON form made by `encodedForJSON`; nil for bad Base64.
    public init?(decodingJSON value: String) {
        if value.hasPrefix(Self.base64Prefix) {
            guard let data = Data(base64Encoded: String(value.dropFirst(Self.base64Prefix.count))) else { return nil }
            bytes = Array(data)
        } else {
            bytes = Array(value.utf8)
        }
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(String.self)
        guard let path = ItemPath(decodingJSON: value) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "bad Base64 path"))
        }
        self = path
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encodedForJSON)
    }

    /// Byte-wise order, the order reports list items in.
    public static func < (left: ItemPath, right: ItemPath) -> Bool {
        left.bytes.lexicographicallyPrecedes(right.bytes)
    }

    /// This path and `component` joined by one slash.
    public func appending(_ component: [UInt8]) -> ItemPath {
        if bytes.isEmpty { return ItemPath(bytes: component) }
        // One allocation of the final size: a walk joins a path for every entry it meets.
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count + 1 + component.count)
        joined.append(contentsOf: bytes)
        if bytes.last != 0x2F { joined.append(0x2F) }
        joined.append(contentsOf: component)
        return ItemPath(bytes: joined)
    }

    /// The last component's bytes.
    public var lastComponent: [UInt8] {
        guard let slash = bytes.lastIndex(of: 0x2F) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// Everything before the last slash; empty for a single component.
    public var parent: ItemPath {
        guard let slash = bytes.lastIndex(of: 0x2F) else { return ItemPath(bytes: []) }
        return ItemPath(bytes: slash == 0 ? [0x2F] : Array(bytes[..<slash]))
    }

    /// The extension of the last component (after its last dot, not a leading one), lowercased; empty for none.
    public var filenameExtension: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: 0x2E), dot > 0, dot < name.count - 1 else { return "" }
        return String(decoding: name[(dot + 1)...], as: UTF8.self)
    }

    /// The path with the last component's extension replaced by `newExtension` (added when there is none).
    public func replacingExtension(with newExtension: String) -> ItemPath {
        // What `parent.appending(stem + "." + newExtension)` gives, built in one allocation: the job
        // names every output this way. The stem ends at the last component's last dot when that dot
        // neither starts nor ends the name; `parent` drops the last slash, and `appending` puts one back
        // unless the parent already ends in one (`a//b` becomes `a/b`).
        var prefixEnd = 0
        var nameStart = 0
        if let slash = bytes.lastIndex(of: 0x2F) {
            nameStart = slash + 1
            prefixEnd = slash > 0 && bytes[slash - 1] == 0x2F ? slash : slash + 1
        }
        var stemEnd = bytes.count
        if let dot = bytes[nameStart...].lastIndex(of: 0x2E), dot > nameStart, dot < bytes.count - 1 { stemEnd = dot }
        var result: [UInt8] = []
        result.reserveCapacity(stemEnd + 1 + newExtension.utf8.count)
        result.append(contentsOf: bytes[..<prefixEnd])
        result.append(contentsOf: bytes[nameStart..<stemEnd])
        if !newExtension.isEmpty {
            result.append(0x2E)
            result.append(contentsOf: newExtension.utf8)
        }
        return ItemPath(bytes: result)
    }

    /// The path as a file URL, when its bytes are valid UTF-8 (Foundation cannot name other paths).
    public var fileURL: URL? { text.map { URL(fileURLWithPath: $0) } }
}
