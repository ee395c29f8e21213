import DocumentPlatform
import Formats
import Foundation

/// Compares two texts and names the cause of a difference when one fully explains it.
///
/// Both sides are decoded as strict UTF-8 and compared scalar by scalar (Swift's `String ==` would call
/// canonically equivalent texts equal, hiding a normalisation change). The rule's normalisations are
/// applied to both sides first, so a difference they remove is no difference. Otherwise the comparator
/// tries each remaining normalisation alone and names the first that makes the texts equal:
/// byte-order mark, line endings, trailing newline, trailing whitespace, Unicode normalisation — in that
/// order, so `abc\r\n` against `abc\n` is a line-ending change, not a trailing-newline one. When a side is
/// not UTF-8, it names `text.encoding-only` if the two sides are the same text in two encodings, and
/// otherwise falls back to a byte comparison and says so. Lines and columns are 1-based, columns count
/// Unicode scalars, and both are counted in the texts as compared (after the rule's normalisations).
public struct TextComparator: Sendable {
    /// The normalisations applied to both sides before comparing.
    public var normalisations: [TextNormalisation]

    public init(normalisations: [TextNormalisation] = []) {
        self.normalisations = normalisations
    }

    /// The difference between two encoded texts, or nil when they are equal after the normalisations.
    public func compare(expected: Data, actual: Data) -> Difference? {
        if expected == actual { return nil }
        switch (TextDecoding.utf8Scalars(expected), TextDecoding.utf8Scalars(actual)) {
        case (.success(let expectedScalars), .success(let actualScalars)):
            return compare(expectedScalars: expectedScalars, actualScalars: actualScalars)
        case (let expectedResult, let actualResult):
            if let explained = explainEncoding(expected: expected, actual: actual) { return explained }
            var problems: [String] = []
            if case .failure(let invalid) = expectedResult {
                problems.append("the expected side is not valid UTF-8 at \(ByteOffset.describe(invalid.offset))")
            }
            if case .failure(let invalid) = actualResult {
                problems.append("the actual side is not valid UTF-8 at \(ByteOffset.describe(invalid.offset))")
            }
            let bytes = ByteComparator().compare(expected: expected, actual: actual)
            return Difference(
                kind: .text, location: bytes?.location ?? "",
                summary: problems.joined(separator: " and ") + ", so the sides were compared as bytes",
                children: bytes.map { [$0] } ?? [])
        }
    }

    /// The difference between two texts, or nil when they are equal scalar for scalar after the normalisations.
    public func compare(expected: String, actual: String) -> Difference? {
        compare(expectedScalars: Array(expected.unicodeScalars), actualScalars: Array(actual.unicodeScalars))
    }

    private func compare(expectedScalars: [Unicode.Scalar], actualScalars: [Unicode.Scalar]) -> Difference? {
        let expected = TextNormalisation.apply(normalisations, to: expectedScalars)
        let actual = TextNormalisation.apply(normalisations, to: actualScalars)
        guard let position = TextPosition.firstDifference(expected, actual) else { return nil }
        let location = "line \(position.line), column \(position.column)"
        let candidates = Self.differBeyondEveryNormalisation(expected, actual) ? [] : TextNormalisation.allCases
        for candidate in candidates where !normalisations.contains(candidate) {
            // A normalisation that leaves both texts as they are cannot make these two, which differ, equal.
            guard candidate.mayChange(expected) || candidate.mayChange(actual) else { continue }
            guard candidate.apply(to: expected) == candidate.apply(to: actual) else { continue }
            let (cause, expectedTrait, actualTrait, what) = Self.describe(candidate, expected: expected, actual: actual)
            return Difference(
                kind: .text, location: location,
                summary: "only \(what): expected \(expectedTrait), actual \(actualTrait)",
                cause: cause, expected: expectedTrait, actual: actualTrait)
        }
        return Difference(
            kind: .text, location: location, summary: "the texts differ from \(location)",
            expected: TextPosition.excerpt(expected, line: position.expectedLineStart, column: position.column),
            actual: TextPosition.excerpt(actual, line: position.actualLineStart, column: position.column))
    }

