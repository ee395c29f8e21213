import DocumentCodecs

/// The strict `bplist00` reader: every check CoreFoundation's `__CFBinaryPlistGetTopLevelInfo` and
/// `__CFBinaryPlistCreateObject` make, plus our own, each failure a `CodecError` at a byte offset.
///
/// Nothing the file declares is trusted before it is checked against the bytes that are really
/// there: a count, a size or a reference is compared with what remains of the object table before
/// anything is allocated for it, so a 60-byte file that claims 2^64 objects is rejected, not obeyed.
/// Objects are decoded once and shared (as CF and plistlib do); recursion is bounded by
/// `limits.maximumDepth`, and the size the value would have once its shared parts are expanded by
/// `limits.maximumExpandedCount`, so that a small file of nested shared arrays cannot turn into a
/// tree of billions of nodes in whoever walks it next.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let limits: BinaryPropertyList.Limits
    private var trailer = Trailer()
    private var offsets: [Int] = []
    private var decoded: [Decoded?] = []
    private var inProgress: [Bool] = []
    private(set) var sharedReferenceCount = 0

    /// An object once decoded: its value, its size with shared objects expanded, and how deep it nests.
    struct Decoded {
        var value: PropertyListValue
        var expandedCount: Int
        /// 0 for a scalar or an empty container, else 1 + the height of its highest element.
        var height: Int
    }

    /// The facts of the trailer, once checked.
    struct Trailer {
        var offsetSize = 0
        var referenceSize = 0
        var objectCount = 0
        var topObject = 0
        var offsetTableOffset = 0
    }

    static let trailerSize = 32
    static let headerSize = 8

    init(_ data: Data, limits: BinaryPropertyList.Limits) {
        bytes = [UInt8](data)
        self.limits = limits
    }

    var checkedTrailer: Trailer { trailer }

    /// Reads the whole file and returns its top object.
    mutating func read() throws -> PropertyListValue {
        try readTrailer()
        try readOffsetTable()
        decoded = Array(repeating: nil, count: trailer.objectCount)
        inProgress = Array(repeating: false, count: trailer.objectCount)
        return try object(trailer.topObject, depth: 0, referencedAt: bytes.count - Self.trailerSize + 16).value
    }

    // MARK: Header, trailer and offset table

    private mutating func readTrailer() throws {
        let magic = Array("bplist".utf8)
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            throw Self.error(
                .plist(.binaryBadMagic), "the file does not start with the binary property-list signature 'bplist00'",
                at: 0)
        }
        guard bytes.count >= Self.headerSize, bytes[6] == UInt8(ascii: "0") else {
            let version = bytes.count >= Self.headerSize ? String(decoding: bytes[6..<8], as: UTF8.self) : "(missing)"
            throw Self.error(
                .plist(.binaryUnsupportedVersion),
                "the binary property list has version '\(version)'; only version 0 ('bplist0?') holds values of "
                    + "this model",
                at: 6)
        }
        guard bytes.count >= Self.headerSize + 1 + Self.trailerSize else {
            throw Self.error(
                .plist(.binaryTruncatedTrailer),
                "the file is \(bytes.count) bytes long, too short for the 8-byte header, one object and the 32-byte "
                    + "trailer",
                at: bytes.count)
        }
        let start = bytes.count - Self.trailerSize
        let offsetSize = Int(bytes[start + 6])
        let referenceSize = Int(bytes[start + 7])
        let objectCount = unsigned(at: start + 8, size: 8)
        let topObject = unsigned(at: start + 16, size: 8)
        let tableOffset = unsigned(at: start + 24, size: 8)
        guard (1...8).contains(offsetSize) else {
            throw Self.error(
                .plist(.binaryBadOffsetSize),
                "the trailer gives offsets \(offsetSize) bytes; they must be 1 to 8 bytes", at: start + 6)
        }
        guard (1...8).contains(referenceSize) else {
            throw Self.error(
                .plist(.binaryBadReferenceSize),
                "the trailer gives object references \(referenceSize) bytes; they must be 1 to 8 bytes", at: start + 7)
        }
        guard objectCount >= 1 else {
            throw Self.error(
                .plist(.binaryNoObjects), "the trailer declares no objects; a property list has at least one",
                at: start + 8)
        }
        guard topObject < objectCount else {
            throw Self.error(
                .plist(.binaryTopObjectOutOfRange),
                "the top object \(topObject) is past the end of the object table (\(objectCount) objects)",
                at: start + 16)
        }
        guard tableOffset >= UInt64(Self.headerSize + 1), tableOffset < UInt64(start) else {
            throw Self.error(
                .plist(.binaryOffsetTableOutOfRange),
                "the offset table is said to start at byte \(tableOffset), outside the object area (bytes 9 to "
                    + "\(start - 1))",
                at: start + 24)
        }
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
        // tableOffset < start, so the subtraction cannot wrap; an addition could.
        guard !overflow, tableSize == UInt64(start) - tableOffset else {
            throw Self.error(
                .plist(.binaryOffsetTableSize),
                "\(objectCount) offsets of \(offsetSize) bytes from byte \(tableOffset) do not end where the "
                    + "trailer starts (byte \(start))",
                at: start + 8)
        }
        if referenceSize < 8, objectCount >= UInt64(1) << UInt64(8 * referenceSize) {
            throw Self.error(
                .plist(.binaryReferenceSizeTooSmall),
                "object references of \(referenceSize) bytes cannot name all \(objectCount) objects", at: start + 7)
        }
        if offsetSize < 8, tableOffset >= UInt64(1) << UInt64(8 * offsetSize) {
            throw Self.error(
                .plist(.binaryOffsetSizeTooSmall),
                "offsets of \(offsetSize) bytes cannot reach the offset table at byte \(tableOffset)",
                at: start + 6)
        }
        // Every value is now below the file's length, so the conversions cannot trap.
        trailer = Trailer(
            offsetSize: offsetSize, referenceSize: referenceSize, objectCount: Int(objectCount),
            topObject: Int(topObject),
            offsetTableOffset: Int(tableOffset))
    }

    private mutating func readOffsetTable() throws {
        offsets.reserveCapacity(trailer.objectCount)
        for index in 0..<trailer.objectCount {
            let position = trailer.offsetTableOffset + index * trailer.offsetSize
            let offset = unsigned(at: position, size: trailer.offsetSize)
            guard offset >= UInt64(Self.headerSize), offset < UInt64(trailer.offsetTableOffset) else {
                throw Self.error(
                    .plist(.binaryOffsetOutOfRange),
                    "object \(index) is said to start at byte \(offset), outside the object area (bytes 8 to "
                        + "\(trailer.offsetTableOffset - 1))",
                    at: position)
            }
            offsets.append(Int(offset))
        }
    }

    // MARK: Objects

    private mutating func object(_ index: Int, depth: Int, referencedAt place: Int) throws -> Decoded {
        if let known = decoded[index] {
            sharedReferenceCount += 1
            // A shared object nests as deep below this place as it did where it was first read.
            guard depth + known.height < limits.maximumDepth else { throw tooDeep(at: offsets[index]) }
            return known
        }
        if inProgress[index] {
            throw Self.error(
                .plist(.binaryCycle), "object \(index) contains itself: a container refers to one of its ancestors",
                at: place)
        }
        guard depth < limits.maximumDepth else { throw tooDeep(at: offsets[index]) }
        inProgress[index] = true
        let result = try decodeObject(index, depth: depth)
        inProgress[index] = false
        decoded[index] = result
        return result
    }

    private func tooDeep(at offset: Int) -> CodecError {
        Self.error(
            .plist(.binaryTooDeep),
            "the containers are nested more than \(limits.maximumDepth) deep (the reader's limit)", at: offset)
    }

    private mutating func decodeObject(_ index: Int, depth: Int) throws -> Decoded {
        let offset = offsets[index]
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return Decoded(value: .boolean(false), expandedCount: 1, height: 0)
            case 0x09: return Decoded(value: .boolean(true), expandedCount: 1, height: 0)
            case 0x00:
                throw Self.error(
                    .plist(.binaryNullMarker), "the null object (marker 0x00) has no property-list value", at: offset)
            case 0x0C, 0x0D, 0x0E:
                throw Self.error(
                    .plist(.binaryVersion1Marker),
                    "marker 0x\(Self.hex(marker)) (a URL or UUID) belongs to binary property lists of version 1, not 0",
                    at: offset)
            default:
                throw Self.error(
                    .plist(.binaryUnknownMarker), "marker 0x\(Self.hex(marker)) is not an object", at: offset)
            }
        case 0x1:
            let size = 1 << low
            guard size <= 16 else {
                throw Self.error(
                    .plist(.binaryBadIntegerSize),
                    "an integer of \(size) bytes is longer than the 16 a property list allows", at: offset)
            }
            try need(size, after: offset, for: "integer")
            return Decoded(
                value: .integer(try integer(at: offset + 1, size: size, marker: offset)), expandedCount: 1, height: 0)
        case 0x2:
            switch low {
            case 2:
                try need(4, after: offset, for: "real")
                return Decoded(
                    value: .real(Double(Float(bitPattern: UInt32(unsigned(at: offset + 1, size: 4))))),
                    expandedCount: 1, height: 0)
            case 3:
                try need(8, after: offset, for: "real")
                return Decoded(
                    value: .real(Double(bitPattern: unsigned(at: offset + 1, size: 8))), expandedCount: 1, height: 0)
            default:
                throw Self.error(
                    .plist(.binaryBadRealSize), "a real of \(1 << low) bytes; reals are 4 or 8 bytes", at: offset)
            }
        case 0x3:
            guard marker == 0x33 else {
                throw Self.error(
                    .plist(.binaryUnknownMarker), "marker 0x\(Self.hex(marker)) is not an object (a date is 0x33)",
                    at: offset)
            }
            try need(8, after: offset, for: "date")
            let seconds = Double(bitPattern: unsigned(at: offset + 1, size: 8))
            guard BinaryPropertyList.representableDates.contains(seconds) else {
                throw Self.error(
                    .plist(.binaryInvalidDate),
                    "the date \(seconds) seconds from 2001 is not a date of years 1 to 9999 (NaN and infinite dates "
                        + "are refused)",
                    at: offset)
            }
            return Decoded(value: .date(secondsSinceReferenceDate: seconds), expandedCount: 1, height: 0)
        case 0x4:
            let (count, start) = try count(low, at: offset, kind: "data")
            try need(count, from: start, for: "data", at: offset)
            return Decoded(value: .data(Data(bytes[start..<start + count])), expandedCount: 1, height: 0)
        case 0x5:
            let (count, start) = try count(low, at: offset, kind: "ASCII string")
            try need(count, from: start, for: "ASCII string", at: offset)
            return Decoded(value: .string(try asciiString(from: start, count: count)), expandedCount: 1, height: 0)
        case 0x6:
            let (count, start) = try count(low, at: offset, kind: "UTF-16 string")
            guard count <= (trailer.offsetTableOffset - start) / 2 else {
                throw Self.error(
                    .plist(.binaryTruncatedObject),
                    "the UTF-16 string at byte \(offset) declares \(count) units, more than the object table holds "
                        + "after it",
                    at: offset)
            }
            return Decoded(value: .string(try utf16String(from: start, count: count)), expandedCount: 1, height: 0)
        case 0x7:
            throw Self.error(
                .plist(.binaryVersion1Marker),
                "a UTF-8 string (marker 0x7n) belongs to binary property lists of version 1", at: offset)
        case 0x8:
            let size = low + 1
            try need(size, after: offset, for: "UID")
            let leading = max(0, size - 8)
            guard bytes[offset + 1..<offset + 1 + leading].allSatisfy({ $0 == 0 }) else {
                throw Self.error(
                    .plist(.binaryUIDOutOfRange), "a UID of \(size) bytes larger than 2^32 − 1", at: offset)
            }
            let value = unsigned(at: offset + 1 + leading, size: size - leading)
            guard value <= UInt64(UInt32.max) else {
                throw Self.error(
                    .plist(.binaryUIDOutOfRange),
                    "the UID \(value) is larger than 2^32 − 1, the range of a keyed-archive UID", at: offset)
            }
            return Decoded(value: .uid(UInt32(value)), expandedCount: 1, height: 0)
        case 0xA:
            let (count, start) = try count(low, at: offset, kind: "array")
            try needReferences(count, from: start, for: "array", at: offset)
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            var expanded = 1, height = 0
            for position in 0..<count {
                let place = start + position * trailer.referenceSize
                let child = try object(try reference(at: place), depth: depth + 1, referencedAt: place)
                elements.append(child.value)
                expanded = try add(expanded, child.expandedCount, at: offset)
                height = max(height, child.height + 1)
            }
            return Decoded(value: .array(elements), expandedCount: expanded, height: height)
        case 0xB:
            throw Self.error(
                .plist(.binaryVersion1Marker),
                "an ordered set (marker 0xBn) belongs to binary property lists of version 1", at: offset)
        case 0xC:
            throw Self.error(.plist(.binarySetMarker), "a set (marker 0xCn) has no property-list value", at: offset)
        case 0xD:
            let (count, start) = try count(low, at: offset, kind: "dictionary")
            guard count <= Int.max / 2 else { throw truncated("dictionary", at: offset) }
            try needReferences(count * 2, from: start, for: "dictionary", at: offset)
            var keys: [String] = []
            keys.reserveCapacity(count)
            // Keys are compared by their bytes: canonically equivalent keys are different keys here.
            // A small dictionary compares each key with the ones before it; a large one hashes them.
            var seen = count > Self.largestLinearlyCheckedDictionary ? Set<ExactKey>(minimumCapacity: count) : []
            var expanded = 1, height = 0
            for position in 0..<count {
                let place = start + position * trailer.referenceSize
                let keyIndex = try reference(at: place)
                let key = try object(keyIndex, depth: depth + 1, referencedAt: place)
                guard case .string(let text) = key.value else {
                    throw Self.error(
                        .plist(.binaryNonStringKey),
                        "key \(position) of the dictionary at byte \(offset) is "
                            + "\(PropertyListCodec.kindName(of: key.value)); keys must be strings",
                        at: offsets[keyIndex])
                }
                let isDuplicate =
                    count > Self.largestLinearlyCheckedDictionary
                    ? !seen.insert(ExactKey(text: text)).inserted
                    : keys.contains { $0.utf8.count == text.utf8.count && $0.utf8.elementsEqual(text.utf8) }
                guard !isDuplicate else {
                    throw Self.error(
                        .plist(.binaryDuplicateKey), "the dictionary at byte \(offset) has the key \"\(text)\" twice",
                        at: place)
                }
                keys.append(text)
                expanded = try add(expanded, 1, at: offset)
                height = 1
            }
            var entries: [PropertyListEntry] = []
            entries.reserveCapacity(count)
            for position in 0..<count {
                let place = start + (count + position) * trailer.referenceSize
                let child = try object(try reference(at: place), depth: depth + 1, referencedAt: place)
                entries.append(PropertyListEntry(key: keys[position], value: child.value))
                expanded = try add(expanded, child.expandedCount, at: offset)
                height = max(height, child.height + 1)
            }
            return Decoded(value: .dictionary(entries), expandedCount: expanded, height: height)
        default:
            throw Self.error(.plist(.binaryUnknownMarker), "marker 0x\(Self.hex(marker)) is not an object", at: offset)
        }
    }

    // MARK: Scalars

    private func integer(at start: Int, size: Int, marker: Int) throws -> Int128 {
        switch size {
        case 1, 2, 4:
            return Int128(unsigned(at: start, size: size))
        case 8:
            return Int128(Int64(bitPattern: unsigned(at: start, size: 8)))
        default:
            let high = Int64(bitPattern: unsigned(at: start, size: 8))
            let low = unsigned(at: start + 8, size: 8)
            // A 16-byte integer is two's complement; the model holds −2^63 … 2^64 − 1.
            if high == 0 { return Int128(low) }
            if high == -1, low >= UInt64(1) << 63 { return Int128(Int64(bitPattern: low)) }
            throw Self.error(
                .plist(.binaryIntegerOutOfRange),
                "the 16-byte integer is outside −2^63 … 2^64 − 1, the range of a property-list integer",
                at: marker)
        }
    }

    private func asciiString(from start: Int, count: Int) throws -> String {
        try bytes.withUnsafeBufferPointer { buffer in
            let text = UnsafeBufferPointer(rebasing: buffer[start..<start + count])
            if let position = text.firstIndex(where: { $0 >= 0x80 }) {
                throw Self.error(
                    .plist(.binaryInvalidASCII), "the ASCII string holds the byte 0x\(Self.hex(text[position]))",
                    at: start + position)
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Big-endian UTF-16 transcoded straight into the string's UTF-8 storage (at most 3 bytes per code unit).
    private func utf16String(from start: Int, count: Int) throws -> String {
        guard count > 0 else { return "" }
        return try String(unsafeUninitializedCapacity: 3 * count) { output in
            var written = 0
            var position = start
            let end = start + 2 * count
            while position < end {
                let unit = UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
                let value: UInt32
                if unit < 0x80 {
                    output[written] = UInt8(truncatingIfNeeded: unit)
                    written += 1
                    position += 2
                    continue
                } else if UTF16.isLeadSurrogate(unit) {
                    guard position + 2 < end else { throw loneSurrogate(unit, at: position) }
                    let next = UInt16(bytes[position + 2]) << 8 | UInt16(bytes[position + 3])
                    guard UTF16.isTrailSurrogate(next) else { throw loneSurrogate(unit, at: position) }
                    value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(next - 0xDC00)
                    position += 4
                } else {
                    guard !UTF16.isTrailSurrogate(unit) else { throw loneSurrogate(unit, at: position) }
                    value = UInt32(unit)
                    position += 2
                }
                if value < 0x800 {
                    output[written] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
                    output[written + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                    written += 2
                } else if value < 0x10000 {
                    output[written] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
                    output[written + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                    output[written + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                    written += 3
                } else {
                    output[written] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
                    output[written + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
                    output[written + 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                    output[written + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                    written += 4
                }
            }
            return written
        }
    }

    private func loneSurrogate(_ unit: UInt16, at position: Int) -> CodecError {
        Self.error(
            .plist(.binaryInvalidUTF16), "the UTF-16 string holds the unpaired surrogate 0x\(String(unit, radix: 16))",
            at: position)
    }

    // MARK: Counts, references and bounds

    /// The count of a data, string or container object and where its contents start.
    private func count(_ low: Int, at offset: Int, kind: String) throws -> (count: Int, start: Int) {
        guard low == 0x0F else { return (low, offset + 1) }
        try need(1, after: offset, for: kind)
        let countMarker = bytes[offset + 1]
        guard countMarker >> 4 == 0x1, countMarker & 0x0F <= 3 else {
            throw Self.error(
                .plist(.binaryBadCount),
                "the \(kind) at byte \(offset) has no integer of 1 to 8 bytes for its count (found marker "
                    + "0x\(Self.hex(countMarker)))",
                at: offset + 1)
        }
        let size = 1 << Int(countMarker & 0x0F)
        try need(1 + size, after: offset, for: kind)
        let value = unsigned(at: offset + 2, size: size)
        guard value <= UInt64(trailer.offsetTableOffset) else { throw truncated(kind, at: offset, declared: value) }
        return (Int(value), offset + 2 + size)
    }

    private func need(_ count: Int, after offset: Int, for kind: String) throws {
        try need(count, from: offset + 1, for: kind, at: offset)
    }

    private func need(_ count: Int, from start: Int, for kind: String, at offset: Int) throws {
        guard count <= trailer.offsetTableOffset - start else {
            throw truncated(kind, at: offset, declared: UInt64(count))
        }
    }

    private func needReferences(_ count: Int, from start: Int, for kind: String, at offset: Int) throws {
        guard count <= (trailer.offsetTableOffset - start) / trailer.referenceSize else {
            throw truncated(kind, at: offset, declared: UInt64(count))
        }
    }

    private func truncated(_ kind: String, at offset: Int, declared: UInt64? = nil) -> CodecError {
        let what = declared.map { " declares \($0) elements or bytes, which" } ?? ""
        return Self.error(
            .plist(.binaryTruncatedObject),
            "the \(kind) at byte \(offset)\(what) runs past the end of the object table (byte "
                + "\(trailer.offsetTableOffset))",
            at: offset)
    }

    private func reference(at position: Int) throws -> Int {
        let value = unsigned(at: position, size: trailer.referenceSize)
        guard value < UInt64(trailer.objectCount) else {
            throw Self.error(
                .plist(.binaryReferenceOutOfRange),
                "object reference \(value) is past the end of the object table (\(trailer.objectCount) objects)",
                at: position)
        }
        return Int(value)
    }

    private func add(_ total: Int, _ more: Int, at offset: Int) throws -> Int {
        let sum = total + more
        guard sum <= limits.maximumExpandedCount else {
            throw Self.error(
                .plist(.binaryTooLarge),
                "the value would hold more than \(limits.maximumExpandedCount) objects once its shared objects are "
                    + "expanded (the reader's limit)",
                at: offset)
        }
        return sum
    }

    /// A big-endian unsigned integer of `size` bytes (any size up to 8, as CF reads odd sizes); the caller checked the
    /// bounds.
    private func unsigned(at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for position in start..<start + size { value = value << 8 | UInt64(bytes[position]) }
        return value
    }

    /// Dictionaries of up to this many keys are checked for duplicates by comparing each key with the
    /// ones before it, which costs less than hashing for the few keys most dictionaries have.
    static let largestLinearlyCheckedDictionary = 12

    /// A key that hashes and compares by its UTF-8 bytes (a `String` compares by canonical equivalence).
    struct ExactKey: Hashable {
        let text: String

        static func == (left: ExactKey, right: ExactKey) -> Bool {
            left.text.utf8.count == right.text.utf8.count && left.text.utf8.elementsEqual(right.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    static func hex(_ byte: UInt8) -> String {
        (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
    }

    static func error(_ code: CodecError.Code, _ message: String, at offset: Int) -> CodecError {
        CodecError(code: code, message: message, location: .byte(offset))
    }
}
