import Comparison
import Foundation
import TestSupport
import Testing

@Suite struct TextComparatorTests {
    private func compare(_ expected: String, _ actual: String, normalisations: [TextNormalisation] = []) -> Difference?
    {
        TextComparator(normalisations: normalisations).compare(expected: Data(expected.utf8), actual: Data(actual.utf8))
    }

    /// One row per named cause: a pair that differs only by it, and the same pair with a word changed too.
    static let causes: [(cause: String, expected: String, actual: String, expectedTrait: String, actualTrait: String)] =
        [
            ("text.line-endings-only", "one\r\ntwo\r\n", "one\ntwo\n", "CRLF", "LF"),
            ("text.line-endings-only", "one\rtwo\r", "one\r\ntwo\n", "CR", "mixed line endings"),
            ("text.bom-only", "\u{FEFF}one\ntwo\n", "one\ntwo\n", "a byte-order mark", "no byte-order mark"),
            (
                "text.trailing-newline-only", "one\ntwo\n", "one\ntwo", "1 line break at the end",
                "no line break at the end"
            ),
            (
                "text.trailing-newline-only", "one\ntwo\n", "one\ntwo\n\n\n", "1 line break at the end",
                "3 line breaks at the end"
            ),
            ("text.trailing-whitespace-only", "one\ntwo\n", "one  \ntwo\t\n", "0 trailing blanks", "3 trailing blanks"),
            ("text.unicode-normalisation-only", "caf\u{E9}\nna\u{EF}ve\n", "cafe\u{301}\nnai\u{308}ve\n", "NFC", "NFD"),
        ]

    @Test(arguments: 0..<causes.count)
    func namesACauseThatFullyExplainsTheDifference(index: Int) throws {
        let row = Self.causes[index]
        let difference = try #require(compare(row.expected, row.actual))
        #expect(difference.kind == .text)
        #expect(difference.cause == row.cause)
        #expect(difference.expected == row.expectedTrait)
        #expect(difference.actual == row.actualTrait)
    }

    @Test(arguments: 0..<causes.count)
    func namesNoCauseWhenSomethingElseDiffersToo(index: Int) throws {
        let row = Self.causes[index]
        let changed = "X" + row.actual
        let difference = try #require(compare(row.expected, changed))
        #expect(difference.cause == nil, "\(row.cause) must not explain a changed word")
        #expect(difference.summary.hasPrefix("the texts differ from line"))
    }

    @Test(arguments: 0..<causes.count)
    func aRequestedNormalisationRemovesItsDifference(index: Int) throws {
        let row = Self.causes[index]
        let normalisation: TextNormalisation =
            switch row.cause {
            case "text.line-endings-only": .lineEndings
            case "text.bom-only": .byteOrderMark
            case "text.trailing-newline-only": .trailingNewline
            case "text.trailing-whitespace-only": .trailingWhitespace
            default: .unicodeNormalisation
            }
        #expect(compare(row.expected, row.actual, normalisations: [normalisation]) == nil)
        // Every other normalisation leaves it a difference.
        let others = TextNormalisation.allCases.filter { $0 != normalisation }
        #expect(compare(row.expected, row.actual, normalisations: others)?.cause == row.cause)
    }

    @Test func swiftStringEqualityIsNotUsed() throws {
        // Swift calls these equal; the comparator must not.
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(compare("caf\u{E9}", "cafe\u{301}")?.cause == "text.unicode-normalisation-only")
    }

    @Test func reportsTheFirstDifferingLineAndColumnInScalars() throws {
        let difference = try #require(compare("alpha\nbéta gamma\ndelta\n", "alpha\nbéta gamna\ndelta\n"))
        #expect(difference.location == "line 2, column 9")
        #expect(difference.expected == "\"béta gamma\\n\"")
        #expect(difference.actual == "\"béta gamna\\n\"")
        let crlf = try #require(compare("a\r\nb\r\nc", "a\r\nb\r\nd"))
        #expect(crlf.location == "line 3, column 1")
        let cr = try #require(compare("a\rb\rc", "a\rb\rd"))
        #expect(cr.location == "line 3, column 1")
    }

    @Test func lineEndingsOnlyPointsAtTheFirstChangedEnding() throws {
        let difference = try #require(compare("a\nb\r\nc\n", "a\nb\nc\n"))
        #expect(difference.cause == "text.line-endings-only")
        #expect(difference.location == "line 2, column 2")
        #expect(difference.expected == "mixed line endings")
        #expect(difference.actual == "LF")
    }