    /// Whether no normalisation can make the two texts equal, told in one pass without a copy.
    ///
    /// On ASCII texts (which hold no byte-order mark), every normalisation keeps the scalars other than
    /// line breaks, spaces and tabs, in order (Unicode normalisation changes nothing in ASCII). Two texts whose such
    /// scalars differ stay different under any of them, as a changed letter in a differing file does.
    /// False (try each normalisation) when either text goes beyond ASCII or those scalars are the same.
    static func differBeyondEveryNormalisation(_ expected: [Unicode.Scalar], _ actual: [Unicode.Scalar]) -> Bool {
        func isKept(_ scalar: Unicode.Scalar) -> Bool {
            scalar != "\n" && scalar != "\r" && scalar != " " && scalar != "\t"
        }
        guard expected.allSatisfy(\.isASCII) && actual.allSatisfy(\.isASCII) else { return false }
        return !expected.lazy.filter(isKept).elementsEqual(actual.lazy.filter(isKept))
    }

    private func explainEncoding(expected: Data, actual: Data) -> Difference? {
        for expectedReading in TextDecoding.readings(of: expected) {
            for actualReading in TextDecoding.readings(of: actual)
            where expectedReading.encoding != actualReading.encoding {
                let expectedText = TextNormalisation.apply(normalisations, to: expectedReading.scalars)
                let actualText = TextNormalisation.apply(normalisations, to: actualReading.scalars)
                guard expectedText == actualText else { continue }
                return Difference(
                    kind: .text, location: "",
                    summary:
                        "only the encoding differs: expected \(expectedReading.encoding), actual "
                        + "\(actualReading.encoding)",
                    cause: Difference.Cause.textEncodingOnly,
                    expected: expectedReading.encoding, actual: actualReading.encoding)
            }
        }
        return nil
    }

    private static func describe(
        _ normalisation: TextNormalisation, expected: [Unicode.Scalar], actual: [Unicode.Scalar]
    ) -> (cause: String, expected: String, actual: String, what: String) {
        switch normalisation {
        case .byteOrderMark:
            func mark(_ text: [Unicode.Scalar]) -> String {
                text.first == "\u{FEFF}" ? "a byte-order mark" : "no byte-order mark"
            }
            return (Difference.Cause.textByteOrderMarkOnly, mark(expected), mark(actual), "the byte-order mark differs")
        case .lineEndings:
            return (
                Difference.Cause.textLineEndingsOnly, LineEndingStyle(expected).rawValue,
                LineEndingStyle(actual).rawValue,
                "the line endings differ"
            )
        case .trailingNewline:
            func ending(_ text: [Unicode.Scalar]) -> String {
                let count = TextPosition.finalLineBreakCount(text)
                return count == 0
                    ? "no line break at the end"
                    : count == 1 ? "1 line break at the end" : "\(count) line breaks at the end"
            }
            return (
                Difference.Cause.textTrailingNewlineOnly, ending(expected), ending(actual),
                "the line breaks at the end differ"
            )
        case .trailingWhitespace:
            func blanks(_ text: [Unicode.Scalar]) -> String {
                let count = text.count - TextNormalisation.trailingWhitespace.apply(to: text).count
                return count == 1 ? "1 trailing blank" : "\(count) trailing blanks"
            }
            return (
                Difference.Cause.textTrailingWhitespaceOnly, blanks(expected), blanks(actual),
                "the blanks at the ends of lines differ"
            )
        case .unicodeNormalisation:
            func form(_ text: [Unicode.Scalar]) -> String {
                if TextNormalisation.canonicalComposition(text) == text { return "NFC" }
                if TextNormalisation.canonicalDecomposition(text) == text { return "NFD" }
                return "neither NFC nor NFD"
            }
            return (
                Difference.Cause.textUnicodeNormalisationOnly, form(expected), form(actual),
                "the Unicode normalisation forms differ"
            )
        }
    }
}

/// The line endings a text uses, as reports name them.
enum LineEndingStyle: String {
    case none = "no line endings"
    case lf = "LF"
    case crlf = "CRLF"
    case cr = "CR"
    case mixed = "mixed line endings"

    init(_ text: [Unicode.Scalar]) {
        var seen: Set<String> = []
        var index = 0
        while index < text.count {
            if text[index] == "\r" {
                if index + 1 < text.count && text[index + 1] == "\n" {
                    seen.insert("CRLF")
                    index += 1
                } else {
                    seen.insert("CR")
                }
            } else if text[index] == "\n" {
                seen.insert("LF")
            }
            index += 1
        }
        switch seen.count {
        case 0: self = .none
        case 1: self = LineEndingStyle(rawValue: seen.first ?? "") ?? .mixed
        default: self = .mixed
        }
    }
}
