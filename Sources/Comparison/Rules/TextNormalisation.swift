/// A named change applied to both texts before a text comparison, so that a difference it removes is no difference.
///
/// Manifests store the `rawValue`, which never changes. Normalisations apply in the order of `allCases`
/// whatever order a rule lists them in, so a rule's meaning does not depend on how it was written.
public enum TextNormalisation: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    /// Drops a UTF-8 byte-order mark (U+FEFF) at the start.
    case byteOrderMark = "byte-order-mark"
    /// Turns CRLF and CR line endings into LF.
    case lineEndings = "line-endings"
    /// Drops spaces and tabs before each line break and at the end of the text.
    case trailingWhitespace = "trailing-whitespace"
    /// Drops every line break at the very end of the text.
    case trailingNewline = "trailing-newline"
    /// Puts the text into Unicode normalisation form C, so canonically equivalent texts compare equal.
    case unicodeNormalisation = "unicode-normalisation"

    public static func < (left: TextNormalisation, right: TextNormalisation) -> Bool {
        allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
    }
}
