import Foundation

/// Finds a document's content type and the registered codec that reads it, by fixed and documented steps.
///
/// For a path, in this order (the first step that yields a type some codec reads wins):
/// 1. A type given by the caller (`--type`): a declared type, else a codec's readable type of that
///    identifier (compared case-insensitively), else an undeclared type of that identifier.
/// 2. The filename extension, compared case-insensitively: the declared types with that extension tag
///    (system table first, as `UTType.types(tag:tagClass:conformingTo:)` orders them), then the readable
///    types of registered codecs, in registration order, that declare no extension of their own and whose
///    identifier's last dot-separated component is the extension (`com.example.notebook` for `.notebook`:
///    a codec's `UTType(exportedAs:)` has no tags until an Info.plist declares them). A folder takes only
///    types that conform to `public.directory`, a file only types that do not.
/// 3. For a file, its first 4,096 bytes: `bplist00` is a binary property list; after an optional UTF-8
///    byte-order mark and white space, `{` or `[` is JSON, `<?xml` is XML (an XML property list when
///    `<plist` or `<!DOCTYPE plist` follows within those bytes); a UTF-16 byte-order mark is UTF-16 text;
///    bytes that are valid UTF-8 (a sequence cut by the 4,096-byte window allowed) without a NUL are UTF-8
///    text; anything else is `public.data`.
///
/// When no step finds a type that a codec reads, the result has no codec and the most specific type
/// found (the extension's, else the sniffed one, else `public.folder` or `public.data`). The same path,
/// bytes and registry always give the same answer.
public struct ContentTypeDetector: Sendable {
    /// How a content type was found.
    public enum Source: String, Sendable, Hashable, Codable {
        /// Given by the caller.
        case given
        /// From the filename extension.
        case filenameExtension = "extension"
        /// From the first bytes of the file.
        case contents
        /// Nothing matched: the generic type of a file or folder.
        case fallback
    }

    /// What the detector found for one path.
    public struct Detection: Sendable {
        /// The content type.
        public var contentType: UTType
        /// How it was found.
        public var source: Source
        /// The registered codec that reads it, if any.
        public var codec: AnyDocumentCodec?
    }

    /// How many bytes of a file sniffing looks at.
    public static let sniffedByteCount = 4096

    /// The codecs whose readable types are candidates.
    public var codecs: CodecRegistry

    public init(codecs: CodecRegistry) {
        self.codecs = codecs
    }

    /// Detects the content type of the item at `url` (a file or a folder), or uses `givenType` when not nil.
    ///
    /// Reads at most ``sniffedByteCount`` bytes; an unreadable file simply sniffs as `public.data`, because
    /// the decoder that follows reports the read failure with its own error.
    public func detect(at url: URL, givenType: String? = nil) -> Detection {
        if let givenType {
            let type = resolve(identifier: givenType)
            return Detection(contentType: type, source: .given, codec: codecs.codec(reading: type))
        }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        let candidates = extensionCandidates(url.pathExtension, isFolder: exists && isFolder.boolValue)
        for type in candidates {
            if let codec = codecs.codec(reading: type) {
                return Detection(contentType: type, source: .filenameExtension, codec: codec)
            }
        }
        var sniffed: UTType?
        if exists && !isFolder.boolValue {
            let type = Self.sniff(Self.leadingBytes(of: url))
            sniffed = type
            if let codec = codecs.codec(reading: type) {
                return Detection(contentType: type, source: .contents, codec: codec)
            }
        }
        if let first = candidates.first {
            return Detection(contentType: first, source: .filenameExtension, codec: nil)
        }
        if let sniffed {
            return Detection(contentType: sniffed, source: .contents, codec: nil)
        }
        return Detection(contentType: isFolder.boolValue ? .folder : .data, source: .fallback, codec: nil)
    }

    /// The type an identifier names: declared, else a codec's, else an undeclared one.
    public func resolve(identifier: String) -> UTType {
        if let declared = UTType(identifier) { return declared }
        let lowered = identifier.lowercased()
        for codec in codecs.codecs {
            if let type = codec.readableContentTypes.first(where: { $0.identifier.lowercased() == lowered }) { return type }
        }
        return UTType(importedAs: identifier)
    }

    /// The types a filename extension may stand for, preferred first (step 2 above); empty without an extension.
    public func extensionCandidates(_ filenameExtension: String, isFolder: Bool) -> [UTType] {
        guard !filenameExtension.isEmpty else { return [] }
        let lowered = filenameExtension.lowercased()
        var candidates = UTType.types(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: nil).filter { !$0.isDynamic }
        for codec in codecs.codecs {
            for type in codec.readableContentTypes where type.tags[.filenameExtension] == nil {
                let lastComponent = type.identifier.split(separator: ".").last.map { $0.lowercased() }
                if lastComponent == lowered && !candidates.contains(type) { candidates.append(type) }
            }
        }
        return candidates.filter { $0.conforms(to: .directory) == isFolder }
    }

    /// The filename extensions (lowercased, without repeats) under which step 2 finds a type `codec` reads.
    public func filenameExtensions(readBy codec: AnyDocumentCodec) -> [String] {
        var extensions: [String] = []
        for type in codec.readableContentTypes {
            let declared = type.tags[.filenameExtension] ?? []
            let names = declared.isEmpty ? (type.isDeclared ? [] : type.identifier.split(separator: ".").last.map { [String($0)] } ?? []) : declared
            for name in names.map({ $0.lowercased() }) where !extensions.contains(name) { extensions.append(name) }
        }
        return extensions
    }

    // MARK: Sniffing

    private static func leadingBytes(of url: URL) -> [UInt8] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: sniffedByteCount)) ?? Data())
    }

    /// The content type the first bytes of a file suggest (step 3 above).
    public static func sniff(_ bytes: [UInt8]) -> UTType {
        if bytes.starts(with: Array("bplist00".utf8)) { return .binaryPropertyList }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return .utf16PlainText }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let body = bytes[start...]
        if body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "[") { return .json }
        if body.starts(with: Array("<?xml".utf8)) {
            let text = String(decoding: body, as: UTF8.self)
            return text.contains("<plist") || text.contains("<!DOCTYPE plist") ? .xmlPropertyList : .xml
        }
        return isUTF8Text(bytes) ? .utf8PlainText : .data
    }

    /// Whether `bytes` are UTF-8 without NUL, allowing one sequence cut short at the end of the window.
    private static func isUTF8Text(_ bytes: [UInt8]) -> Bool {
        if bytes.contains(0) { return false }
        var trimmed = bytes[...]
        if bytes.count == sniffedByteCount {
            // Drop a multi-byte sequence the window may have cut: at most three continuation bytes and their lead.
            var back = 0
            while back < 3, let last = trimmed.last, last & 0xC0 == 0x80 {
                trimmed = trimmed.dropLast()
                back += 1
            }
            if let last = trimmed.last, last >= 0xC0 { trimmed = trimmed.dropLast() }
        }
        var iterator = trimmed.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
