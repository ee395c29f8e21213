import Foundation

/// Strict decoders for the encodings the text comparator recognises, written out rather than taken from
/// Foundation, whose legacy tables on Linux are not to be trusted (DESIGN.md).
enum TextDecoding {
    /// A text decoded under one encoding, named for reports.
    struct Decoded {
        var encoding: String
        var scalars: [Unicode.Scalar]
    }

    /// The scalars of strictly valid UTF-8, or the offset of the first byte that is not.
    static func utf8(_ data: Data) -> Result<[Unicode.Scalar], InvalidByte> {
        // The parser reads the bytes in place: Data's own iterator costs a call per byte, which was most
        // of decoding the differing text files of a folder comparison.
        data.withUnsafeBytes { bytes in
            // ASCII is one scalar per byte, and most text is ASCII.
            if bytes.allSatisfy({ $0 < 0x80 }) { return .success(bytes.map { Unicode.Scalar($0) }) }
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(bytes.count)
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    scalars.append(Unicode.UTF8.decode(encoded))
                    offset += encoded.count
                case .emptyInput:
                    return .success(scalars)
                case .error:
                    return .failure(InvalidByte(offset: offset))
                }
            }
        }
    }

    /// The offset of a byte that breaks an encoding.
    struct InvalidByte: Error {
        var offset: Int
    }

    /// UTF-16 after a byte-order mark (the mark itself is dropped); nil without a mark or when malformed.
    static func utf16WithByteOrderMark(_ data: Data) -> Decoded? {
        let bytes = [UInt8](data)
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): littleEndian = true
        case (0xFE, 0xFF): littleEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var index = 2
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(littleEndian ? second << 8 | first : first << 8 | second)
            index += 2
        }
        var scalars: [Unicode.Scalar] = []
        var parser = Unicode.UTF16.ForwardParser()
        var iterator = units.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): scalars.append(Unicode.UTF16.decode(encoded))
            case .emptyInput: return Decoded(encoding: littleEndian ? "UTF-16LE with BOM" : "UTF-16BE with BOM", scalars: scalars)
            case .error: return nil
            }
        }
    }

    /// ISO 8859-1: every byte is the scalar of the same number.
    static func latin1(_ data: Data) -> Decoded {
        Decoded(encoding: "ISO-8859-1", scalars: data.map { Unicode.Scalar($0) })
    }

    /// Windows-1252; nil when a byte is one of the five the code page leaves undefined.
    static func windows1252(_ data: Data) -> Decoded? {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(data.count)
        for byte in data {
            if byte >= 0x80 && byte <= 0x9F {
                let value = windows1252HighControls[Int(byte - 0x80)]
                guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return Decoded(encoding: "Windows-1252", scalars: scalars)
    }

    /// Windows-1252's characters for 0x80…0x9F (0 where the code page defines none); elsewhere it is Latin-1.
    static let windows1252HighControls: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// Every reading of `data` the comparator considers: UTF-16 with a mark, else UTF-8, else Latin-1 and Windows-1252.
    ///
    /// A UTF-8 mark is dropped and named in the encoding, so `UTF-8 with BOM` and `UTF-16LE with BOM`
    /// holding the same text differ in encoding only.
    static func readings(of data: Data) -> [Decoded] {
        if let utf16 = utf16WithByteOrderMark(data) { return [utf16] }
        if case .success(var scalars) = utf8(data) {
            if scalars.first == "\u{FEFF}" {
                scalars.removeFirst()
                return [Decoded(encoding: "UTF-8 with BOM", scalars: scalars)]
            }
            return [Decoded(encoding: "UTF-8", scalars: scalars)]
        }
        // Without bytes in 0x80…0x9F the two code pages agree, and the narrower name is the honest one.
        guard data.contains(where: { (0x80...0x9F).contains($0) }) else { return [latin1(data)] }
        var readings: [Decoded] = []
        if let windows = windows1252(data) { readings.append(windows) }
        readings.append(latin1(data))
        return readings
    }
}
