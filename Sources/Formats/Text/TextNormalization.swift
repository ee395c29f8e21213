/// A line ending a conversion writes: LF, CR LF or CR.
public enum LineEnding: String, Sendable, Hashable, CaseIterable {
    /// LF (U+000A): Unix and modern macOS.
    case lf
    /// CR LF: Windows and internet protocols.
    case crlf
    /// CR (U+000D): classic Mac OS.
    case cr

    /// The characters of the ending.
    public var characters: String {
        switch self {
        case .lf: "\n"
        case .crlf: "\r\n"
        case .cr: "\r"
        }
    }

    /// The name in messages: `LF`, `CRLF`, `CR`.
    public var displayName: String { rawValue.uppercased() }
}

/// Normalised UTF-8: any stored form of a text turned into UTF-8 without a byte-order mark, with one line ending.
///
/// The characters are kept as they are (no Unicode normalisation, no trailing-whitespace change);
/// only the encoding, the byte-order mark and the line endings (every LF, CRLF and lone CR) change,
/// and ``Changes`` says which did.
public struct TextNormalization: Sendable, Hashable {
    /// The line ending every line gets.
    public var lineEnding: LineEnding

    /// Normalisation to `lineEnding` (LF unless told otherwise).
    public init(lineEnding: LineEnding = .lf) {
        self.lineEnding = lineEnding
    }

    /// What normalising a document changed.
    public struct Changes: Sendable, Hashable, CustomStringConvertible {
        /// The encoding the document was stored in.
        public var originalEncoding: TextEncoding
        /// Whether a byte-order mark was removed.
        public var removedByteOrderMark: Bool
        /// How many line endings were rewritten.
        public var changedLineEndings: Int
        /// The line ending written.
        public var lineEnding: LineEnding

        /// Whether nothing changed: the document was already normalised UTF-8 with this line ending.
        public var isEmpty: Bool { originalEncoding == .utf8 && !removedByteOrderMark && changedLineEndings == 0 }

        /// One line for reports, such as `encoding from macintosh to utf-8; 12 line endings changed to LF`.
        public var description: String {
            var parts: [String] = []
            if originalEncoding != .utf8 { parts.append("encoding from \(originalEncoding.name) to utf-8") }
            if removedByteOrderMark { parts.append("byte-order mark removed") }
            if changedLineEndings > 0 {
                parts.append("\(changedLineEndings) line ending\(changedLineEndings == 1 ? "" : "s") changed to \(lineEnding.displayName)")
            }
            return parts.isEmpty ? "nothing changed" : parts.joined(separator: "; ")
        }
    }

    /// The normalised document and what changed.
    public func apply(to document: TextDocument) -> (document: TextDocument, changes: Changes) {
        let (text, changed) = rewriteLineEndings(of: document.text)
        let changes = Changes(
            originalEncoding: document.encoding, removedByteOrderMark: document.hasByteOrderMark && !document.encoding.byteOrderMark.isEmpty,
            changedLineEndings: changed, lineEnding: lineEnding)
        return (TextDocument(text: text), changes)
    }

    private func rewriteLineEndings(of text: String) -> (String, Int) {
        let target = Array(lineEnding.characters.utf8)
        let utf8 = text.utf8
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + utf8.count / 16)
        var changed = 0
        var pendingCR = false
        for byte in utf8 {
            if pendingCR {
                pendingCR = false
                if byte == 0x0A {
                    if lineEnding != .crlf { changed += 1 }
                    output.append(contentsOf: target)
                    continue
                }
                if lineEnding != .cr { changed += 1 }
                output.append(contentsOf: target)
            }
            switch byte {
            case 0x0D:
                pendingCR = true
            case 0x0A:
                if lineEnding != .lf { changed += 1 }
                output.append(contentsOf: target)
            default:
                output.append(byte)
            }
        }
        if pendingCR {
            if lineEnding != .cr { changed += 1 }
            output.append(contentsOf: target)
        }
        return (String(decoding: output, as: UTF8.self), changed)
    }
}
