import DocumentCodecs

/// Where two texts first differ, by line and column (1-based, columns in Unicode scalars).
enum TextDifferences {
    /// How two text documents differ: their encoding, their byte-order mark, and where their text first differs.
    static func all(expected: TextDocument, actual: TextDocument) -> [SnapshotDifference] {
        var differences: [SnapshotDifference] = []
        if expected.encoding != actual.encoding {
            differences.append(
                SnapshotDifference(
                    path: "encoding", expected: expected.encoding.name, actual: actual.encoding.name,
                    summary: "the encoding differs"))
        }
        if expected.hasByteOrderMark != actual.hasByteOrderMark {
            differences.append(
                SnapshotDifference(
                    path: "byte-order mark", expected: expected.hasByteOrderMark ? "present" : "absent",
                    actual: actual.hasByteOrderMark ? "present" : "absent", summary: "the byte-order mark differs"))
        }
        if let text = first(expected: expected.text, actual: actual.text, path: "text") { differences.append(text) }
        return differences
    }

    static func first(expected: String, actual: String, path prefix: String = "") -> SnapshotDifference? {
        if expected.hasSameUTF8(as: actual) { return nil }
        var line = 1, column = 1
        var expectedScalars = expected.unicodeScalars.makeIterator()
        var actualScalars = actual.unicodeScalars.makeIterator()
        var previous: Unicode.Scalar?
        while true {
            let left = expectedScalars.next(), right = actualScalars.next()
            if left != right {
                let place = "line \(line), column \(column)"
                return SnapshotDifference(
                    path: prefix.isEmpty ? place : "\(prefix) \(place)",
                    expected: left.map { render($0) } ?? "end of text",
                    actual: right.map { render($0) } ?? "end of text",
                    summary: "the text differs")
            }
            if left == "\n" && previous != "\r" || left == "\r" {
                line += 1
                column = 1
            } else if left == "\n" {
                column = 1
            } else {
                column += 1
            }
            previous = left
        }
    }

    private static func render(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.generalCategory == .control || scalar.value == 0x20
            ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            : "'\(scalar)'"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Strict UTF-8 decoding that says where the first bad byte is.
enum StrictUTF8 {
    /// The text, or the 0-based offset of the first byte that does not belong to valid UTF-8.
    static func decode(_ bytes: some Collection<UInt8>) -> Result<String, InvalidByte> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput, .error: return .failure(InvalidByte(offset: offset))
            }
        }
    }

    struct InvalidByte: Error {
        let offset: Int
    }
}
