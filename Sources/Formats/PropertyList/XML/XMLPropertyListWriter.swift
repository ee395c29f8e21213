import DocumentCodecs
import Foundation
import SystemSeam

/// Lays a value out as Apple's XML writers do (`_CFAppendXML0` and swift-foundation's `PropertyListEncoder`).
///
/// Everything is appended as bytes to one buffer: no `String` is built for a number, a date or
/// base64, and strings are copied in runs between the characters that need escaping. The key
/// path an error names is assembled while the error unwinds, so a value that writes costs nothing for it.
struct XMLPropertyListWriter {
    /// One step of the key path named in a writing error.
    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// A refusal on its way up to `writeDocument`, gathering the key path (innermost first) as it passes each
    /// container.
    private struct Failure: Error {
        let code: CodecError.Code
        let message: String
        var reversedPath: [PathComponent] = []
    }

    /// Values nested deeper than this are refused (`plist.xml.too-deep`): the writer recurses once per level, and no
    /// reader of ours goes past 512 by default.
    static let maximumDepth = 2_048

    let options: XMLPropertyList.WritingOptions
    private(set) var bytes: [UInt8] = []
    private var tabs: [UInt8] = Array(repeating: UInt8(ascii: "\t"), count: 16)
    /// Reused by every `<data>` element for its base64 before it is cut into lines.
    private var base64: [UInt8] = []

    init(options: XMLPropertyList.WritingOptions) {
        self.options = options
    }

