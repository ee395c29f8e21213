import DocumentCodecs
import Foundation

/// Lays a value out as Apple's XML writers do (`_CFAppendXML0` and swift-foundation's `PropertyListEncoder`).
struct XMLPropertyListWriter {
    /// One step of the key path named in a writing error.
    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// Values nested deeper than this are refused (`plist.xml.too-deep`): the writer recurses once per level, and no reader of ours goes past 512 by default.
    static let maximumDepth = 2_048

    let options: XMLPropertyList.WritingOptions
    private(set) var bytes: [UInt8] = []
    private var path: [PathComponent] = []
    private var tabs: [UInt8] = Array(repeating: UInt8(ascii: "\t"), count: 16)

    init(options: XMLPropertyList.WritingOptions) {
        self.options = options
    }

    static let header = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    mutating func writeDocument(_ value: PropertyListValue) throws {
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: Self.header)
        try write(value, depth: 0)
        append("</plist>\n")
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func append(string text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func indent(_ depth: Int) {
        // Deep values write depth² tabs in all, so they are copied in blocks, not appended one by one.
        while tabs.count < depth { tabs.append(contentsOf: tabs.isEmpty ? [UInt8(ascii: "\t")] : tabs) }
        bytes.append(contentsOf: tabs[..<depth])
    }

    private mutating func write(_ value: PropertyListValue, depth: Int) throws {
        guard depth <= Self.maximumDepth else {
            throw error("plist.xml.too-deep", "the value is nested more than \(Self.maximumDepth) levels deep")
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
            for (index, element) in elements.enumerated() {
                path.append(.index(index))
                try write(element, depth: depth + 1)
                path.removeLast()
            }
            indent(depth)
            append("</array>\n")
        case .dictionary(let entries):
            guard !entries.isEmpty else { return append("<dict/>\n") }
            append("<dict>\n")
            for entry in sorted(entries) {
                path.append(.key(entry.key))
                indent(depth + 1)
                append("<key>")
                try appendEscaped(entry.key)
                append("</key>\n")
                try write(entry.value, depth: depth + 1)
                path.removeLast()
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
            append(string: realText(real))
            append("</real>\n")
        case .integer(let integer):
            append("<integer>")
            append(string: integer.description)
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
            append(string: uid.description)
            append("</integer>\n")
            indent(depth)
            append("</dict>\n")
        }
    }

    private func sorted(_ entries: [PropertyListEntry]) -> [PropertyListEntry] {
        switch (options.keyOrder, options.style) {
        case (.preserved, _):
            return entries
        case (.sortedAsStyle, .coreFoundation):
            // CFStringCompare without options compares UTF-16 code units.
            return entries.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
        case (.sortedAsStyle, .propertyListEncoder):
            return entries.sorted { $0.key < $1.key }
        }
    }

    /// Escapes `&`, `<` and `>` only, as both Apple writers do; refuses the C0 controls XML cannot carry.
    private mutating func appendEscaped(_ string: String) throws {
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case 0x09, 0x0A, 0x0D: bytes.append(byte)
            case 0..<0x20:
                let hex = (byte < 0x10 ? "U+000" : "U+00") + String(byte, radix: 16, uppercase: true)
                throw error("plist.xml.invalid-character", "the string holds the control character \(hex), which XML cannot carry")
            default: bytes.append(byte)
            }
        }
    }

    /// Base64 in lines of 76 columns, each indentation tab counting 8, indentation capped at 8 tabs (CF's rule).
    private mutating func appendBase64(_ data: Data, depth: Int) {
        let indentation = min(depth, 8)
        let lineLength = 76 - 8 * indentation
        let encoded = Array(data.base64EncodedString().utf8)
        var start = 0
        while start < encoded.count {
            let end = min(start + lineLength, encoded.count)
            indent(indentation)
            bytes.append(contentsOf: encoded[start..<end])
            bytes.append(0x0A)
            start = end
        }
    }

    private mutating func appendDate(_ seconds: Double) throws {
        guard seconds.isFinite else {
            throw error("plist.xml.date-out-of-range", "the date \(seconds) seconds after 2001-01-01 is not a point in time")
        }
        let whole = seconds.rounded(.down)
        guard whole >= Double(XMLPropertyListDate.earliestSeconds), whole <= Double(XMLPropertyListDate.latestSeconds) else {
            throw error("plist.xml.date-out-of-range", "the date \(seconds) seconds after 2001-01-01 falls outside the years 1 through 9999 the XML form can write")
        }
        guard whole == seconds || options.truncatesFractionalSeconds else {
            throw error(
                "plist.xml.date-not-whole-seconds",
                "the date \(seconds) seconds after 2001-01-01 has a fractional second, which the XML form cannot hold; ask for truncation to write it")
        }
        let date = XMLPropertyListDate.components(of: Int64(whole))
        append(string: padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2) + "T"
            + padded(date.hour, 2) + ":" + padded(date.minute, 2) + ":" + padded(date.second, 2) + "Z")
    }

    private func padded(_ number: Int64, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The text of a real as the style's writer prints it.
    func realText(_ real: Double) -> String {
        if real.isInfinite { return real > 0 ? "+infinity" : "-infinity" }
        switch options.style {
        case .coreFoundation:
            if real.isNaN { return "nan" }
            if real == 0 { return "0.0" }
            return String(format: "%.17g", real)
        case .propertyListEncoder:
            var text = real.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return text
        }
    }

    private func error(_ code: String, _ message: String) -> CodecError {
        var keyPath = "root"
        for component in path {
            switch component {
            case .key(let key): keyPath += "." + key
            case .index(let index): keyPath += "[\(index)]"
            }
        }
        return CodecError(code: code, message: message, location: .keyPath(keyPath))
    }
}