    @Test func twoCausesTogetherAreNotNamedAsEither() throws {
        let difference = try #require(compare("\u{FEFF}a\r\nb\r\n", "a\nb\n"))
        #expect(difference.cause == nil)
        #expect(
            compare("\u{FEFF}a\r\nb\r\n", "a\nb\n", normalisations: [.byteOrderMark])?.cause == "text.line-endings-only"
        )
        #expect(compare("\u{FEFF}a\r\nb\r\n", "a\nb\n", normalisations: [.byteOrderMark, .lineEndings]) == nil)
    }

    @Test func equalTextsHaveNoDifference() {
        #expect(compare("same\n", "same\n") == nil)
    }
}

@Suite struct TextEncodingTests {
    /// `text` encoded by Python's `codecs`, the independent oracle for the legacy tables.
    private func pythonEncode(_ text: String, _ encoding: String) throws -> Data {
        let hex = try PythonOracle.run(
            "import sys\nprint(sys.stdin.buffer.read().decode('utf-8').encode('\(encoding)').hex())",
            input: Data(text.utf8)
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(try #require(UInt8(hex[index..<next], radix: 16)))
            index = next
        }
        return Data(bytes)
    }

    static let encodings: [(python: String, name: String, text: String)] = [
        ("utf-16", "UTF-16LE with BOM", "Grüße, 世界 😀\r\nline two\n"),
        ("utf-16-be", "UTF-16BE with BOM", "Grüße, 世界 😀\nline two\n"),
        ("cp1252", "Windows-1252", "€ café – “quoted” Œuvre ™ ž\n"),
        ("latin-1", "ISO-8859-1", "café naïve ßü ÿ\n"),
    ]

    @Test(arguments: 0..<encodings.count)
    func namesEncodingOnlyWhenTheTextIsTheSame(index: Int) throws {
        let row = Self.encodings[index]
        var encoded = try pythonEncode(row.text, row.python)
        if row.python == "utf-16-be" { encoded = Data([0xFE, 0xFF]) + encoded }
        let difference = try #require(TextComparator().compare(expected: Data(row.text.utf8), actual: encoded))
        #expect(difference.cause == "text.encoding-only")
        #expect(difference.expected == "UTF-8")
        #expect(difference.actual == row.name)
    }

    @Test(arguments: 0..<encodings.count)
    func namesNoEncodingCauseWhenTheTextDiffersToo(index: Int) throws {
        let row = Self.encodings[index]
        var encoded = try pythonEncode(row.text + "x", row.python)
        if row.python == "utf-16-be" { encoded = Data([0xFE, 0xFF]) + encoded }
        let difference = try #require(TextComparator().compare(expected: Data(row.text.utf8), actual: encoded))
        #expect(difference.cause == nil)
        #expect(difference.summary.contains("the actual side is not valid UTF-8 at byte"))
        #expect(difference.summary.hasSuffix("so the sides were compared as bytes"))
        #expect(difference.children.first?.kind == .bytes)
    }

    @Test func windows1252TableAgreesWithPython() throws {
        // Every byte Python's cp1252 defines, decoded by Python and by the comparator, must be the same text.
        let definedHigh = (0x80...0xFF).filter { ![0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0) }
        let bytes = Data((0x20...0x7E).map(UInt8.init) + definedHigh.map(UInt8.init))
        let decoded = try PythonOracle.run(
            "import sys\nsys.stdout.buffer.write(sys.stdin.buffer.read().decode('cp1252').encode('utf-8'))",
            input: bytes)
        let difference = try #require(TextComparator().compare(expected: Data(decoded.utf8), actual: bytes))
        #expect(difference.cause == "text.encoding-only")
        #expect(difference.actual == "Windows-1252")
    }

    @Test func encodingOnlyRespectsTheRulesNormalisations() throws {
        let utf16 = try pythonEncode("a\r\nb\r\n", "utf-16")
        #expect(TextComparator().compare(expected: Data("a\nb\n".utf8), actual: utf16)?.cause == nil)
        let explained = TextComparator(normalisations: [.lineEndings]).compare(
            expected: Data("a\nb\n".utf8), actual: utf16)
        #expect(explained?.cause == "text.encoding-only")
    }
}
