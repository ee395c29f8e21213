import DocumentCodecs

/// The XML property-list form: a strict reader and a writer with Apple's byte layout.
///
/// Apple ships two XML writers and they disagree on reals, so the writer reproduces both
/// (``Style``): CoreFoundation's (`PropertyListSerialization`, `plutil`: `%.17g` reals, keys
/// sorted by UTF-16 code unit) and swift-foundation's `PropertyListEncoder` (shortest reals, keys
/// sorted by Swift `String` order). ``readDocument(_:options:)`` reports which of the two wrote a
/// file, byte for byte, so an unchanged document is written back unchanged. What does not
/// survive a round trip exactly:
/// - a file in neither layout (hand-written, other tools, `0x10` integers…): its value reads, but
///   ``Document/style`` is nil; ``write(_:replacing:options:)`` keeps its bytes until the value changes;
/// - `-0.0` in the CoreFoundation style (CF writes `0.0`) and NaN payloads (always `nan`);
/// - dates with fractional seconds: the form has whole seconds only, so writing one throws
///   `plist.xml.date-not-whole-seconds` unless ``WritingOptions/truncatesFractionalSeconds``;
/// - key order: both Apple writers sort keys, so a dictionary's order is only kept with
///   ``WritingOptions/keyOrder`` set to ``KeyOrder/preserved``.
///
/// A one-entry `<dict>` whose key is `CF$UID` reads as a keyed-archive UID only when its value is an
/// `<integer>` from 0 through 2^32 − 1; CoreFoundation also takes a `<real>` or a larger integer and
/// squeezes it into 32 bits, which would change the value, so those stay dictionaries here.
///
/// Reading error codes (each with a line and column, or a byte offset for encoding defects):
/// `plist.xml.encoding`, `plist.xml.malformed`, `plist.xml.unterminated`, `plist.xml.dtd`,
/// `plist.xml.entity`, `plist.xml.invalid-character`, `plist.xml.missing-root`,
/// `plist.xml.unexpected-element`, `plist.xml.unexpected-attribute`, `plist.xml.unexpected-text`,
/// `plist.xml.mismatched-tag`, `plist.xml.empty`, `plist.xml.extra-content`,
/// `plist.xml.missing-key`, `plist.xml.missing-value`, `plist.xml.duplicate-key`,
/// `plist.xml.bad-integer`, `plist.xml.integer-out-of-range`, `plist.xml.bad-real`,
/// `plist.xml.bad-date`, `plist.xml.bad-data`, `plist.xml.too-deep`.
/// Writing error codes (with the key path): `plist.xml.invalid-character`,
/// `plist.xml.date-not-whole-seconds`, `plist.xml.date-out-of-range`, `plist.xml.too-deep` (over 2,048 levels).
public enum XMLPropertyList {
    /// Reads an XML property list strictly; throws a `CodecError` naming the line and column on any defect.
    public static func read(_ data: Data) throws -> PropertyListValue {
        try read(data, options: ReadingOptions())
    }

    /// Reads an XML property list with `options`; throws a `CodecError` naming the line and column on any defect.
    public static func read(_ data: Data, options: ReadingOptions) throws -> PropertyListValue {
        let text = try XMLPropertyListText.decode(data)
        var reader = XMLPropertyListReader(text: text, options: options)
        return try reader.readDocument()
    }

    /// Reads an XML property list and recognises which of Apple's writers laid it out.
    ///
    /// The style is found by writing the value back in each style and comparing bytes, so a
    /// non-nil ``Document/style`` guarantees `write(document.value, options: .init(style: style))`
    /// reproduces `data` exactly.
    public static func readDocument(_ data: Data, options: ReadingOptions = ReadingOptions()) throws -> Document {
        let value = try read(data, options: options)
        return Document(value: value, style: style(of: data, value: value))
    }

    /// The Apple writer whose output for `value` is exactly `data`, or nil when neither writes those bytes.
    public static func style(of data: Data, value: PropertyListValue) -> Style? {
        for style in Style.allCases {
            if let written = try? write(value, options: WritingOptions(style: style)), written == data {
                return style
            }
        }
        return nil
    }

    /// Writes `value` for a document that was read from `original`, keeping what can be kept.
    ///
    /// When `original` reads (with `options`) to exactly `value` (strings compared by their Unicode
    /// scalars, not by Swift's canonical equivalence), the original bytes come back unchanged, whatever
    /// their layout; otherwise `value` is written in the Apple style `original` was in, or in
    /// CoreFoundation's when it was in neither or does not read.
    public static func write(
        _ value: PropertyListValue, replacing original: Data, options: ReadingOptions = ReadingOptions()
    ) throws -> Data {
        guard let document = try? readDocument(original, options: options) else { return try write(value) }
        if exactlyEqual(document.value, value) { return original }
        return try write(value, options: WritingOptions(style: document.style ?? .coreFoundation))
    }

    /// Writes `value` in CoreFoundation's layout (tabs, keys sorted by UTF-16, `<data>` wrapped at 76 columns).
    public static func write(_ value: PropertyListValue) throws -> Data {
        try write(value, options: WritingOptions())
    }

    /// Writes `value` in the layout `options` ask for; throws for values the XML form cannot hold or nested over 2,048
    /// deep.
    public static func write(_ value: PropertyListValue, options: WritingOptions) throws -> Data {
        var writer = XMLPropertyListWriter(options: options)
        try writer.writeDocument(value)
        return Data(writer.bytes)
    }
}
