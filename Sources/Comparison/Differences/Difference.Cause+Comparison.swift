// The causes of the format-agnostic comparators: text rules, package trees and the semantic dispatch.
extension Difference.Cause {
    /// The texts are the same once line endings (LF, CRLF, CR) are made alike.
    public static let textLineEndingsOnly = "text.line-endings-only"
    /// The texts are the same but for a UTF-8 byte-order mark at the start of one of them.
    public static let textByteOrderMarkOnly = "text.bom-only"
    /// The texts are the same but for line breaks at the very end.
    public static let textTrailingNewlineOnly = "text.trailing-newline-only"
    /// The texts are the same but for spaces and tabs before line breaks and at the end.
    public static let textTrailingWhitespaceOnly = "text.trailing-whitespace-only"
    /// The texts are canonically equivalent: the same once both are in Unicode normalisation form C.
    public static let textUnicodeNormalisationOnly = "text.unicode-normalisation-only"
    /// The same text stored in two encodings (UTF-8, UTF-16 with a byte-order mark, Windows-1252, Latin-1).
    public static let textEncodingOnly = "text.encoding-only"

    /// A member exists only on the actual side.
    public static let packageAdded = "package.added"
    /// A member exists only on the expected side.
    public static let packageRemoved = "package.removed"
    /// A member moved to another path with identical contents (paired by SHA-256).
    public static let packageRenamed = "package.renamed"
    /// A member is a file on one side and a folder or link on the other.
    public static let packageKindChanged = "package.kind-changed"
    /// A symbolic link points somewhere else.
    public static let packageLinkChanged = "package.link-changed"
    /// A member of the expected side could not be read.
    public static let packageUnreadableExpected = "package.unreadable-expected"
    /// A member of the actual side could not be read.
    public static let packageUnreadableActual = "package.unreadable-actual"

    /// The codec could not decode the expected side.
    public static let semanticUndecodableExpected = "semantic.undecodable-expected"
    /// The codec could not decode the actual side.
    public static let semanticUndecodableActual = "semantic.undecodable-actual"
}
