import DocumentModels

/// Finds a document's content type and the registered codec that reads it, by fixed and documented steps.
///
/// Three steps, tried in the order of the detector's ``Order`` (the first that yields a type some codec
/// reads wins):
/// - **given**: a type given by the caller (`--type`): a declared type, else a codec's readable type of
///   that identifier (compared case-insensitively), else an undeclared type of that identifier. When
///   given, no other step runs.
/// - **extension**: the filename extension, compared case-insensitively: the declared types with that
///   extension tag (system table first, as `UTType.types(tag:tagClass:conformingTo:)` orders them), then
///   the readable types of registered codecs, in registration order, that declare no extension of their
///   own and whose identifier's last dot-separated component is the extension (`com.example.notebook` for
///   `.notebook`: a codec's `UTType(exportedAs:)` has no tags until an Info.plist declares them). A folder
///   takes only types that conform to `public.directory`, a file only types that do not.
/// - **contents** (``sniff(_:)``, for a file its first 4,096 bytes; for a folder its members):
///   - *signatures*, which are certain: `bplist0` is a binary property list; `rtfd` followed by version 0
///     is a flat RTFD; `{\rtf` is RTF; a BOM-prefixed or bare `<?xml` is XML (an XML property list when
///     `<plist` or `<!DOCTYPE plist` follows within the window, as does a bare `<plist`/`<!DOCTYPE plist`);
///     a folder holding `TXT.rtf` is RTFD;
///   - *guesses*, which are not: the byte-order marks, in Core Foundation's order (`00 00 FE FF` and
///     `FF FE 00 00` are UTF-32 plain text, then `FE FF`/`FF FE` UTF-16 with a mark) — a mark says how
///     text is encoded, not which text format it is (a CSV file may have one); after an optional UTF-8
///     BOM and white space, `[` or a `{` whose first
///     member is followed by `:` (or `{}`) is JSON, while a `(`, a comment, or a `{` whose first key is
///     followed by `=` or `;` is an OpenStep property list; NULs in alternate positions of the first bytes
///     are UTF-16 without a mark; bytes that are valid UTF-8 (a sequence cut by the window allowed)
///     without a NUL are UTF-8 text; anything else is `public.data`.
///
/// ``Order/extensionFirst`` (what `inspect` and `diff` use) tries the extension, then the contents.
/// ``Order/contentFirst`` (what a batch conversion uses, where extensions lie) lets a signature decide,
/// unless the extension's type refines it (conforms to the signature's type) or names a format built on it
/// (conforms to nothing but `public.data`, `public.item`, `public.content`, `public.composite-content`,
/// as an app's own document type often does); without a signature it tries the extension, then a guess. When no step
/// finds a type that a codec reads, the result has no codec and
/// the most specific type found (a signature's, else the extension's, else a guess, else `public.folder`
/// or `public.data`). The same path, bytes and registry always give the same answer.
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

    /// Which evidence wins when the extension and the contents disagree.
    public enum Order: String, Sendable, Hashable, Codable {
        /// The extension, then the contents: a file is what its name says when a codec reads that.
        case extensionFirst
        /// A signature in the contents, then the extension, then a guess from the contents.
        case contentFirst
    }

    /// What sniffing a file's first bytes or a folder's members found, and how sure it is.
    public struct Sniffed: Sendable, Hashable {
        /// The content type the contents suggest.
        public var contentType: UTType
        /// Whether a signature (a magic number, a byte-order mark, a package's marker member) proved it.
        public var isSignature: Bool

        public init(contentType: UTType, isSignature: Bool) {
            self.contentType = contentType
            self.isSignature = isSignature
        }
    }

    /// How many bytes of a file sniffing looks at.
    public static let sniffedByteCount = 4096

    /// The codecs whose readable types are candidates.
    public var codecs: CodecRegistry
    /// Which evidence wins.
    public var order: Order

    public init(codecs: CodecRegistry, order: Order = .extensionFirst) {
        self.codecs = codecs
        self.order = order
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
        let folder = exists && isFolder.boolValue
        let sniffed: Sniffed? =
            exists ? (folder ? Self.sniffFolder(at: url) : Self.sniff(Self.leadingBytes(of: url))) : nil
        return detect(filenameExtension: url.pathExtension, isFolder: folder, sniffed: sniffed)
    }

    /// Detects the content type from a filename extension and what sniffing found, by the steps above.
    ///
    /// For callers that read the first bytes themselves (a path that is not UTF-8 has no URL).
    public func detect(filenameExtension: String, isFolder folder: Bool, sniffed: Sniffed?) -> Detection {
        let candidates = extensionCandidates(filenameExtension, isFolder: folder)
        let signature = sniffed.flatMap { $0.isSignature ? $0.contentType : nil }
        let guess = sniffed.flatMap { $0.isSignature ? nil : $0.contentType }

        var steps: [(type: UTType, source: Source)] = []
        switch order {
        case .extensionFirst:
            steps =
                candidates.map { ($0, .filenameExtension) }
                + [signature, guess].compactMap { $0.map { ($0, .contents) } }
        case .contentFirst:
            if let signature {
                // A signature is certain about the container; an extension type may still name the format
                // built on it: one that refines the signature's type (an `.svg` for XML), or an app's type
                // that conforms to nothing more specific than `public.data` (a `.notebookv1` keyed archive).
                // A type that says something else (`.txt`: text) loses to the signature.
                steps =
                    candidates.filter { Self.mayStandIn($0, for: signature) }.map { ($0, .filenameExtension) } + [
                        (signature, .contents)
                    ]
            } else {
                steps = candidates.map { ($0, .filenameExtension) } + (guess.map { [($0, Source.contents)] } ?? [])
            }
        }
        for step in steps {
            if let codec = codecs.codec(reading: step.type) {
                return Detection(contentType: step.type, source: step.source, codec: codec)
            }
        }
        if order == .contentFirst, let signature {
            return Detection(contentType: signature, source: .contents, codec: nil)
        }
        if let first = candidates.first { return Detection(contentType: first, source: .filenameExtension, codec: nil) }
        if let sniffed { return Detection(contentType: sniffed.contentType, source: .contents, codec: nil) }
        return Detection(contentType: folder ? .folder : .data, source: .fallback, codec: nil)
    }

    /// The types that say nothing about a format: an extension type that conforms only to these
    /// does not contradict any signature.
    public static let formatlessTypes: Set<String> = [
        "public.data", "public.item", "public.content", "public.composite-content",
    ]

    /// Whether an extension's type may name the format of a file whose contents show `signature`.
    public static func mayStandIn(_ candidate: UTType, for signature: UTType) -> Bool {
        candidate.conforms(to: signature) || candidate.supertypes.allSatisfy { formatlessTypes.contains($0.identifier) }
    }

    /// The type an identifier names: declared, else a codec's, else an undeclared one.
    public func resolve(identifier: String) -> UTType {
        if let declared = UTType(identifier) { return declared }
        let lowered = identifier.lowercased()
        for codec in codecs.codecs {
            if let type = codec.readableContentTypes.first(where: { $0.identifier.lowercased() == lowered }) {
                return type
            }
        }
        return UTType(importedAs: identifier)
    }

    /// The types a filename extension may stand for, preferred first (step 2 above); empty without an extension.
    public func extensionCandidates(_ filenameExtension: String, isFolder: Bool) -> [UTType] {
        guard !filenameExtension.isEmpty else { return [] }
        let lowered = filenameExtension.lowercased()
        var candidates = UTType.types(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: nil).filter {
            !$0.isDynamic
        }
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
            let names =
                declared.isEmpty
                ? (type.isDeclared ? [] : type.identifier.split(separator: ".").last.map { [String($0)] } ?? [])
                : declared
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

    /// The content type the members of a folder suggest: RTFD when it holds `TXT.rtf`; nil otherwise.
    public static func sniffFolder(at url: URL) -> Sniffed? {
        let marker = url.appendingPathComponent("TXT.rtf")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: marker.path, isDirectory: &isFolder), !isFolder.boolValue else {
            return nil
        }
        return Sniffed(contentType: .rtfd, isSignature: true)
    }

    /// The content type the first bytes of a file suggest, and whether a signature proved it.
    public static func sniff(_ bytes: [UInt8]) -> Sniffed {
        func signature(_ type: UTType) -> Sniffed { Sniffed(contentType: type, isSignature: true) }
        func guess(_ type: UTType) -> Sniffed { Sniffed(contentType: type, isSignature: false) }
        if bytes.starts(with: Array("bplist0".utf8)) { return signature(.binaryPropertyList) }
        if bytes.starts(with: Array("rtfd".utf8) + [0, 0, 0, 0]) { return signature(.flatRTFD) }
        // UTF-32 marks first: `FF FE 00 00` also begins with the UTF-16 little-endian mark.
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return guess(.plainText)
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return guess(.utf16ExternalPlainText)
        }
        let hasUTF8Mark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let body = bytes[(hasUTF8Mark ? 3 : 0)...]
        if body.starts(with: Array("{\\rtf".utf8)) { return signature(.rtf) }
        var start = body.startIndex
        while start < body.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(body[start]) { start += 1 }
        let trimmed = body[start...]
        if trimmed.starts(with: Array("<?xml".utf8)) || trimmed.starts(with: Array("<plist".utf8))
            || trimmed.starts(with: Array("<!DOCTYPE plist".utf8))
        {
            let text = String(decoding: trimmed, as: UTF8.self)
            return signature(text.contains("<plist") || text.contains("<!DOCTYPE plist") ? .xmlPropertyList : .xml)
        }
        if let structured = structuredGuess(trimmed) { return guess(structured) }
        if !hasUTF8Mark && looksLikeUTF16WithoutMark(bytes) { return guess(.utf16PlainText) }
        return guess(isUTF8Text(bytes) ? .utf8PlainText : .data)
    }

    /// JSON or an OpenStep property list, told apart by their first punctuation; nil for neither.
    private static func structuredGuess(_ bytes: ArraySlice<UInt8>) -> UTType? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "[") { return .json }
        if first == UInt8(ascii: "(") || bytes.starts(with: Array("//".utf8)) || bytes.starts(with: Array("/*".utf8)) {
            return .propertyList
        }
        guard first == UInt8(ascii: "{") else { return nil }
        var index = bytes.index(after: bytes.startIndex)
        func skipSpace() {
            while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        skipSpace()
        guard index < bytes.endIndex else { return .json }
        if bytes[index] == UInt8(ascii: "}") { return .json }
        // Skip the first key, quoted (with escapes) or bare, and look at what follows it.
        if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            index += 1
            while index < bytes.endIndex, bytes[index] != quote {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        } else {
            while index < bytes.endIndex,
                !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(
                    bytes[index]))
            {
                index += 1
            }
        }
        skipSpace()
        guard index < bytes.endIndex else { return nil }
        switch bytes[index] {
        case UInt8(ascii: ":"): return .json
        case UInt8(ascii: "="), UInt8(ascii: ";"): return .propertyList
        default: return nil
        }
    }

    /// Whether the first bytes have NULs in every other position, as ASCII-range text in UTF-16 without a mark has.
    ///
    /// UTF-16 has an even length, at least two characters here, and no NUL character (`00 00`).
    private static func looksLikeUTF16WithoutMark(_ bytes: [UInt8]) -> Bool {
        let window = bytes.prefix(256)
        guard window.count >= 4, window.count % 2 == 0 else { return false }
        let pairs = window.count / 2
        var nulFirst = 0
        var nulSecond = 0
        for pair in 0..<pairs {
            let first = window[pair * 2]
            let second = window[pair * 2 + 1]
            if first == 0 && second == 0 { return false }
            if first == 0 && second != 0 { nulFirst += 1 }
            if second == 0 && first != 0 { nulSecond += 1 }
        }
        // Most pairs must agree on where the NUL is; a few non-ASCII characters may break the pattern.
        return max(nulFirst, nulSecond) * 4 >= pairs * 3 && min(nulFirst, nulSecond) == 0
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
