import Foundation
import TestSupport
import Testing

@testable import Comparison

/// The shortcuts the text comparator takes on differing files: which normalisations can change a text.
@Suite struct TextNormalisationChangeTests {
    /// Short texts from an alphabet of exactly the scalars the normalisations look at.
    private static func texts(count: Int) -> [[Unicode.Scalar]] {
        let alphabet: [Unicode.Scalar] = ["a", "b", " ", "\t", "\n", "\r", "\u{FEFF}", "\u{E9}", "e", "\u{301}"]
        var generator = SeededGenerator(seed: 11)
        var texts: [[Unicode.Scalar]] = [[], ["\u{FEFF}"], [" "], ["\r"], ["\n"]]
        while texts.count < count {
            texts.append(
                (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? "a"
                })
        }
        return texts
    }

    /// `mayChange` is false exactly when applying leaves the text as it is (and never false when it would change it).
    @Test func mayChangeIsFalseOnlyWhereApplyingChangesNothing() {
        for text in Self.texts(count: 5_000) {
            for normalisation in TextNormalisation.allCases {
                let changes = normalisation.apply(to: text) != text
                if normalisation == .unicodeNormalisation {
                    #expect(!changes || normalisation.mayChange(text), "\(text.map(\.value)) \(normalisation)")
                } else {
                    #expect(normalisation.mayChange(text) == changes, "\(text.map(\.value)) \(normalisation)")
                }
            }
        }
    }

    /// Where the shortcut says no normalisation can make two texts equal, none does; and it says so for a changed
    /// letter.
    @Test func differingBeyondEveryNormalisationIsNeverWrong() {
        let texts = Self.texts(count: 600)
        var skipped = 0
        for expected in texts {
            for actual in texts.prefix(200) where expected != actual {
                guard TextComparator.differBeyondEveryNormalisation(expected, actual) else { continue }
                skipped += 1
                for normalisation in TextNormalisation.allCases {
                    #expect(
                        normalisation.apply(to: expected) != normalisation.apply(to: actual),
                        "\(expected.map(\.value)) \(actual.map(\.value))")
                }
            }
        }
        #expect(skipped > 1_000)
        func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }
        #expect(TextComparator.differBeyondEveryNormalisation(scalars("one two\n"), scalars("one twx\n")))
        #expect(!TextComparator.differBeyondEveryNormalisation(scalars("one two \r\n"), scalars("one two\n\n")))
        #expect(!TextComparator.differBeyondEveryNormalisation(scalars("caf\u{E9}"), scalars("cafe\u{301}")))
    }

    /// Each cause is still named when the other normalisations are skipped as unable to change either side.
    @Test func causesAreNamedWhateverTheOtherNormalisationsSkip() throws {
        let rows: [(expected: String, actual: String, cause: String?)] = [
            ("one  \ntwo", "one\ntwo", "text.trailing-whitespace-only"),
            ("one\t", "one", "text.trailing-whitespace-only"),
            ("one \t x", "one x", nil),
            ("plain\n", "plain", "text.trailing-newline-only"),
            ("a\rb", "a\nb", "text.line-endings-only"),
            ("\u{FEFF}x", "x", "text.bom-only"),
            ("abc", "abd", nil),
        ]
        for row in rows {
            let difference = try #require(
                TextComparator().compare(expected: Data(row.expected.utf8), actual: Data(row.actual.utf8)))
            #expect(difference.cause == row.cause, "\(row)")
        }
    }
}
