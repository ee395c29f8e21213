import Diagnostics
import Testing

@Suite struct MarkdownEscaperTests {
    @Test func inlineTextEscapesEveryMarkupCharacterAndFoldsLineBreaks() {
        #expect(MarkdownEscaper.inline("a*b_c|d#e\n[f](g)<h>&i!~\\`") == ##"a\*b\_c\|d\#e \[f\](g)\<h\>\&i\!\~\\\`"##)
        #expect(MarkdownEscaper.inline("esc\u{1B} del\u{7F}") == "esc[U+001B] del[U+007F]")
    }

    @Test func codeSpansTurnBackticksIntoQuotes() {
        #expect(MarkdownEscaper.code("a`b\tc") == "a'b c")
    }

    @Test func fencesAreLongerThanAnyRunOfBackticksInside() {
        #expect(MarkdownEscaper.fenced("x ```` y", indent: "  ") == "  `````text\n  x ```` y\n  `````\n")
    }

    @Test func proseEscapesOnlyWhereMarkdownWouldReadSyntax() {
        #expect(MarkdownEscaper.prose("# 1. a-b & c &amp; *d*", atLineStart: true) == ##"\# 1. a-b & c \&amp; \*d\*"##)
        #expect(MarkdownEscaper.prose("12. x", atLineStart: true) == #"12\. x"#)
        #expect(MarkdownEscaper.prose("- x", atLineStart: false) == "- x")
    }

    @Test func linkDestinationsPercentEncodeWhatWouldEndThem() {
        #expect(MarkdownEscaper.linkDestination("a b(c)<d>\u{1}\u{7F}é") == "a%20b%28c%29%3Cd%3E%01%7Fé")
    }
}
