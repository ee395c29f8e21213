/// The one way docmigrate escapes text for HTML: safe in element content and in quoted attribute values.
///
/// `&`, `<`, `>`, `"` and `'` become `&amp; &lt; &gt; &quot; &#39;`, so one escaped text serves in
/// content and in attributes quoted either way. Tab, LF and CR are written raw (a `pre-wrap` block
/// shows them). The other C0 controls, DEL and the C1 controls (U+007F–U+009F), and the noncharacters
/// U+FFFE and U+FFFF are forbidden in HTML documents and become the visible ``VisibleScalar`` notation
/// `[U+001B]`. U+2028 and U+2029 are ordinary characters to HTML and are written raw.
package enum HTMLEscaper {
    /// `text` escaped for HTML content or a quoted attribute value.
    package static func escape(_ text: String) -> String {
        text.escapingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\n", "\t", "\r": nil
            default: isForbidden(scalar) ? VisibleScalar.notation(scalar) : nil
            }
        }
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
