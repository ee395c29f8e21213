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
public struct NormalizedUTF8: Sendable, Hashable {
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
                parts.append(
                    "\(changedLineEndings) line ending\(changedLineEndings == 1 ? "" : "s") changed to "
                        + "\(lineEnding.displayName)"
                )
            }
            return parts.isEmpty ? "nothing changed" : parts.joined(separator: "; ")
        }
    }

    /// The normalised document and what changed.
    public func apply(to document: TextDocument) -> (document: TextDocument, changes: Changes) {
        let (text, changed) = rewriteLineEndings(of: document.text)
        let changes = Changes(
            originalEncoding: document.encoding,
            removedByteOrderMark: document.hasByteOrderMark && !document.encoding.byteOrderMark.isEmpty,
            changedLineEndings: changed, lineEnding: lineEnding)
        return (TextDocument(text: text), changes)
    }

    /// `text` with every LF, CR LF and lone CR replaced by ``lineEnding``, and how many of them that changed.
    private func rewriteLineEndings(of text: String) -> (String, Int) {
        var source = text
        source.makeContiguousUTF8()
        if let rewritten = source.utf8.withContiguousStorageIfAvailable({ rewriteLineEndings(of: $0) }) {
            return rewritten
        }
        return Array(source.utf8).withUnsafeBufferPointer { rewriteLineEndings(of: $0) }
    }

    /// The same over the text's UTF-8, a piece at a time, runs without a line ending copied whole.
    ///
    /// Only ASCII line endings are swapped for ASCII ones and pieces end between UTF-8 sequences, so
    /// each rewritten piece is valid UTF-8 and ``UTF8TextBuilder`` appends it without validating it
    /// again. A piece never ends on a CR (the next begins with it), so a CR LF pair is never split.
    private func rewriteLineEndings(of input: UnsafeBufferPointer<UInt8>) -> (String, Int) {
        guard let base = input.baseAddress, !input.isEmpty else { return ("", 0) }
        let count = input.count
        let pieceSize = Self.pieceSize
        // Each byte becomes at most two (a lone CR or an LF written as CR LF).
        let scratchSize = 2 * min(count, pieceSize)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchSize)
        defer { scratch.deallocate() }
        var builder = UTF8TextBuilder(reservingCapacity: lineEnding == .crlf ? 2 * count : count)
        var changed = 0
        var start = 0
        while start < count {
            var end = min(start + pieceSize, count)
            while end < count, base[end] & 0xC0 == 0x80 { end -= 1 }
            if end < count, base[end - 1] == 0x0D { end -= 1 }
            let (written, changedHere) = rewriteLineEndings(base, from: start, to: end, into: scratch)
            changed += changedHere
            let piece = UnsafeBufferPointer(start: scratch, count: written)
            builder.append(validUTF8: piece, isASCII: UTF8TextBuilder.isASCII(piece))
            start = end
        }
        return (builder.text, changed)
    }

    /// Rewrites every LF, CR LF and lone CR of `base[start..<end]` as ``lineEnding`` into `output`;
    /// returns how many bytes it wrote and how many line endings that changed.
    ///
    /// The one statement of the rules, for the whole text above and for ``TextTranscoding``'s
    /// streaming decode. The range must not end on a CR whose LF may follow past `end` (a caller
    /// holds such a CR back for the next range); `output` has room for twice the range's bytes.
    func rewriteLineEndings(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, into output: UnsafeMutablePointer<UInt8>
    ) -> (Int, Int) {
        var position = start, written = 0, changed = 0
        while position < end {
            let next = Self.nextLineBreak(in: base, from: position, to: end)
            (output + written).update(from: base + position, count: next - position)
            written += next - position
            guard next < end else { break }
            if base[next] == 0x0D {
                if next + 1 < end, base[next + 1] == 0x0A {
                    if lineEnding != .crlf { changed += 1 }
                    position = next + 2
                } else {
                    if lineEnding != .cr { changed += 1 }
                    position = next + 1
                }
            } else {
                if lineEnding != .lf { changed += 1 }
                position = next + 1
            }
            switch lineEnding {
            case .lf:
                output[written] = 0x0A
                written += 1
            case .cr:
                output[written] = 0x0D
                written += 1
            case .crlf:
                output[written] = 0x0D
                output[written + 1] = 0x0A
                written += 2
            }
        }
        return (written, changed)
    }

    /// The input bytes rewritten into the scratch buffer at a time: small enough to stay in the processor's cache.
    static let pieceSize = 1 << 16

    /// The offset of the first CR or LF in `base[start..<end]`, or `end`; eight bytes compared at a time.
    private static func nextLineBreak(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let carriageReturns = word ^ (0x0D * ones), lineFeeds = word ^ (0x0A * ones)
            // A byte that is zero after the exclusive-or sets its high bit here; the lowest set bit is always a real
            // one.
            let found = ((carriageReturns &- ones) & ~carriageReturns | (lineFeeds &- ones) & ~lineFeeds) & highBits
            if found != 0 { return offset + found.trailingZeroBitCount >> 3 }
            offset += 8
        }
        while offset < end, base[offset] != 0x0D, base[offset] != 0x0A { offset += 1 }
        return offset
    }
}
