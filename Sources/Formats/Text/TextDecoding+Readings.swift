import Foundation

extension TextDecoding {
    /// One reading of a text's bytes under one encoding, named as reports name it.
    package struct Reading: Sendable {
        /// The encoding's name in reports: `UTF-8`, `UTF-8 with BOM`, `UTF-16LE with BOM`, `Windows-1252`,
        /// `ISO-8859-1`.
        package var encoding: String
        /// The text's scalars, without a byte-order mark.
        package var scalars: [Unicode.Scalar]
    }

    /// The offset of a byte that breaks an encoding.
    package struct InvalidByte: Error {
        package var offset: Int
    }

    /// The scalars of strictly valid UTF-8, or the offset of the first byte that is not.
    package static func utf8Scalars(_ data: Data) -> Result<[Unicode.Scalar], InvalidByte> {
        // Read in place: Data's own iterator costs a call per byte, which dominates folder comparisons.
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

    /// Every reading of `data` a text comparison considers: UTF-16 with a mark, else UTF-8, else the
    /// single-byte code pages that fit (Windows-1252, then ISO 8859-1).
    ///
    /// A UTF-8 mark is dropped and named in the encoding, so `UTF-8 with BOM` and `UTF-16LE with BOM`
    /// holding the same text differ in encoding only.
    package static func readings(of data: Data) -> [Reading] {
        if let utf16 = utf16WithByteOrderMark(data) { return [utf16] }
        if case .success(var scalars) = utf8Scalars(data) {
            if scalars.first == "\u{FEFF}" {
                scalars.removeFirst()
                return [Reading(encoding: "UTF-8 with BOM", scalars: scalars)]
            }
            return [Reading(encoding: "UTF-8", scalars: scalars)]
        }
        let latin1 = Reading(encoding: "ISO-8859-1", scalars: data.map { Unicode.Scalar($0) })
        // Without bytes in 0x80…0x9F the two code pages agree, and the narrower name is the honest one.
        guard data.contains(where: { (0x80...0x9F).contains($0) }) else { return [latin1] }
        var readings: [Reading] = []
        if let windows = singleByteReading(data, .windows1252, named: "Windows-1252") { readings.append(windows) }
        readings.append(latin1)
        return readings
    }

    /// UTF-16 after a byte-order mark (the mark itself is dropped); nil without a mark or when malformed.
    private static func utf16WithByteOrderMark(_ data: Data) -> Reading? {
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
            case .emptyInput:
                return Reading(encoding: littleEndian ? "UTF-16LE with BOM" : "UTF-16BE with BOM", scalars: scalars)
            case .error: return nil
            }
        }
    }

    /// The bytes under one of the single-byte code pages; nil when a byte is one the code page leaves undefined.
    private static func singleByteReading(_ data: Data, _ encoding: SingleByteEncoding, named name: String) -> Reading?
    {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(data.count)
        for byte in data {
            guard let scalar = encoding.scalar(for: byte) else { return nil }
            scalars.append(scalar)
        }
        return Reading(encoding: name, scalars: scalars)
    }
}