    static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    mutating func writeDocument(_ value: PropertyListValue) throws {
        bytes.reserveCapacity(1_024)
        bytes.append(contentsOf: Self.header)
        do {
            try write(value, depth: 0)
        } catch let failure as Failure {
            var keyPath = "root"
            for component in failure.reversedPath.reversed() {
                switch component {
                case .key(let key): keyPath += KeyPathWriter.component(key: key)
                case .index(let index): keyPath += KeyPathWriter.component(index: index)
                }
            }
            throw CodecError(code: failure.code, message: failure.message, location: .keyPath(keyPath))
        }
        append("</plist>\n")
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func indent(_ depth: Int) {
        // Deep values write depth² tabs in all, so they are copied in blocks, not appended one by one.
        while tabs.count < depth { tabs.append(contentsOf: tabs.isEmpty ? [UInt8(ascii: "\t")] : tabs) }
        bytes.append(contentsOf: tabs[..<depth])
    }

    private mutating func write(_ value: PropertyListValue, depth: Int) throws {
        guard depth <= Self.maximumDepth else {
            throw Failure(
                code: .plist(.xmlTooDeep), message: "the value is nested more than \(Self.maximumDepth) levels deep")
        }
        indent(depth)
        switch value {
        case .string(let string):
            append("<string>")
            try appendEscaped(string)
            append("</string>\n")
        case .array(let elements):
            guard !elements.isEmpty else { return append("<array/>\n") }
            append("<array>\n")
            for index in elements.indices {
                do {
                    try write(elements[index], depth: depth + 1)
                } catch var failure as Failure {
                    failure.reversedPath.append(.index(index))
                    throw failure
                }
            }
            indent(depth)
            append("</array>\n")
        case .dictionary(let entries):
            guard !entries.isEmpty else { return append("<dict/>\n") }
            append("<dict>\n")
            if let order = order(of: entries) {
                for index in order { try write(entries[index], depth: depth) }
            } else {
                for entry in entries { try write(entry, depth: depth) }
            }
            indent(depth)
            append("</dict>\n")
        case .data(let data):
            append("<data>\n")
            appendBase64(data, depth: depth)
            indent(depth)
            append("</data>\n")
        case .date(let seconds):
            append("<date>")
            try appendDate(seconds)
            append("</date>\n")
        case .real(let real):
            append("<real>")
            appendReal(real)
            append("</real>\n")
        case .integer(let integer):
            append("<integer>")
            appendInteger(integer)
            append("</integer>\n")
        case .boolean(let boolean):
            if boolean { append("<true/>\n") } else { append("<false/>\n") }
        case .uid(let uid):
            // CoreFoundation writes a keyed archiver's UID as the one-entry dictionary it reads back as a UID.
            append("<dict>\n")
            indent(depth + 1)
            append("<key>CF$UID</key>\n")
            indent(depth + 1)
            append("<integer>")
            appendDecimal(UInt64(uid))
            append("</integer>\n")
            indent(depth)
            append("</dict>\n")
        }
    }

    /// One entry of a dictionary at `depth`: its key, then its value one level deeper.
    private mutating func write(_ entry: PropertyListEntry, depth: Int) throws {
        do {
            indent(depth + 1)
            append("<key>")
            try appendEscaped(entry.key)
            append("</key>\n")
            try write(entry.value, depth: depth + 1)
        } catch var failure as Failure {
            failure.reversedPath.append(.key(entry.key))
            throw failure
        }
    }

    /// The order in which to write the entries, as indices; nil for their own order.
    private func order(of entries: [PropertyListEntry]) -> [Int]? {
        switch (options.keyOrder, options.style) {
        case (.preserved, _):
            return nil
        case (.sortedAsStyle, .coreFoundation):
            // CFStringCompare without options compares UTF-16 code units. Most keys differ in their
            // first eight bytes, so those are compared as one number and only ties look further.
            var keyed = entries.indices.map { (prefix: Self.utf16OrderPrefix(entries[$0].key), index: $0) }
            keyed.sort { left, right in
                if left.prefix != right.prefix { return left.prefix < right.prefix }
                return Self.precedesInUTF16Order(entries[left.index].key, entries[right.index].key)
            }
            return keyed.map(\.index)
        case (.sortedAsStyle, .propertyListEncoder):
            return entries.indices.sorted { entries[$0].key < entries[$1].key }
        }
    }

    /// The first eight bytes of `key` in UTF-16 order (see ``utf16OrderByte(_:)``), big-endian, zero-padded.
    ///
    /// Keys whose prefixes differ sort as their prefixes do; equal prefixes (a shared start, or a
    /// key that ends in NUL bytes) leave the order to the full comparison.
    static func utf16OrderPrefix(_ key: String) -> UInt64 {
        var prefix: UInt64 = 0
        var count = 0
        for byte in key.utf8 {
            prefix = prefix << 8 | UInt64(utf16OrderByte(byte))
            count += 1
            if count == 8 { return prefix }
        }
        return count == 0 ? 0 : prefix << (8 * UInt64(8 - count))
    }

    /// A UTF-8 byte renumbered so that bytes compare as UTF-16 code units do.
    ///
    /// UTF-8 bytes sort as Unicode scalars do, and so do UTF-16 code units, with one exception: the
    /// supplementary planes (lead bytes F0…F4) are surrogates D800…DFFF in UTF-16, below
    /// U+E000…U+FFFF (lead bytes EE and EF). Moving F0…F4 down to EE…F2 and EE, EF up to F3, F4
    /// fixes that; continuation bytes (80…BF) and the other lead bytes keep their values. Bytes before
    /// the first difference of two keys are equal, so the two differing bytes are both lead bytes or
    /// both continuation bytes, and a renumbered lead byte never meets a continuation byte.
    static func utf16OrderByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0xEE, 0xEF: byte + 5
        case 0xF0...0xF4: byte - 2
        default: byte
        }
    }

    /// Whether `left` sorts before `right` by UTF-16 code units, decided on their UTF-8 bytes without transcoding.
    static func precedesInUTF16Order(_ left: String, _ right: String) -> Bool {
        var left = left, right = right
        return left.withUTF8 { leftBytes in right.withUTF8 { rightBytes in precedesInUTF16Order(leftBytes, rightBytes) }
        }
    }

    /// Whether the UTF-8 bytes `left` sort before `right` by UTF-16 code units (see ``utf16OrderByte(_:)``).
    static func precedesInUTF16Order(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        var index = 0
        while index < common {
            let leftByte = left[index], rightByte = right[index]
            if leftByte != rightByte { return utf16OrderByte(leftByte) < utf16OrderByte(rightByte) }
            index += 1
        }
        return left.count < right.count
    }

    /// Escapes `&`, `<` and `>` only, by `XMLEscaper`'s property-list rule; refuses the C0 controls XML cannot carry.
    private mutating func appendEscaped(_ string: String) throws {
        var string = string
        try string.withUTF8 { try appendEscaped($0) }
    }

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) throws {
        do {
            try XMLEscaper.appendPropertyListText(utf8: text, to: &bytes)
        } catch {
            let byte = error.value
            let hex = (byte < 0x10 ? "U+000" : "U+00") + String(byte, radix: 16, uppercase: true)
            throw Failure(
                code: .plist(.xmlInvalidCharacter),
                message: "the string holds the control character \(hex), which XML cannot carry")
        }
    }

    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Base64 in lines of 76 columns, each indentation tab counting 8, indentation capped at 8 tabs (CF's rule).
    private mutating func appendBase64(_ data: Data, depth: Int) {
        let encodedCount = (data.count + 2) / 3 * 4
        base64.removeAll(keepingCapacity: true)
        base64.append(contentsOf: repeatElement(0, count: encodedCount))
        data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            Self.base64Alphabet.withUnsafeBufferPointer { alphabet in
                base64.withUnsafeMutableBufferPointer { output in
                    var index = 0, position = 0
                    while index + 3 <= input.count {
                        let group =
                            UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                        output[position] = alphabet[Int(group >> 18)]
                        output[position + 1] = alphabet[Int(group >> 12 & 0x3F)]
                        output[position + 2] = alphabet[Int(group >> 6 & 0x3F)]
                        output[position + 3] = alphabet[Int(group & 0x3F)]
                        index += 3
                        position += 4
                    }
                    let remaining = input.count - index
                    if remaining > 0 {
                        let second = remaining == 2 ? UInt32(input[index + 1]) : 0
                        let group = UInt32(input[index]) << 16 | second << 8
                        output[position] = alphabet[Int(group >> 18)]
                        output[position + 1] = alphabet[Int(group >> 12 & 0x3F)]
                        output[position + 2] = remaining == 2 ? alphabet[Int(group >> 6 & 0x3F)] : UInt8(ascii: "=")
                        output[position + 3] = UInt8(ascii: "=")
                    }
                }
            }
        }
        let indentation = min(depth, 8)
        let lineLength = 76 - 8 * indentation
        var start = 0
        while start < encodedCount {
            let end = min(start + lineLength, encodedCount)
            indent(indentation)
            bytes.append(contentsOf: base64[start..<end])
            bytes.append(0x0A)
            start = end
        }
    }

    private mutating func appendDate(_ seconds: Double) throws {
        guard seconds.isFinite else {
            throw Failure(
                code: .plist(.xmlDateOutOfRange),
                message: "the date \(seconds) seconds after 2001-01-01 is not a point in time")
        }
        let whole = seconds.rounded(.down)
        guard whole >= Double(XMLPropertyListDate.earliestSeconds), whole <= Double(XMLPropertyListDate.latestSeconds)
        else {
            throw Failure(
                code: .plist(.xmlDateOutOfRange),
                message:
                    "the date \(seconds) seconds after 2001-01-01 falls outside the years 1 through 9999 the XML "
                    + "form can write"
            )
        }
        guard whole == seconds || options.truncatesFractionalSeconds else {
            throw Failure(
                code: .plist(.xmlDateNotWholeSeconds),
                message:
                    "the date \(seconds) seconds after 2001-01-01 has a fractional second, which the XML form "
                    + "cannot hold; ask for truncation to write it"
            )
        }
        let date = XMLPropertyListDate.components(of: Int64(whole))
        // YYYY-MM-DDTHH:MM:SSZ, 20 bytes, each field zero-padded (the year is 1…9999).
        var text: (UInt64, UInt64, UInt32) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { field in
            func put(_ number: Int64, at start: Int, width: Int) {
                var rest = number.magnitude
                for place in stride(from: start + width - 1, through: start, by: -1) {
                    field[place] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            put(date.year, at: 0, width: 4)
            field[4] = UInt8(ascii: "-")
            put(date.month, at: 5, width: 2)
            field[7] = UInt8(ascii: "-")
            put(date.day, at: 8, width: 2)
            field[10] = UInt8(ascii: "T")
            put(date.hour, at: 11, width: 2)
            field[13] = UInt8(ascii: ":")
            put(date.minute, at: 14, width: 2)
            field[16] = UInt8(ascii: ":")
            put(date.second, at: 17, width: 2)
            field[19] = UInt8(ascii: "Z")
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[0..<20]))
        }
    }

    /// The decimal digits of `number`.
    private mutating func appendDecimal(_ number: UInt64) {
        // 2^64 − 1 has 20 digits; they are written from the end of a 24-byte buffer.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            var rest = number
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    private mutating func appendInteger(_ integer: Int128) {
        // The model's integers are −2^63 … 2^64 − 1, so the magnitude always fits 64 bits.
        guard let magnitude = UInt64(exactly: integer.magnitude) else {
            return bytes.append(contentsOf: integer.description.utf8)
        }
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(magnitude)
    }

    private mutating func appendReal(_ real: Double) {
        guard options.style == .coreFoundation, real.isFinite, real != 0 else {
            return bytes.append(contentsOf: realText(real).utf8)
        }
        DecimalFormatting.appendSeventeenSignificantDigits(of: real, to: &bytes)
    }

    /// The text of a real as the style's writer prints it.
    func realText(_ real: Double) -> String {
        if real.isInfinite { return real > 0 ? "+infinity" : "-infinity" }
        switch options.style {
        case .coreFoundation:
            if real.isNaN { return "nan" }
            if real == 0 { return "0.0" }
            var text: [UInt8] = []
            DecimalFormatting.appendSeventeenSignificantDigits(of: real, to: &text)
            return String(decoding: text, as: UTF8.self)
        case .propertyListEncoder:
            var text = real.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return text
        }
    }
}
