import DocumentCodecs

/// How the text codecs turn bytes into a ``TextDocument``: detection, then a strict (or replacing) decode.
///
/// Detection, when no encoding is forced: a byte-order mark first, in CoreFoundation's order
/// (UTF-32BE `00 00 FE FF`, UTF-32LE `FF FE 00 00`, UTF-8 `EF BB BF`, UTF-16LE `FF FE`, UTF-16BE
/// `FE FF`); then strict UTF-8 (pure ASCII counts as UTF-8); then UTF-16 without a mark, when a NUL
/// in the first two bytes says so and the whole file decodes; then the declared fallback; else the
/// file is refused. With replacement asked for and nothing else fitting, the bytes are read as UTF-8.
package enum TextDecoding {
    /// An invalid sequence: where it starts and what is wrong.
    struct Invalid: Error {
        let offset: Int
        let reason: String
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, options: TextCodecOptions) throws -> TextDocument {
        let replacing = options.replacesInvalidBytes
        if let forced = options.forcedEncoding {
            let mark = forced.byteOrderMark
            let hasMark = !mark.isEmpty && bytes.starts(with: mark)
            return try decode(bytes, as: forced, skipping: hasMark ? mark.count : 0, replacing: replacing)
        }
        if let marked = byteOrderMarkEncoding(of: bytes) {
            return try decode(bytes, as: marked, skipping: marked.byteOrderMark.count, replacing: replacing)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return TextDocument(text: text)
        }
        let firstInvalidUTF8 = utf8FirstInvalidOffset(bytes) ?? 0
        if let utf16 = likelyUTF16(bytes), let document = try? decode(bytes, as: utf16, skipping: 0, replacing: false) {
            return document
        }
        if let fallback = options.fallbackEncoding {
            return try decode(bytes, as: fallback, skipping: 0, replacing: replacing)
        }
        if replacing {
            return try decode(bytes, as: .utf8, skipping: 0, replacing: true)
        }
        throw CodecError(
            code: .text(.undetectableEncoding),
            message:
                "the byte 0x\(hex(bytes[firstInvalidUTF8])) here is not UTF-8, the file has no byte-order mark and "
                + "is not UTF-16, and no fallback encoding was declared: name the encoding with "
                + "--fallback-encoding (macintosh, windows-1252, iso-8859-1) or --encoding, or "
                + "\"codecOptions\" in a golden manifest",
            location: .byte(firstInvalidUTF8))
    }

    /// The encoding whose byte-order mark starts `bytes`, checked in CoreFoundation's order.
    static func byteOrderMarkEncoding(of bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        let order: [TextEncoding] = [.utf32BigEndian, .utf32LittleEndian, .utf8, .utf16LittleEndian, .utf16BigEndian]
        return order.first { bytes.starts(with: $0.byteOrderMark) }
    }

    /// UTF-16 without a mark: a NUL in the first two bytes (as CoreFoundation sniffs it), an even
    /// length, and NULs on one side of the code units; the side gives the byte order.
    static func likelyUTF16(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        likelyUTF16(head: bytes, count: bytes.count)
    }

    /// How many leading bytes ``likelyUTF16(head:count:)`` looks at.
    static let utf16SniffedByteCount = 4096

    /// The same from the first ``utf16SniffedByteCount`` bytes (or all, when fewer) of a file of `count` bytes.
    static func likelyUTF16(head bytes: UnsafeBufferPointer<UInt8>, count: Int) -> TextEncoding? {
        guard count >= 2, bytes.count >= 2, count % 2 == 0, bytes[0] == 0 || bytes[1] == 0 else { return nil }
        var evenNULs = 0, oddNULs = 0
        var index = 0
        let limit = min(count, utf16SniffedByteCount, bytes.count & ~1)
        while index < limit {
            if bytes[index] == 0 { evenNULs += 1 }
            if bytes[index + 1] == 0 { oddNULs += 1 }
            index += 2
        }
        if oddNULs > evenNULs { return .utf16LittleEndian }
        if evenNULs > oddNULs { return .utf16BigEndian }
        return nil
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil when all of it is.
    static func utf8FirstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    // MARK: Per encoding

    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, as encoding: TextEncoding, skipping: Int, replacing: Bool
    ) throws -> TextDocument {
        let body = UnsafeBufferPointer(rebasing: bytes[skipping...])
        do {
            let (text, replaced): (String, Int)
            switch encoding {
            case .utf8: (text, replaced) = try utf8(body, replacing: replacing)
            case .utf16LittleEndian: (text, replaced) = try utf16(body, bigEndian: false, replacing: replacing)
            case .utf16BigEndian: (text, replaced) = try utf16(body, bigEndian: true, replacing: replacing)
            case .utf32LittleEndian: (text, replaced) = try utf32(body, bigEndian: false, replacing: replacing)
            case .utf32BigEndian: (text, replaced) = try utf32(body, bigEndian: true, replacing: replacing)
            case .ascii: (text, replaced) = try eightBit(body, sequences: asciiSequences, replacing: replacing)
            case .singleByte(let table):
                (text, replaced) = try eightBit(body, sequences: table.utf8Sequences, replacing: replacing)
            }
            var document = TextDocument(text: text, encoding: encoding, hasByteOrderMark: skipping > 0)
            document.replacedSequenceCount = replaced
            return document
        } catch let invalid as Invalid {
            throw CodecError(
                code: .text(.invalidBytes), message: "\(invalid.reason) is not valid \(encoding.name)",
                location: .byte(skipping + invalid.offset))
        }
    }

    static func utf8(_ bytes: UnsafeBufferPointer<UInt8>, replacing: Bool) throws -> (String, Int) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, 0) }
        // Swift's replacement follows the "maximal subpart" rule, as Python's decode('utf-8', 'replace') does.
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, errors = 0
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: break parsing
            case .error(let length):
                guard replacing else { throw Invalid(offset: offset, reason: "the byte 0x\(hex(bytes[offset]))") }
                errors += 1
                offset += length
            }
        }
        return (String(decoding: bytes, as: UTF8.self), errors)
    }

    static func utf16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool, replacing: Bool) throws -> (String, Int) {
        let count = bytes.count / 2
        var units = [UInt16](repeating: 0, count: count)
        for index in 0..<count {
            let first = UInt16(bytes[2 * index]), second = UInt16(bytes[2 * index + 1])
            units[index] = bigEndian ? first << 8 | second : second << 8 | first
        }
        var errors = 0
        var index = 0
        while index < count {
            let unit = units[index]
            if unit & 0xFC00 == 0xD800, index + 1 < count, units[index + 1] & 0xFC00 == 0xDC00 {
                index += 2
                continue
            }
            if unit & 0xF800 == 0xD800 {
                guard replacing else {
                    throw Invalid(
                        offset: 2 * index, reason: "the code unit 0x\(hex(unit)) (a surrogate without its pair)")
                }
                errors += 1
            }
            index += 1
        }
        var text = String(decoding: units, as: UTF16.self)
        if bytes.count % 2 == 1 {
            guard replacing else { throw Invalid(offset: bytes.count - 1, reason: "the last byte (half a code unit)") }
            text.unicodeScalars.append("\u{FFFD}")
            errors += 1
        }
        return (text, errors)
    }

    static func utf32(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool, replacing: Bool) throws -> (String, Int) {
        var scalars = String.UnicodeScalarView()
        var errors = 0
        var offset = 0
        while offset + 4 <= bytes.count {
            let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1]), b2 = UInt32(bytes[offset + 2]),
                b3 = UInt32(bytes[offset + 3])
            let value = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
            if let scalar = Unicode.Scalar(value) {
                scalars.append(scalar)
            } else {
                guard replacing else {
                    throw Invalid(
                        offset: offset,
                        reason: "the code unit 0x\(String(value, radix: 16, uppercase: true)) (not a Unicode scalar)")
                }
                scalars.append("\u{FFFD}")
                errors += 1
            }
            offset += 4
        }
        if offset < bytes.count {
            guard replacing else {
                throw Invalid(offset: offset, reason: "the last \(bytes.count - offset) byte(s) (part of a code unit)")
            }
            scalars.append("\u{FFFD}")
            errors += 1
        }
        return (String(scalars), errors)
    }

    /// An 8-bit encoding through its table of UTF-8 sequences, a piece at a time, into one string.
    ///
    /// Each piece of ``eightBitPieceSize`` input bytes is decoded into a small buffer that stays in
    /// the processor's cache, then appended to a string whose capacity for the longest outcome is
    /// reserved up front (pages never written are never touched), through ``UTF8TextBuilder``: the
    /// table holds only whole UTF-8 sequences, so the standard library need not validate them again.
    /// A large input on a machine with more than one core is decoded by ``EightBitPieces`` on a
    /// thread of its own while this one appends (and the kernel maps the string's fresh pages).
    static func eightBit(
        _ bytes: UnsafeBufferPointer<UInt8>, sequences: [UInt32], replacing: Bool
    ) throws -> (String, Int) {
        guard !bytes.isEmpty else { return ("", 0) }
        let longest = longestSequence(sequences, replacing: replacing)
        var builder = UTF8TextBuilder(reservingCapacity: bytes.count * longest)
        let concurrent = bytes.count >= eightBitConcurrentMinimum && ProcessInfo.processInfo.activeProcessorCount > 1
        let errors = try sequences.withUnsafeBufferPointer { table in
            let pieces = EightBitPieces(
                input: bytes, table: table, longest: longest, replacing: replacing, slotCount: concurrent ? 3 : 1)
            defer { pieces.deallocate() }
            try concurrent ? pieces.decodeConcurrently(into: &builder) : pieces.decode(into: &builder)
            return pieces.errors
        }
        return (builder.text, errors)
    }

    /// The shortest input decoded on two threads: below it, starting a thread costs more than it saves.
    static let eightBitConcurrentMinimum = 4 * eightBitPieceSize

    /// The input bytes decoded into the scratch buffer at a time: its output (up to three times as many) stays in the
    /// cache.
    static let eightBitPieceSize = 1 << 16

    /// The most UTF-8 bytes one input byte can become: the table's longest sequence, or 3 for U+FFFD.
    static func longestSequence(_ sequences: [UInt32], replacing: Bool) -> Int {
        replacing ? 3 : max(1, Int(sequences.map { $0 >> 24 }.max() ?? 3))
    }

    /// The room past `count * longestSequence` that ``eightBit(_:table:into:replacing:errors:)`` may write into.
    static let eightBitSlack = 3

    /// Decodes `input` through `table` into `output`, which has room for `input.count` times the
    /// table's longest sequence plus ``eightBitSlack`` bytes; returns how many bytes are UTF-8 text.
    ///
    /// ASCII bytes are copied eight at a time as they are (they are their own UTF-8); any other byte
    /// stores its table entry as one unaligned 4-byte write and advances by its length. The offset
    /// of an ``Invalid`` byte is relative to `input`. The kernel of the in-memory decode and of
    /// ``TextTranscoding``, so the two give the same bytes.
    static func eightBit(
        _ input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt32>, into output: UnsafeMutableRawPointer,
        replacing: Bool,
        errors: inout Int
    ) throws(Invalid) -> Int {
        let replacement: UInt32 = 0x03BD_BFEF  // U+FFFD: EF BF BD, length 3
        guard let start = input.baseAddress else { return 0 }
        let count = input.count
        var position = 0, offset = 0
        while offset < count {
            if offset + 8 <= count {
                // The ASCII bytes before the first other byte of the word are kept; the rest of the
                // store is written over by what follows (or lies past the returned length).
                let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
                output.storeBytes(of: word, toByteOffset: position, as: UInt64.self)
                let ascii = (UInt64(littleEndian: word) & 0x8080_8080_8080_8080).trailingZeroBitCount >> 3
                position += ascii
                offset += ascii
                if ascii == 8 { continue }
            }
            var packed = table[Int(start[offset])]
            if packed == 0 {
                guard replacing else { throw Invalid(offset: offset, reason: "the byte 0x\(hex(start[offset]))") }
                errors += 1
                packed = replacement
            }
            output.storeBytes(of: (packed & 0x00FF_FFFF).littleEndian, toByteOffset: position, as: UInt32.self)
            position += Int(packed >> 24)
            offset += 1
        }
        return position
    }

    /// US-ASCII as a table: bytes up to 0x7F are themselves, the rest undefined.
    static let asciiSequences: [UInt32] = (0..<256).map { $0 < 0x80 ? UInt32($0) | 1 << 24 : 0 }
}

/// Uppercase hexadecimal of a byte or code unit, two or four digits.
func hex<Value: FixedWidthInteger>(_ value: Value) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, Value.bitWidth / 4 - digits.count)) + digits
}
