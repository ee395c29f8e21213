extension Difference {
    /// The stable codes a comparator puts in `Difference.cause`; manifests and JSON reports name these, never messages.
    ///
    /// A cause is named only when it fully explains the difference of its node: a text that differs in its
    /// line endings and in one word gets no `text.line-endings-only`.
    public enum Cause {
        /// The actual bytes are a strict prefix of the expected ones (the actual side was cut short).
        public static let bytesTruncated = "bytes.truncated"
        /// The expected bytes are a strict prefix of the actual ones (the actual side has extra bytes at the end).
        public static let bytesExtended = "bytes.extended"

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

        /// An object has the same members with equal values, in a different order.
        public static let jsonKeyOrderOnly = "json.key-order-only"
        /// The members both objects share are in a different order, besides other differences in the object.
        public static let jsonKeyOrder = "json.key-order"
        /// The same number spelled differently (`1.0` and `1`, `1e2` and `100`).
        public static let jsonNumberSpelling = "json.number-spelling"
        /// Every difference of the two documents is a number spelled differently.
        public static let jsonNumberSpellingOnly = "json.number-spelling-only"
        /// A value changed type (say, from a number to a string).
        public static let jsonTypeChanged = "json.type-changed"
        /// An object member exists only on the actual side.
        public static let jsonMemberAdded = "json.member-added"
        /// An object member exists only on the expected side.
        public static let jsonMemberRemoved = "json.member-removed"
        /// An array element exists only on the actual side (the actual array is longer).
        public static let jsonElementAdded = "json.element-added"
        /// An array element exists only on the expected side (the actual array is shorter).
        public static let jsonElementRemoved = "json.element-removed"
        /// The expected side is not valid JSON.
        public static let jsonInvalidExpected = "json.invalid-expected"
        /// The actual side is not valid JSON.
        public static let jsonInvalidActual = "json.invalid-actual"

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
}
