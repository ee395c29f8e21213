// The portable UTType family compiles only where the system lacks it: on Apple systems
// UniformTypeIdentifiers makes dynamic identifiers itself, and ours must not shadow it.
#if !canImport(Darwin)

/// Encodes and decodes `dyn.` identifiers, the names Apple gives types nobody declared.
///
/// The scheme is reverse-engineered (`apple-api-facts.md` §3), not documented by Apple:
/// `dyn.a` followed by the payload's UTF-8 bytes in base 32, most significant bit first, with the
/// alphabet `abcdefghkmnpqrstuvwxyz0123456789` and no padding. The payload is `?key=value:key=value`
/// where key 0 is the parent type, 1 a filename extension, 2 an OSType, 3 a MIME type, 4 a pasteboard
/// type and 5 a URL scheme; a parent that has a one-character code (`6` for `public.data`, …) is
/// written as that code. Example: `?0=6:1=md` is `dyn.ah62d4rv4ge8043a`.
///
/// Unconfirmed choices of ours: values containing `:`, `=` or `\` are escaped with a backslash;
/// a parent without a code is written as its identifier; extensions and MIME types are case-folded
/// before encoding, consistent with our case-insensitive tag lookup.
package enum DynamicTypeIdentifier {
    /// The identifier prefix, including the scheme's version letter `a`.
    package static let prefix = "dyn.a"

    /// The base-32 alphabet of the scheme: the digits and letters minus `i`, `j`, `l`, `o`.
    private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)

    /// The value of each ASCII byte in `alphabet`, or nil for bytes outside it.
    private static let alphabetValues: [UInt8?] = {
        var values = [UInt8?](repeating: nil, count: 128)
        for (value, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(value) }
        return values
    }()

    /// The one-character codes that stand for common parent types in a payload.
    private static let parentCodes: [(code: String, identifier: String)] = [
        ("6", "public.data"), ("7", "public.text"), ("8", "public.plain-text"),
        ("9", "public.utf16-plain-text"), ("B", "public.image"), ("C", "public.video"),
        ("D", "public.audio"), ("E", "public.directory"), ("F", "public.folder"),
    ]

    /// Payload keys of the tag classes a dynamic identifier can carry.
    private static let tagClassKeys: [(key: String, tagClass: UTTagClass)] = [
        ("1", .filenameExtension), ("2", UTTagClass(rawValue: "com.apple.ostype")),
        ("3", .mimeType), ("4", UTTagClass(rawValue: "com.apple.nspboard-type")),
    ]

    // MARK: Encoding

    /// The `dyn.` identifier of a payload such as `?0=6:1=md`.
    package static func encode(payload: String) -> String {
        var output = prefix
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in payload.utf8 {
            buffer = (buffer << 8) | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                output.unicodeScalars.append(Unicode.Scalar(alphabet[Int((buffer >> UInt32(bitCount)) & 31)]))
            }
            buffer &= (1 << UInt32(bitCount)) - 1
        }
        if bitCount > 0 {
            output.unicodeScalars.append(Unicode.Scalar(alphabet[Int((buffer << UInt32(5 - bitCount)) & 31)]))
        }
        return output
    }

    /// The payload for a tag of a class that a dynamic identifier can carry, or nil for other classes.
    package static func payload(tag: String, tagClass: UTTagClass, parentIdentifier: String?) -> String? {
        guard let tagKey = tagClassKeys.first(where: { $0.tagClass == tagClass })?.key else { return nil }
        var payload = "?"
        if let parentIdentifier {
            let parentKey = UTType.key(for: parentIdentifier)
            let parent = parentCodes.first { $0.identifier == parentKey }?.code ?? escaped(parentIdentifier)
            payload += "0=" + parent + ":"
        }
        return payload + tagKey + "=" + escaped(UTType.key(for: tag))
    }

    /// A payload value with the separators `:` and `=` and the escape `\` themselves escaped.
    private static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            if character == ":" || character == "=" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    // MARK: Decoding

    /// The payload of a `dyn.a` identifier, or nil when it is not one this scheme produces.
    ///
    /// Total over all strings. Only canonical encodings decode: leftover bits must be fewer than five
    /// and zero, so that every payload has exactly one identifier and identity stays well defined.
    package static func decodePayload(_ identifier: String) -> String? {
        let folded = UTType.key(for: identifier)
        guard folded.hasPrefix(prefix) else { return nil }
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in folded.utf8.dropFirst(prefix.utf8.count) {
            guard byte < 128, let value = alphabetValues[Int(byte)] else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bitCount += 5
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bitCount)))
                buffer &= (1 << UInt32(bitCount)) - 1
            }
        }
        guard !bytes.isEmpty, bitCount < 5, buffer == 0 else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The record of a dynamic identifier: its encoded parents and standard tags; nil when undecodable.
    static func record(for identifier: String) -> UTType.Record? {
        guard let payload = decodePayload(identifier), payload.first == "?" else { return nil }
        var parents: [String] = []
        var tags: [UTTagClass: [String]] = [:]
        for (key, value) in entries(of: payload.dropFirst()) {
            if key == "0" {
                let parent = parentCodes.first { $0.code == value }?.identifier ?? value
                if UTType.isValidIdentifier(parent) { parents.append(parent) }
            } else if let tagClass = tagClassKeys.first(where: { $0.key == key })?.tagClass,
                tagClass.isStandard, !value.isEmpty
            {
                tags[tagClass, default: []].append(value)
            }
        }
        return UTType.Record(
            identifier: UTType.key(for: identifier), parentIdentifiers: parents, tags: tags, origin: .dynamic
        )
    }

    /// The `key=value` entries of a payload body, separators honoured unless escaped.
    private static func entries(of body: Substring) -> [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = []
        var key = ""
        var value = ""
        var inValue = false
        var escaping = false
        func finishEntry() {
            if inValue { entries.append((key, value)) }
            key = ""
            value = ""
            inValue = false
        }
        for character in body {
            if escaping {
                if inValue { value.append(character) } else { key.append(character) }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == ":" {
                finishEntry()
            } else if character == "=" && !inValue {
                inValue = true
            } else if inValue {
                value.append(character)
            } else {
                key.append(character)
            }
        }
        finishEntry()
        return entries
    }
}

#endif
