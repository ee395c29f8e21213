import DocumentCodecs

/// The old-style OpenStep (ASCII) property-list form and `.strings` files: read only.
///
/// The grammar is CoreFoundation's `CFOldStylePList.c`: `{ key = value; }` dictionaries (`key;`
/// alone means `key = key`), `( a, b, )` arrays with an optional trailing comma, `<0fbd 77>` data,
/// strings quoted with `"` or `'` or unquoted runs of `[A-Za-z0-9_$/:.-]`, `//` and `/* */`
/// comments, and the escapes `\a \b \f \n \r \t \v`, `\NNN` (up to three octal digits, through
/// the NeXTSTEP encoding) and `\Uxxxx` (up to four hex digits; surrogate pairs join). A file that
/// is only whitespace and comments is an empty dictionary; a file whose first value is a string
/// followed by more text is read again as a braceless strings file. Text is UTF-8, or UTF-16 or
/// UTF-32 announced by a byte-order mark (Apple's `.strings` files are often UTF-16), or UTF-16
/// guessed from a NUL in the first two bytes.
///
/// Stricter than CoreFoundation, on purpose (a verifier must not accept what it cannot keep):
/// text after a strings file's last entry, an unterminated `/*` comment, a lone surrogate from
/// `\U`, an octal escape naming an undefined NeXTSTEP byte (0xFE, 0xFF) and (by default) a
/// repeated key are errors. Linux `plutil` (checked by hand) ignores the text, stops at the end of
/// the file, writes U+FFFD, writes U+0000 and keeps the last value. A zero-length file is an empty
/// dictionary here, as CF's OpenStep parser treats whitespace-only text; `plutil` refuses
/// zero-length data before that parser runs.
///
/// Error codes, each with a line and column (or a byte offset for encoding defects):
/// `plist.openstep.encoding`, `plist.openstep.unexpected-character`, `plist.openstep.unexpected-end`,
/// `plist.openstep.unterminated-string`, `plist.openstep.unterminated-comment`,
/// `plist.openstep.unterminated-array`, `plist.openstep.unterminated-dictionary`,
/// `plist.openstep.unterminated-data`, `plist.openstep.missing-semicolon`,
/// `plist.openstep.missing-equals`, `plist.openstep.bad-data`, `plist.openstep.bad-escape`,
/// `plist.openstep.lone-surrogate`, `plist.openstep.duplicate-key`,
/// `plist.openstep.junk-after-value`, `plist.openstep.too-deep`; writing always throws
/// `plist.openstep.write-unsupported`.
public enum OpenStepPropertyList {
    /// How a repeated dictionary key is treated.
    public enum DuplicateKeyPolicy: String, Sendable, Hashable, CaseIterable {
        /// Refused with `plist.openstep.duplicate-key`: a silently dropped entry would be lost data.
        case reject
        /// The last value wins at the first key's position, as CoreFoundation reads it.
        case lastWins
    }

    /// Options for reading; the default is strict with CoreFoundation's depth limit.
    public struct ReadingOptions: Sendable, Hashable {
        /// The deepest nesting level accepted; as in CF, the top value is level 0 and level 513 is refused.
        /// Values above 4,096 are treated as 4,096, because the reader recurses once per level.
        public var maximumDepth: Int
        /// What a repeated dictionary key does.
        public var duplicateKeys: DuplicateKeyPolicy

        /// Strict reading with CoreFoundation's 64-bit depth limit of 512.
        public init(maximumDepth: Int = 512, duplicateKeys: DuplicateKeyPolicy = .reject) {
            self.maximumDepth = maximumDepth
            self.duplicateKeys = duplicateKeys
        }
    }

    /// Reads an OpenStep property list or strings file; throws a `CodecError` naming the line and column.
    public static func read(_ data: Data) throws -> PropertyListValue {
        try read(data, options: ReadingOptions())
    }

    /// Reads an OpenStep property list or strings file with `options`.
    public static func read(_ data: Data, options: ReadingOptions) throws -> PropertyListValue {
        let bytes = [UInt8](data)
        let utf8: [UInt8]
        if let (form, markLength) = XMLPropertyListText.sniff(bytes) {
            utf8 = try XMLPropertyListText.utf8(
                from: bytes, form: form, start: markLength, code: .plist(.openStepEncoding))
        } else {
            utf8 = try XMLPropertyListText.utf8(from: bytes, form: .utf8, start: 0, code: .plist(.openStepEncoding))
        }
        var parser = OpenStepPropertyListParser(
            units: Array(String(decoding: utf8, as: UTF8.self).utf16), options: options)
        return try parser.parseDocument()
    }

    /// Always throws `plist.openstep.write-unsupported`: Apple's tools no longer write this form.
    ///
    /// Foundation on Linux traps when asked to; write XML or binary instead.
    public static func write(_ value: PropertyListValue) throws -> Data {
        throw CodecError(
            code: .plist(.openStepWriteUnsupported),
            message: "the OpenStep form is read only, as in Apple's tools; write the property list as XML or binary")
    }
}
