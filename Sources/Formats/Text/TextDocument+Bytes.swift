import DocumentCodecs

extension TextDocument {
    /// The bytes of this document: the byte-order mark if it has one, then `text` in `encoding`.
    ///
    /// Throws `text.unencodable-character` (located at its line and column, naming the character
    /// and its 0-based index among the text's Unicode scalars) when the encoding cannot hold a character.
    public func encoded() throws -> Data {
        var bytes: [UInt8] = hasByteOrderMark ? encoding.byteOrderMark : []
        switch encoding {
        case .utf8:
            if bytes.isEmpty, let data = text.utf8.withContiguousStorageIfAvailable({ Data($0) }) { return data }
            bytes.append(contentsOf: text.utf8)
        case .utf16LittleEndian, .utf16BigEndian:
            let bigEndian = encoding == .utf16BigEndian
            bytes.reserveCapacity(bytes.count + 2 * text.utf16.count)
            for unit in text.utf16 {
                let high = UInt8(truncatingIfNeeded: unit >> 8), low = UInt8(truncatingIfNeeded: unit)
                if bigEndian {
                    bytes.append(high)
                    bytes.append(low)
                } else {
                    bytes.append(low)
                    bytes.append(high)
                }
            }
        case .utf32LittleEndian, .utf32BigEndian:
            let bigEndian = encoding == .utf32BigEndian
            for scalar in text.unicodeScalars {
                let value = scalar.value
                let units = [
                    UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                    UInt8(truncatingIfNeeded: value >> 16), 0,
                ]
                bytes.append(contentsOf: bigEndian ? units.reversed() : units)
            }
        case .ascii:
            try appendEightBit(to: &bytes) { $0.value < 0x80 ? UInt8($0.value) : nil }
        case .singleByte(let table):
            try appendEightBit(to: &bytes) { table.byte(for: $0) }
        }
        return Data(bytes)
    }

    /// Writes the document's bytes to `url` atomically (a temporary sibling, then a rename).
    ///
    /// UTF-8 without a byte-order mark is written straight from the text's own storage, without a
    /// copy, which is what keeps a large conversion as fast as `iconv`; other forms go through ``encoded()``.
    public func write(to url: URL) throws {
        if encoding == .utf8, !hasByteOrderMark {
            // The Data borrows the text's storage only while the closure runs, and the write completes inside it.
            let written: Void? = try text.utf8.withContiguousStorageIfAvailable { buffer in
                guard let base = buffer.baseAddress else { return try Data().write(to: url, options: .atomic) }
                try Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none)
                    .write(to: url, options: .atomic)
            }
            if written != nil { return }
        }
        try encoded().write(to: url, options: .atomic)
    }

    private func appendEightBit(to bytes: inout [UInt8], byte: (Unicode.Scalar) -> UInt8?) throws {
        bytes.reserveCapacity(bytes.count + text.utf8.count)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            guard let encoded = byte(scalar) else { throw unencodable(scalar, index: index) }
            bytes.append(encoded)
        }
    }

    private func unencodable(_ scalar: Unicode.Scalar, index: Int) -> CodecError {
        var line = 1, column = 1
        var previous: Unicode.Scalar?
        for current in text.unicodeScalars.prefix(index) {
            if current == "\n" || current == "\r" {
                if !(current == "\n" && previous == "\r") { line += 1 }
                column = 1
            } else {
                column += 1
            }
            previous = current
        }
        let name = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        let shown = scalar.properties.generalCategory == .control ? "" : " '\(scalar)'"
        return CodecError(
            code: .text(.unencodableCharacter),
            message:
                "the character \(name)\(shown) (index \(index) among the text's Unicode scalars) cannot be stored "
                + "in \(encoding.name)",
            location: .line(line, column: column))
    }
}
